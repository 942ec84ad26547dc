import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type App } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import type { DialectName } from '../src/db/dialect.js';
import { createTestDatabase, type TestDatabase } from './databases.js';

export interface TestApp {
  app: App;
  config: Config;
  database: TestDatabase;
  /** Closes the app and drops its database. */
  close(): Promise<void>;
}

/**
 * The whole app, built without a port on a fresh database of `dialect`.
 * `env` overrides configuration variables (SIGNUP, MAX_UPLOAD_MB, ...).
 */
export async function buildTestApp(
  dialect: DialectName = 'sqlite',
  env: Record<string, string> = {},
): Promise<TestApp> {
  const database = await createTestDatabase(dialect);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.databaseUrl,
    WEB_DIST: `${database.dataDir}/no-web`,
    ...env,
  });
  const app = await buildApp(config, { logger: false });
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
  cookie: string;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
}

/**
 * Creates a user and signs it in. Until the accounts module lands the guard lets every request
 * through and the cookie is empty; tests must use this for every part route all the same.
 */
export async function signIn(app: App): Promise<Session> {
  const cookie = '';
  return {
    cookie,
    inject: (options) =>
      app.inject({ ...options, headers: { ...(options.headers ?? {}), ...(cookie ? { cookie } : {}) } }),
  };
}
