import fp from 'fastify-plugin';
import type { Permission, User } from '@magazzino/contract';
import type { FastifyReply } from 'fastify';
import accountsRoutes from './accounts.routes.js';
import { AccountsService } from './accounts.service.js';
import { BackgroundTasks } from './background-tasks.js';
import { loadBreachedPasswords } from './breached-passwords.js';
import { TrustedDeviceService } from './devices.service.js';
import logoutRoutes from './logout.routes.js';
import securityLogRoutes from './security-log.routes.js';
import { SecurityLog } from './security-log.service.js';
import { documentPermission } from './permission.docs.js';
import { restoreSessionHint } from './session.cookie.js';
import { sessionGuard } from './session.guard.js';
import { sessionsRoutes, userSessionsRoutes } from './sessions.routes.js';
import { SessionService } from './sessions.service.js';
import twoFactorRoutes from './two-factor.routes.js';
import { TwoFactorService } from './two-factor.service.js';
import usersRoutes from './users.routes.js';
import { UsersService } from './users.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sign-up, credentials, password change and reset. */
    accounts: AccountsService;
    /** Server-side sessions: start, authenticate, end. */
    sessions: SessionService;
    /**
     * The security log (docs/product.md, "Security log"): `record(entry, trx?)` writes an event in
     * the transaction of the change it records, or on its own without ever throwing.
     */
    securityLog: SecurityLog;
    /** Two-factor sign-in: enrolment, recovery codes, the code step of a sign-in, the amministratore's rules. */
    twoFactor: TwoFactorService;
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

/** How often the security log's entries past their 180 days are deleted (also once at start). */
export const SECURITY_LOG_PURGE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The accounts module: `app.accounts`, `app.sessions`, `app.users`, the session and permission
 * guard `app.requireSession` (other modules use it and `request.user`, and name 'accounts' among
 * their dependencies), and the /api/users routes (the account's own, then the 'Utenti' ones).
 */
export default fp(
  async (app) => {
    const { config } = app;
    const securityLog = new SecurityLog(app.db, app.clock, app.log.child({ module: 'accounts' }));
    app.decorate('securityLog', securityLog);
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
      securityLog,
    });
    const users = new UsersService({
      db: app.db,
      sessions,
      clock: app.clock,
      mailer: app.mailer,
      publicUrl: config.publicUrl,
      signup: config.signup,
      securityLog,
    });
    const devices = new TrustedDeviceService(app.db, app.clock);
    // Mails sent after the answer: they finish before the database closes.
    const background = new BackgroundTasks(app.log);
    loadBreachedPasswords();
    app.decorate('accounts', accounts);
    app.decorate('sessions', sessions);
    app.decorate('users', users);
    app.decorate('twoFactor', new TwoFactorService({ db: app.db, clock: app.clock, sessions, securityLog }));
    app.decorate('requireSession', sessionGuard(sessions));
    app.addHook('onRequest', restoreSessionHint);
    app.decorateRequest('user', null);
    // Routes registered from here on (these, then the other modules') get their rule documented.
    app.addHook('onRoute', documentPermission);
    app.decorate('accountMails', background);
    app.addHook('preClose', () => background.idle());
    // The security log's retention: every hour, one purge after the other, the last awaited on close.
    let purging: Promise<void> = Promise.resolve();
    const purgeLog = () => {
      purging = purging.then(async () => {
        try {
          const count = await securityLog.purgeExpired();
          if (count > 0) app.log.info({ count, module: 'accounts' }, 'security log purged');
        } catch (error) {
          app.log.error({ err: error, module: 'accounts' }, 'security log purge failed');
        }
      });
    };
    let purgeTimer: NodeJS.Timeout | undefined;
    app.addHook('onReady', (done) => {
      purgeLog();
      purgeTimer = setInterval(purgeLog, SECURITY_LOG_PURGE_INTERVAL_MS);
      purgeTimer.unref();
      done();
    });
    app.addHook('preClose', async () => {
      clearInterval(purgeTimer);
      await purging;
    });

    await app.register(accountsRoutes, { prefix: '/api/users', devices, background });
    await app.register(logoutRoutes, { prefix: '/api/users' });
    await app.register(usersRoutes, { prefix: '/api/users', background });
    await app.register(userSessionsRoutes, { prefix: '/api/users' });
    await app.register(sessionsRoutes, { prefix: '/api/sessioni' });
    await app.register(securityLogRoutes, { prefix: '/api/sicurezza' });
    await app.register(twoFactorRoutes, { prefix: '/api/users' });
  },
  {
    name: 'accounts',
    dependencies: ['config', 'clock', 'database', 'cookies', 'mailer', 'rate-limit'],
  },
);
