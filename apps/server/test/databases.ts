import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach, inject } from 'vitest';
import { openDatabase, SQLITE_FILE_NAME, type DatabaseHandle, type DialectName } from '../src/db/dialect.js';
import { migrateDatabase } from '../src/db/migrate.js';

/**
 * What the server project's global setup (migrated-templates.ts) hands the test files
 * (`inject('migratedTemplates')`).
 */
export interface MigratedTemplates {
  /** A SQLite file at the latest migration, closed (no WAL beside it): copy it, never open it. */
  sqliteFile?: string;
  /** A PostgreSQL database at the latest migration, with no connection left open to it. */
  postgresDatabase?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    migratedTemplates: MigratedTemplates;
  }
}

/**
 * Where the PostgreSQL tests connect to create their throw-away databases. The machines of this
 * project run PostgreSQL 15 on 127.0.0.1:5432 with trust auth; PG_TEST_URL overrides it.
 */
export const PG_ADMIN_URL = process.env.PG_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const SUPPORTED: readonly DialectName[] = ['sqlite', 'postgres'];

/**
 * The dialects integration suites loop over: every one the server supports, or those TEST_DIALECTS
 * names (`scripts/test-on-node.sh` runs the suites again on another Node.js line on SQLite only:
 * what changes with the line is native code, and the PostgreSQL driver is plain JavaScript).
 */
export const DIALECTS: DialectName[] = process.env.TEST_DIALECTS
  ? process.env.TEST_DIALECTS.split(',').map((name) => {
      const dialect = SUPPORTED.find((known) => known === name.trim());
      if (!dialect) throw new Error(`TEST_DIALECTS: unknown dialect ${name} (sqlite, postgres)`);
      return dialect;
    })
  : [...SUPPORTED];

export interface TestDatabase {
  dialect: DialectName;
  /** A fresh DATA_DIR (SQLite file, outbox, media live here). */
  dataDir: string;
  /** Set for PostgreSQL: a database created for this test file only. */
  databaseUrl: string | undefined;
  drop(): Promise<void>;
}

/** The URL of database `name` on the server of PG_ADMIN_URL. */
export function postgresUrlOf(name: string): string {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Waits (up to 5 s) until no connection to database `name` is left: pg's Pool.end() resolves
 * before its sockets are closed, and a database with a connection can be neither dropped cleanly
 * (the forced drop kills it mid-close: an uncaught error in the pool) nor copied.
 */
export async function waitForNoConnections(client: pg.Client, name: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    const { rows } = await client.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = $1',
      [name],
    );
    if ((rows[0]?.n ?? 0) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Runs `work` with a connection of PG_ADMIN_URL, closed after. */
export async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh data directory, and for PostgreSQL a database made by `create` (given its name). */
async function testDatabase(
  dialect: DialectName,
  create: { sqlite(dataDir: string): void; postgres(client: pg.Client, name: string): Promise<void> },
): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `magazzino-${dialect}-`));
  if (dialect === 'sqlite') {
    create.sqlite(dataDir);
    return {
      dialect,
      dataDir,
      databaseUrl: undefined,
      drop: () => {
        fs.rmSync(dataDir, { recursive: true, force: true });
        return Promise.resolve();
      },
    };
  }
  const name = `magazzino_test_${randomBytes(6).toString('hex')}`;
  await withAdmin((client) => create.postgres(client, name));
  return {
    dialect,
    dataDir,
    databaseUrl: postgresUrlOf(name),
    drop: async () => {
      await withAdmin(async (client) => {
        await waitForNoConnections(client, name);
        await client.query(`drop database if exists ${name} with (force)`);
      });
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A brand-new empty database of the given dialect, plus a fresh data directory. */
export function createTestDatabase(dialect: DialectName): Promise<TestDatabase> {
  return testDatabase(dialect, {
    sqlite: () => undefined,
    postgres: async (client, name) => {
      await client.query(`create database ${name}`);
    },
  });
}

/**
 * A database of the given dialect at the latest migration, plus a fresh data directory: a copy of
 * the template the server project's global setup migrated for this run (test/migrated-templates.ts),
 * the same database the app's migrations make on an empty one, without their 1–3 s. Outside that
 * project (no template provided), an empty database migrated here.
 */
export async function createMigratedTestDatabase(dialect: DialectName): Promise<TestDatabase> {
  const templates = inject('migratedTemplates') as MigratedTemplates | undefined;
  const template = dialect === 'sqlite' ? templates?.sqliteFile : templates?.postgresDatabase;
  if (template === undefined) {
    const database = await createTestDatabase(dialect);
    await migrateDatabaseOf(database);
    return database;
  }
  return testDatabase(dialect, {
    sqlite: (dataDir) => fs.copyFileSync(template, path.join(dataDir, SQLITE_FILE_NAME)),
    postgres: async (client, name) => {
      await client.query(`create database ${name} template ${template}`);
    },
  });
}

/** Applies every migration to `database` (its own connections, closed after). */
export async function migrateDatabaseOf(
  database: Pick<TestDatabase, 'databaseUrl' | 'dataDir'>,
): Promise<void> {
  const handle = openDatabase({
    databaseUrl: database.databaseUrl,
    dataDir: database.dataDir,
    sqliteReaders: 0,
  });
  try {
    await migrateDatabase(handle);
  } finally {
    await handle.close();
  }
}

/** A test database opened by `openedForEachTest`, and how to close its handle before the test ends. */
export interface OpenedDatabase {
  database: TestDatabase;
  handle: DatabaseHandle;
  /** Closes the handle now (to start the app on the database, say); the drop still waits for the end. */
  close: () => Promise<void>;
}

/**
 * For tests that open a database themselves: `open(made)` opens the database `made` resolves to,
 * and after each test its handle is closed (unless `close` did) and the database dropped.
 */
export function openedForEachTest(): (made: Promise<TestDatabase>) => Promise<OpenedDatabase> {
  let database: TestDatabase | undefined;
  let handle: DatabaseHandle | undefined;
  const close = async () => {
    await handle?.close();
    handle = undefined;
  };
  afterEach(async () => {
    await close();
    await database?.drop();
    database = undefined;
  });
  return async (made) => {
    database = await made;
    handle = openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    return { database, handle, close };
  };
}
