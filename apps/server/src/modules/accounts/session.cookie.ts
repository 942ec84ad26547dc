import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/** Name of the session cookie (also declared in the OpenAPI security scheme). */
export const SESSION_COOKIE = 'magazzino_sid';

/**
 * A companion of the session cookie that the page can read: `1`, no secret, the same lifetime.
 * It only tells the web app whether a session check is worth a request: without it a visitor
 * sees the sign-in page at once, with no round trip and no 401 in the browser's console.
 */
export const SESSION_HINT_COOKIE = 'magazzino_signed_in';

function cookieOptions(request: FastifyRequest, httpOnly = true) {
  // request.protocol honours X-Forwarded-Proto only when TRUST_PROXY is on.
  return { path: '/', httpOnly, sameSite: 'lax' as const, secure: request.protocol === 'https' };
}

/** The raw session id sent by the client, if any. */
export function readSessionCookie(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE];
}

/**
 * Sets the session cookie: httpOnly, SameSite=Lax, Path=/, Secure over HTTPS, Max-Age = the time
 * left until the session ends if unused (`expiresAt`); and its readable hint, with the same age.
 */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  session: { id: string; expiresAt: Date },
): void {
  const left = session.expiresAt.getTime() - request.server.clock.now().getTime();
  const maxAge = Math.max(0, Math.round(left / 1000));
  reply.setCookie(SESSION_COOKIE, session.id, { ...cookieOptions(request), maxAge });
  reply.setCookie(SESSION_HINT_COOKIE, '1', { ...cookieOptions(request, false), maxAge });
}

/** Tells the browser to forget the session cookie and its hint. */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
  reply.clearCookie(SESSION_HINT_COOKIE, cookieOptions(request, false));
}

/**
 * An onRequest hook: a page asked with the session cookie but without its hint (a session started
 * before the hint existed, or a client that sends the session cookie alone) gets the hint back,
 * for this browser session, so the web app checks the session instead of showing the sign-in
 * page. No lookup: the check itself (GET /api/users/me) decides.
 */
export function restoreSessionHint(
  request: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  if (
    request.method === 'GET' &&
    !request.url.startsWith('/api/') &&
    !request.url.startsWith('/media/') &&
    readSessionCookie(request) !== undefined &&
    request.cookies[SESSION_HINT_COOKIE] === undefined
  ) {
    reply.setCookie(SESSION_HINT_COOKIE, '1', cookieOptions(request, false));
  }
  done();
}
