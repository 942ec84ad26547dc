import fp from 'fastify-plugin';
import type { User } from '@magazzino/contract';
import type { FastifyReply } from 'fastify';
import accountsRoutes from './accounts.routes.js';
import { AccountsService } from './accounts.service.js';
import { sessionGuard } from './session.guard.js';
import { SessionService } from './sessions.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sign-up, credentials and password reset. */
    accounts: AccountsService;
    /** Server-side sessions: start, authenticate, end. */
    sessions: SessionService;
    /**
     * The one guard of every data route: an onRequest hook that answers 401 without a valid
     * session. Route groups add it with `app.addHook('onRequest', app.requireSession)`.
     */
    requireSession: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    /** The signed-in user, set by `requireSession`; null on routes without the guard. */
    user: User | null;
  }
}

/**
 * The accounts module: `app.accounts`, `app.sessions`, the session guard `app.requireSession`
 * (other modules use it and `request.user`, and name 'accounts' among their dependencies), and
 * the /api/users routes.
 */
export default fp(
  async (app) => {
    const sessions = new SessionService({ db: app.db, ttlMs: app.config.sessionTtlMs, clock: app.clock });
    const accounts = new AccountsService({
      db: app.db,
      sessions,
      mailer: app.mailer,
      log: app.log,
      signup: app.config.signup,
      publicUrl: app.config.publicUrl,
      clock: app.clock,
    });
    app.decorate('accounts', accounts);
    app.decorate('sessions', sessions);
    app.decorate('requireSession', sessionGuard(sessions));
    app.decorateRequest('user', null);
    // Reset mails still being sent finish before the database closes.
    app.addHook('preClose', () => accounts.idle());

    await app.register(accountsRoutes, { prefix: '/api/users' });
  },
  {
    name: 'accounts',
    dependencies: ['config', 'clock', 'database', 'cookies', 'mailer', 'rate-limit'],
  },
);
