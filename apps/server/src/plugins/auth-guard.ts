import fp from 'fastify-plugin';
import type { User } from '@magazzino/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors } from '../lib/errors.js';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from './session.js';

/** A route as registered: method and full URL pattern. */
export interface RegisteredRoute {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The one guard of every data route: an onRequest hook that answers 401 without a valid
     * session. Route groups add it with `app.addHook('onRequest', app.requireSession)`.
     */
    requireSession: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Every route registered after this plugin, so a test can walk them all. */
    registeredRoutes: readonly RegisteredRoute[];
  }
  interface FastifyRequest {
    /** The signed-in user, set by `requireSession`; null on routes without the guard. */
    user: User | null;
  }
}

/** The signed-in user of a guarded route (401 if, against expectations, there is none). */
export function currentUser(request: FastifyRequest): User {
  if (!request.user) throw errors.unauthenticated();
  return request.user;
}

/**
 * `app.requireSession`: looks the session cookie up in the database, answers 401 JSON when it is
 * missing, unknown or expired, and otherwise sets `request.user` (re-sending the cookie when the
 * sliding expiry moved).
 */
export default fp(
  (app) => {
    const routes: RegisteredRoute[] = [];
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) routes.push({ method, url: route.url });
    });
    app.decorate('registeredRoutes', routes);
    app.decorateRequest('user', null);

    app.decorate('requireSession', async (request: FastifyRequest, reply: FastifyReply) => {
      const id = readSessionCookie(request);
      const active = await app.sessions.authenticate(id);
      if (!active) {
        // A stale cookie is dropped so the browser stops sending it.
        if (id !== undefined) clearSessionCookie(request, reply);
        throw errors.unauthenticated();
      }
      request.user = active.user;
      if (active.renewed && id !== undefined) setSessionCookie(request, reply, id);
    });
    return Promise.resolve();
  },
  { name: 'auth-guard', dependencies: ['session'] },
);
