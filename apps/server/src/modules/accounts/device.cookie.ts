import type { FastifyReply, FastifyRequest } from 'fastify';
import { SECRET_PATTERN } from './accounts.ports.js';

/** Name of the device cookie: the browser's proof that it once signed in to an account. */
export const DEVICE_COOKIE = 'magazzino_device';

/** A browser keeps the tokens of this many accounts at most (a shared counter PC), newest first. */
export const MAX_DEVICE_TOKENS = 5;

/** Sent only to the sign-in: nothing else needs it. */
const COOKIE_PATH = '/api/users/login';

function cookieOptions(request: FastifyRequest) {
  return {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: request.protocol === 'https',
  };
}

/** The well-formed device tokens the browser sent (at most MAX_DEVICE_TOKENS, no repeats). */
export function readDeviceTokens(request: FastifyRequest): string[] {
  const raw = request.cookies[DEVICE_COOKIE] ?? '';
  const tokens = raw.split('.').filter((token) => SECRET_PATTERN.test(token));
  return [...new Set(tokens)].slice(0, MAX_DEVICE_TOKENS);
}

/** Stores `tokens` (newest first) in the device cookie for `maxAgeMs`. */
export function setDeviceTokens(
  request: FastifyRequest,
  reply: FastifyReply,
  tokens: readonly string[],
  maxAgeMs: number,
): void {
  const value = tokens.slice(0, MAX_DEVICE_TOKENS).join('.');
  reply.setCookie(DEVICE_COOKIE, value, { ...cookieOptions(request), maxAge: Math.floor(maxAgeMs / 1000) });
}
