import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Name of the cookie that ties the two steps of a sign-in with two-factor sign-in: a random id
 * of the challenge (the database keeps its SHA-256), never a session.
 */
export const CHALLENGE_COOKIE = 'magazzino_2fa';

/** Sent only to the sign-in routes (POST /api/users/login and /login/two-factor). */
const COOKIE_PATH = '/api/users/login';

function cookieOptions(request: FastifyRequest) {
  return {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: request.protocol === 'https',
  };
}

/** The challenge id the browser sent, if any. */
export function readChallengeCookie(request: FastifyRequest): string | undefined {
  return request.cookies[CHALLENGE_COOKIE];
}

/** Sets the challenge cookie until `expiresAt`. */
export function setChallengeCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  id: string,
  expiresAt: Date,
): void {
  const left = expiresAt.getTime() - request.server.clock.now().getTime();
  reply.setCookie(CHALLENGE_COOKIE, id, {
    ...cookieOptions(request),
    maxAge: Math.max(0, Math.round(left / 1000)),
  });
}

/** Tells the browser to forget the challenge cookie. */
export function clearChallengeCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(CHALLENGE_COOKIE, cookieOptions(request));
}
