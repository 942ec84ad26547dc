/**
 * Everything that differs between SQLite and PostgreSQL lives here: connecting, connection
 * settings, and reading driver errors. Queries elsewhere stay dialect-neutral.
 */
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import Cursor from 'pg-cursor';
import type { Database } from './schema.js';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Human-readable location (file path or host/database, never a password). */
  describe: string;
}

// COUNT(*) and BIGINT come back from pg as strings; counts here stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export const SQLITE_FILE_NAME = 'magazzino.sqlite';

/** Opens the configured database: PostgreSQL when `databaseUrl` is set, else SQLite in `dataDir`. */
export function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  /** Told about a pooled PostgreSQL connection that broke while idle (server restart, network). */
  onConnectionError?: (error: Error) => void;
}): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // Without a listener an idle client's error (the server restarting) would crash the process;
    // the pool drops that client and opens a new one on the next query.
    pool.on('error', (error) => options.onConnectionError?.(error));
    const url = new URL(options.databaseUrl);
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool, cursor: Cursor }) }),
      dialect: 'postgres',
      describe: `postgres://${url.host}${url.pathname}`,
    };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, SQLITE_FILE_NAME);
  const sqlite = new BetterSqlite3(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }),
    dialect: 'sqlite',
    describe: file,
  };
}

/** True when a driver error is a UNIQUE constraint violation, in either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
