import { hasPermission, TWO_FACTOR_SETUP_PERMISSIONS, type Permission, type User } from '@magazzino/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors } from '../../lib/errors.js';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from './session.cookie.js';
import type { ActiveSession, SessionService } from './sessions.service.js';

/** The session each guarded request came with (its id hash keeps it when the others end). */
const sessionsOf = new WeakMap<FastifyRequest, ActiveSession>();

/**
 * Writes `userId` into every later log line of the request, the closing "request completed"
 * included (README, "Sicurezza": who did what).
 */
export function logAsUser(request: FastifyRequest, reply: FastifyReply, userId: string): void {
  // A child of the server's logger with both bindings, not a child of the request's own: pino
  // makes the parent of a child its prototype, and turning each request's fresh logger into one
  // cost V8 ~20 µs a request (a child of a long-lived logger ~1 µs), a tenth of the main thread
  // for a part by id. A route with a log level of its own keeps it.
  const { level } = request.log;
  const server = request.server.log;
  const bindings = { reqId: request.id, userId };
  request.log = level === server.level ? server.child(bindings) : server.child(bindings, { level });
  reply.log = request.log;
}

/**
 * The one guard of every data route (`app.requireSession`, an onRequest hook): looks the session
 * cookie up, answers 401 JSON when it is missing, unknown or expired (or its account disabled),
 * and otherwise sets `request.user` (re-sending the cookie when the sliding expiry moved). Then
 * the route's declared `config.permission` must be one of the user's role, else 403 FORBIDDEN,
 * before the body is even read; a session that must first set up two-factor sign-in gets 403
 * TWO_FACTOR_SETUP_REQUIRED on every route but its profile and the enrolment. A guarded route that declares none is refused: it fails closed.
 */
export function sessionGuard(sessions: SessionService) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const id = readSessionCookie(request);
    const active = await sessions.authenticate(id, request.ip);
    if (!active || id === undefined) {
      // A stale cookie is dropped so the browser stops sending it.
      if (id !== undefined) clearSessionCookie(request, reply);
      throw errors.unauthenticated();
    }
    request.user = active.user;
    sessionsOf.set(request, active);
    logAsUser(request, reply, active.user._id);
    if (active.renewed) setSessionCookie(request, reply, { id, expiresAt: active.expiresAt });
    const permission = request.routeOptions.config.permission;
    if (permission === undefined) {
      request.log.error({ url: request.routeOptions.url }, 'guarded route declares no permission');
      throw errors.roleForbids(active.user.role);
    }
    if (!hasPermission(active.user.role, permission)) throw errors.roleForbids(active.user.role);
    // The amministratore requires two-factor sign-in and this account has none yet: enrolment only.
    if (
      active.user.twoFactorSetupRequired === true &&
      !(TWO_FACTOR_SETUP_PERMISSIONS as readonly Permission[]).includes(permission)
    ) {
      throw errors.twoFactorSetupRequired();
    }
  };
}

/** The signed-in user of a guarded route (401 if, against expectations, there is none). */
export function currentUser(request: FastifyRequest): User {
  if (!request.user) throw errors.unauthenticated();
  return request.user;
}

/** The session a guarded route was called with (401 if, against expectations, there is none). */
export function currentSession(request: FastifyRequest): ActiveSession {
  const session = sessionsOf.get(request);
  if (!session) throw errors.unauthenticated();
  return session;
}
