import type { User } from '@magazzino/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors } from '../../lib/errors.js';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from './session.cookie.js';
import type { SessionService } from './sessions.service.js';

/**
 * The one guard of every data route (`app.requireSession`, an onRequest hook): looks the session
 * cookie up, answers 401 JSON when it is missing, unknown or expired, and otherwise sets
 * `request.user` (re-sending the cookie when the sliding expiry moved).
 */
export function sessionGuard(sessions: SessionService) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const id = readSessionCookie(request);
    const active = await sessions.authenticate(id);
    if (!active) {
      // A stale cookie is dropped so the browser stops sending it.
      if (id !== undefined) clearSessionCookie(request, reply);
      throw errors.unauthenticated();
    }
    request.user = active.user;
    if (active.renewed && id !== undefined) setSessionCookie(request, reply, id);
  };
}

/** The signed-in user of a guarded route (401 if, against expectations, there is none). */
export function currentUser(request: FastifyRequest): User {
  if (!request.user) throw errors.unauthenticated();
  return request.user;
}
