import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { DialectName } from '../src/db/dialect.js';

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

/** A brand-new empty database of the given dialect, plus a fresh data directory. */
export async function createTestDatabase(dialect: DialectName): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `magazzino-${dialect}-`));
  if (dialect === 'sqlite') {
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
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    dialect,
    dataDir,
    databaseUrl: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: PG_ADMIN_URL });
      await client.connect();
      try {
        // pg's Pool.end() resolves before its sockets are closed: wait for them to go, so the
        // forced drop below never kills a connection mid-close (an uncaught error in the pool).
        const deadline = Date.now() + 5_000;
        while (Date.now() < deadline) {
          const { rows } = await client.query<{ n: number }>(
            'select count(*)::int as n from pg_stat_activity where datname = $1',
            [name],
          );
          if ((rows[0]?.n ?? 0) === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
