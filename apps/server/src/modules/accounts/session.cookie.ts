import type { FastifyReply, FastifyRequest } from 'fastify';

/** Name of the session cookie (also declared in the OpenAPI security scheme). */
export const SESSION_COOKIE = 'magazzino_sid';

function cookieOptions(request: FastifyRequest) {
  // request.protocol honours X-Forwarded-Proto only when TRUST_PROXY is on.
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: request.protocol === 'https' };
}

/** The raw session id sent by the client, if any. */
export function readSessionCookie(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE];
}

/**
 * Sets the session cookie: httpOnly, SameSite=Lax, Path=/, Secure over HTTPS, Max-Age = the time
 * left until the session ends if unused (`expiresAt`).
 */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  session: { id: string; expiresAt: Date },
): void {
  const left = session.expiresAt.getTime() - request.server.clock.now().getTime();
  const maxAge = Math.max(0, Math.round(left / 1000));
  reply.setCookie(SESSION_COOKIE, session.id, { ...cookieOptions(request), maxAge });
}

/** Tells the browser to forget the session cookie. */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
}
