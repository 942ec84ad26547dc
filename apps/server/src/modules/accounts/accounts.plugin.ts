import fp from 'fastify-plugin';
import type { Permission, User } from '@magazzino/contract';
import type { FastifyReply } from 'fastify';
import accountsRoutes from './accounts.routes.js';
import { AccountsService } from './accounts.service.js';
import { BackgroundTasks } from './background-tasks.js';
import { loadBreachedPasswords } from './breached-passwords.js';
import { TrustedDeviceService } from './devices.service.js';
import logoutRoutes from './logout.routes.js';
import { documentPermission } from './permission.docs.js';
import { restoreSessionHint } from './session.cookie.js';
import { sessionGuard } from './session.guard.js';
import { SessionService } from './sessions.service.js';
import usersRoutes from './users.routes.js';
import { UsersService } from './users.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sign-up, credentials, password change and reset. */
    accounts: AccountsService;
    /** Server-side sessions: start, authenticate, end. */
    sessions: SessionService;
    /** The account mails still being sent after their answers (`idle()` waits for them). */
    accountMails: BackgroundTasks;
    /** The accounts as an amministratore manages them on 'Utenti': approval, roles, status, default role. */
    users: UsersService;
    /**
     * The one guard of every data route: an onRequest hook that answers 401 without a valid
     * session, and 403 when the user's role lacks the route's `config.permission`. Route groups
     * add it with `app.addHook('onRequest', app.requireSession)`.
     */
    requireSession: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyContextConfig {
    /**
     * What a route behind `app.requireSession` requires (docs/product.md, "Roles"): each guarded
     * route declares it, `config: { permission: 'parts:write' }`. Without it the guard refuses.
     */
    permission?: Permission;
  }
  interface FastifyRequest {
    /** The signed-in user, set by `requireSession`; null on routes without the guard. */
    user: User | null;
  }
}

/**
 * The accounts module: `app.accounts`, `app.sessions`, `app.users`, the session and permission
 * guard `app.requireSession` (other modules use it and `request.user`, and name 'accounts' among
 * their dependencies), and the /api/users routes (the account's own, then the 'Utenti' ones).
 */
export default fp(
  async (app) => {
    const { config } = app;
    const sessions = new SessionService({
      db: app.db,
      idleMs: config.sessionIdleMs,
      maxMs: config.sessionMaxMs,
      clock: app.clock,
    });
    const accounts = new AccountsService({
      db: app.db,
      sessions,
      mailer: app.mailer,
      signup: config.signup,
      publicUrl: config.publicUrl,
      clock: app.clock,
    });
    const users = new UsersService({
      db: app.db,
      sessions,
      clock: app.clock,
      mailer: app.mailer,
      publicUrl: config.publicUrl,
      signup: config.signup,
    });
    const devices = new TrustedDeviceService(app.db, app.clock);
    // Mails sent after the answer: they finish before the database closes.
    const background = new BackgroundTasks(app.log);
    loadBreachedPasswords();
    app.decorate('accounts', accounts);
    app.decorate('sessions', sessions);
    app.decorate('users', users);
    app.decorate('requireSession', sessionGuard(sessions));
    app.addHook('onRequest', restoreSessionHint);
    app.decorateRequest('user', null);
    // Routes registered from here on (these, then the other modules') get their rule documented.
    app.addHook('onRoute', documentPermission);
    app.decorate('accountMails', background);
    app.addHook('preClose', () => background.idle());

    await app.register(accountsRoutes, { prefix: '/api/users', devices, background });
    await app.register(logoutRoutes, { prefix: '/api/users' });
    await app.register(usersRoutes, { prefix: '/api/users', background });
  },
  {
    name: 'accounts',
    dependencies: ['config', 'clock', 'database', 'cookies', 'mailer', 'rate-limit'],
  },
);
