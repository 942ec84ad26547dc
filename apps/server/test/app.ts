import { randomUUID } from 'node:crypto';
import type { User } from '@magazzino/contract';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type App, type AppOverrides } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import type { DialectName } from '../src/db/dialect.js';
import { createAccount } from '../src/modules/accounts/accounts.service.js';
import { SESSION_COOKIE } from '../src/modules/accounts/session.cookie.js';
import { createMigratedTestDatabase, type TestDatabase } from './databases.js';

export interface TestApp {
  app: App;
  config: Config;
  database: TestDatabase;
  /** Closes the app and drops its database. */
  close(): Promise<void>;
}

/** The configuration of the app over `database` (an existing test database), logs off. */
export function testConfig(database: TestDatabase, env: Record<string, string> = {}): Config {
  return loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.databaseUrl,
    WEB_DIST: `${database.dataDir}/no-web`,
    ...env,
  });
}

/** The app over an existing database, ready (as `npm start` would open a restored one); close it. */
export async function buildAppOn(database: TestDatabase): Promise<App> {
  const app = await buildApp(testConfig(database), { logger: false });
  await app.ready();
  return app;
}

/**
 * The whole app, built without a port on a fresh database of `dialect` (at the latest migration:
 * `createMigratedTestDatabase`).
 * `env` overrides configuration variables (SIGNUP, MAX_UPLOAD_MB, ...); `overrides` swap a port
 * (`clock`, `mailer`, `mediaStorage`, `rateLimitStore`). Logs are off unless `logStream` is given
 * (with LOG_LEVEL in `env`), to read the app's own log lines.
 */
export async function buildTestApp(
  dialect: DialectName = 'sqlite',
  env: Record<string, string> = {},
  overrides: AppOverrides = {},
): Promise<TestApp> {
  const database = await createMigratedTestDatabase(dialect);
  const config = testConfig(database, env);
  const app = await buildApp(config, { ...(overrides.logStream ? {} : { logger: false }), ...overrides });
  await app.ready();
  return {
    app,
    config,
    database,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

/** A signed-in client: every request carries the session cookie of a freshly created user. */
export interface Session {
  /** `magazzino_sid=<id>`, ready for a `cookie` header. */
  cookie: string;
  user: User;
  /** `app.inject` with the session cookie added (after any cookie of `options.headers`). */
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
}

let signInCount = 0;

/** The `name=value` pair of the session cookie set by a response. */
export function sessionCookieOf(response: LightMyRequestResponse): string {
  const found = response.cookies.find((c) => c.name === SESSION_COOKIE && c.value !== '');
  if (!found) throw new Error(`no session cookie in the ${response.statusCode} response`);
  return `${found.name}=${found.value}`;
}

/**
 * Makes the account of `email` able to sign in, as an amministratore would on 'Utenti': an
 * account waiting since its sign-up (SIGNUP=approval) is approved with the default role of new
 * accounts. An account already active is left as it is.
 */
export async function approveSignup(app: App, email: string): Promise<void> {
  const normalised = email.trim().toLowerCase();
  const account = (await app.users.list()).find((candidate) => candidate.email === normalised);
  if (account?.status !== 'in_attesa') return;
  await app.users.approve(account._id, (await app.users.settings()).signupRole);
}

/**
 * Creates a user with a unique email through POST /api/users/signup and returns its signed-in
 * client. The first user of an app is signed in by the sign-up itself (amministratore); the others
 * are approved when they wait (SIGNUP=approval), then sign in with POST /api/users/login; with
 * SIGNUP=closed they are created directly in the database.
 */
export async function signIn(app: App): Promise<Session> {
  signInCount += 1;
  const input = {
    email: `magazziniere-${signInCount}-${randomUUID()}@example.test`,
    password: 'password-di-prova',
    username: `Magazziniere ${signInCount}`,
  };
  // Each test user signs up from its own address, as a colleague at another desk would:
  // suites that sign in many users never trip the per-IP sign-up limit.
  const remoteAddress = `10.${signInCount % 250}.${Math.floor(Math.random() * 250)}.${1 + (signInCount % 250)}`;
  let response = await app.inject({
    method: 'POST',
    url: '/api/users/signup',
    payload: input,
    remoteAddress,
  });
  if (response.statusCode === 403) await createAccount(app.db, input, app.clock);
  else if (response.statusCode === 202) await approveSignup(app, input.email);
  if (response.statusCode === 403 || response.statusCode === 202) {
    const { email, password } = input;
    response = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email, password },
      remoteAddress,
    });
  }
  if (response.statusCode !== 200 && response.statusCode !== 201) {
    throw new Error(`signIn failed: ${response.statusCode} ${response.body}`);
  }
  const cookie = sessionCookieOf(response);
  return {
    cookie,
    user: response.json<User>(),
    inject: (options) => {
      const headers = { ...(options.headers ?? {}) };
      const existing = headers.cookie;
      headers.cookie = typeof existing === 'string' && existing !== '' ? `${existing}; ${cookie}` : cookie;
      return app.inject({ ...options, headers });
    },
  };
}
