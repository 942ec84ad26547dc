/**
 * Everything that differs between SQLite and PostgreSQL lives here: connecting, connection
 * settings, and reading driver errors. Queries elsewhere stay dialect-neutral.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type BetterSqlite3 from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver as KyselySqliteDriver,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type SqliteDatabase,
  type SqliteDialectConfig,
  type SqliteStatement,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';
import {
  MERGE_ABOVE_SEGMENTS,
  mergeSearchIndexes,
  searchIndexSegments,
  type SearchIndexMerge,
} from './search-index-merge.js';
import { renderRecordsOn } from './csv-reads.js';
import { PgCsvThread } from './pg-csv-thread.js';
import { preparingPool } from './prepared-statements.js';
import { registerSearchWords } from './search-words.js';
import SqliteDriver from './sqlite-driver.js';
import { SqliteReadDialect, SqliteReadPool } from './sqlite-read-pool.js';
import { answerOnMainConnection } from './main-connection.js';
import { WriteBatcher, type Write } from './write-batcher.js';
import { runStatements } from './write-together.js';
import { SqliteWriter, type UnitStatement } from './sqlite-writer.js';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  /** Writes, transactions and single-row reads. */
  db: Kysely<Database>;
  /**
   * Long reads (lists, searches, counts, exports). On SQLite a pool of reader threads, each with
   * its own connection, so they never hold the event loop; on PostgreSQL the same pool as `db`.
   */
  reader: Kysely<Database>;
  /**
   * Runs a unit of writes in a transaction. On SQLite writes arriving together share one
   * transaction (group commit, each in its own savepoint); on PostgreSQL each has its own.
   */
  writes: {
    run<T>(work: Write<T>): Promise<T>;
    /**
     * Runs compiled statements, one after the other, as a unit of writes; resolves with the rows
     * of the first. On SQLite a unit of the write batch run on the writer thread (db/sqlite-writer.ts),
     * so its statements and their triggers never hold the event loop; on PostgreSQL a transaction.
     */
    statements<R>(unit: readonly UnitStatement[]): Promise<R[]>;
  };
  dialect: DialectName;
  /** Human-readable location (file path or host/database, never a password). */
  describe: string;
  /**
   * Runs `work` (the migrations) while no other instance of the app on the same database runs
   * its own: the others wait for it, then find nothing left to apply.
   */
  withMigrationLock<T>(work: () => Promise<T>): Promise<T>;
  /**
   * SQLite: merges the segments of the search indexes on a thread of its own when one lies in
   * more than MERGE_ABOVE_SEGMENTS (db/search-index-merge.ts), and says what it merged; nothing to
   * do on PostgreSQL. `signal` ends a merge under way after its current step.
   */
  maintainSearchIndex(signal?: AbortSignal): Promise<SearchIndexMerge[]>;
  /** Closes the reader threads, then the connections. */
  close(): Promise<void>;
}

// COUNT(*) and BIGINT come back from pg as strings; counts here stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export const SQLITE_FILE_NAME = 'magazzino.sqlite';

/**
 * Kysely's SQLite driver with its transactions begun IMMEDIATE, its statements waiting for a lock
 * without holding the event loop (`LockWaitingConnection`). The main connection is not the file's
 * only writer: the writer thread (db/sqlite-writer.ts) and the search index's merge thread write
 * beside it, and so would a command run beside the server. A transaction begun plain (DEFERRED)
 * takes its snapshot at its first read and asks for the write lock at its first write; when
 * another connection has committed in between, SQLite refuses that write at once
 * (SQLITE_BUSY_SNAPSHOT, which no wait can mend): a write that reads first (a create read the
 * spellings in use) failed with a 500. Begun IMMEDIATE, a transaction takes the write lock first,
 * waiting for it up to LOCK_WAIT_MS. Every transaction on this connection writes: a backup reads
 * through a connection of its own (backup-support.ts).
 */
class ImmediateSqliteDriver extends KyselySqliteDriver {
  private readonly connections = new WeakMap<DatabaseConnection, DatabaseConnection>();

  constructor(
    settings: SqliteDialectConfig,
    private readonly sqlite: BetterSqlite3.Database,
  ) {
    super(settings);
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    let waiting = this.connections.get(connection);
    if (!waiting) {
      waiting = new LockWaitingConnection(connection, this.sqlite);
      this.connections.set(connection, waiting);
    }
    return waiting;
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(
    private readonly settings: SqliteDialectConfig,
    private readonly sqlite: BetterSqlite3.Database,
  ) {
    super(settings);
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.settings, this.sqlite);
  }
}

/** How long a statement of the main connection keeps asking for the write lock another connection holds. */
export const LOCK_WAIT_MS = 5000;

/**
 * The main connection's own busy timeout: SQLite's wait, on the event loop, for a lock held
 * briefly. At 0 the transient ones reads meet too were each refused and asked again after a pause:
 * one part by id, 10 clients, 10^5 parts, 3,760 req/s at 0.28 ms of CPU a request against 5,959 at
 * 0.17 with 5 s, and 4,678–4,850 at 0.22 with 10 ms (bench/cpu.mjs, the trees alternated).
 */
const MAIN_BUSY_TIMEOUT_MS = 10;

/** SQLITE_BUSY and its extended codes: another connection holds the lock asked for. */
function isBusy(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

/**
 * The main connection's statements, refused with SQLITE_BUSY outside a transaction (a `begin
 * immediate`, a write of its own: the writer thread, the search index's merge thread or another
 * process holds the write lock), asked again after a pause, for up to LOCK_WAIT_MS. SQLite's own
 * busy timeout would sleep on the event loop for as long as the other transaction lasts; the
 * main connection's is MAIN_BUSY_TIMEOUT_MS, and past it the statement waits here without holding
 * anything. A statement refused inside
 * a transaction is not asked again: the transaction's caller gets the error.
 */
class LockWaitingConnection implements DatabaseConnection {
  constructor(
    private readonly connection: DatabaseConnection,
    private readonly sqlite: BetterSqlite3.Database,
  ) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    // The deadline is read at the first refusal: most statements never meet one.
    let deadline: number | undefined;
    for (let pause = 1; ; pause = Math.min(2 * pause, 32)) {
      try {
        return await this.connection.executeQuery<R>(compiled);
      } catch (error) {
        if (!isBusy(error) || this.sqlite.inTransaction) throw error;
        deadline ??= Date.now() + LOCK_WAIT_MS;
        if (Date.now() + pause > deadline) throw error;
        await sleep(pause);
      }
    }
  }

  streamQuery<R>(compiled: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.connection.streamQuery<R>(compiled, chunkSize);
  }
}

/** Statements kept prepared on the main SQLite connection (Kysely would prepare every query anew). */
const STATEMENT_CACHE_SIZE = 200;

/**
 * The SQLite connection as Kysely sees it, with a cache of prepared statements: preparing costs
 * as much as running a lookup by id. A statement still iterating is never handed out again.
 */
function withStatementCache(sqlite: BetterSqlite3.Database): SqliteDatabase {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string): SqliteStatement {
      const cached = statements.get(sql);
      if (cached && !cached.busy) {
        // Most recently used last: the first key is the one to drop.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      if (!cached) {
        statements.set(sql, statement);
        const oldest = statements.size > STATEMENT_CACHE_SIZE ? statements.keys().next().value : undefined;
        if (oldest !== undefined) statements.delete(oldest);
      }
      return statement;
    },
  };
}

/**
 * Connections per instance on PostgreSQL for everything but the long reads: writes, transactions,
 * lookups by key, the session check of every request. Five was measured too: creates by 10 clients
 * fell from 944 to 842 req/s; ten keeps them (933).
 */
export const PG_POOL_SIZE = 10;

/**
 * Connections of the thread that reads exports (CSV, Excel) on PostgreSQL (db/pg-csv-thread.ts): two
 * exports at once each read on their own; a third waits for a chunk of theirs (a few ms).
 */
export const PG_CSV_CONNECTIONS = 2;

/**
 * Connections for the long reads (searches, lists, counts, exports) when PG_READERS is unset:
 * twice this host's cores, PostgreSQL's usual pool size for a server with that many, and at most
 * 10, as before: on a host of many cores two instances would otherwise pass PostgreSQL's default
 * max_connections of 100 (a larger database server sets PG_READERS). More searches at once than
 * PostgreSQL has cores to run them only share the cores thinner, and a cheap lookup's query waits
 * among them. 10^5 parts, 10 clients searching beside 2 reading parts by id,
 * PostgreSQL on this host's 2 cores, req/s · p99 ms of the reads by id: 10 connections 542 · 26,
 * 4 connections 1,080 · 15, 2 connections 1,172 · 9 (the searches 10–15 % slower); the searches
 * ran as fast with 4 as with 10 (bench/README.md).
 */
export function defaultPgReaders(): number {
  return Math.min(10, 2 * os.availableParallelism());
}

/**
 * PostgreSQL's `max_parallel_workers_per_gather` on the long reads' connections when
 * PG_PARALLEL_WORKERS is unset: none. A LIKE search's read of the rows on a table past 8 MB (the
 * count of a term the word index does not serve, at 10^5 parts and up) was planned with two
 * parallel workers, processes PostgreSQL starts for that one statement, beside the reader
 * connections' own searches that already keep the cores busy. 10 clients on this host's 2 cores,
 * the 30 slowest two-character terms, runs alternated: 10^5 parts 45–48 → 58–73 req/s, p99
 * 543–607 → 402–480 ms; 10^6 parts 57 → 69–70 req/s, p99 403–428 → 324–357 ms (bench/README.md).
 */
export const DEFAULT_PG_PARALLEL_WORKERS = 0;

/** Opens the configured database: PostgreSQL when `databaseUrl` is set, else SQLite in `dataDir`. */
export function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  /** Told about a pooled PostgreSQL connection that broke while idle (server restart, network). */
  onConnectionError?: (error: Error) => void;
  /** SQLite reader threads (0: long reads run on the main connection too). */
  sqliteReaders?: number;
  /** PostgreSQL connections for the long reads (default: defaultPgReaders()). */
  pgReaders?: number;
  /**
   * PostgreSQL's `statement_timeout` on the long reads' connections (unset: none). A read that
   * runs away (a search of an odd shape on a large warehouse) is cancelled by PostgreSQL instead of
   * holding one of the few reader connections, and every search behind it, for as long as it runs.
   */
  pgReadTimeoutMs?: number;
  /** Parallel workers a long read may take on PostgreSQL (default DEFAULT_PG_PARALLEL_WORKERS). */
  pgParallelWorkers?: number;
  /**
   * SQLite's `synchronous` (default 'full'): with 'full' in WAL mode every commit is synced to
   * disk before it returns, so an acknowledged write survives a power cut; 'normal' syncs only at
   * checkpoints (a process crash still loses nothing). Group commit keeps the cost to one sync per
   * batch of creates.
   */
  sqliteSynchronous?: 'full' | 'normal';
}): DatabaseHandle {
  if (options.databaseUrl) {
    const databaseUrl = options.databaseUrl;
    const open = (
      max: number,
      reads?: { statementTimeoutMs: number | undefined; parallelWorkers: number },
    ) => {
      // A statement of its own on each new reader connection, run before the connection serves its
      // first read (the pool waits for `onConnect`): a startup option would be refused by a
      // PgBouncer that does not know the setting. A failure is reported and the reads go on with
      // the server's default.
      const workers = reads === undefined ? undefined : Math.trunc(reads.parallelWorkers);
      const pool = new pg.Pool({
        connectionString: databaseUrl,
        max,
        ...(reads?.statementTimeoutMs === undefined ? {} : { statement_timeout: reads.statementTimeoutMs }),
        ...(workers === undefined
          ? {}
          : {
              // pg-pool awaits a promise returned here (pg-pool 3.14); @types/pg says `void`.
              // eslint-disable-next-line @typescript-eslint/no-misused-promises
              onConnect: (client: pg.ClientBase) =>
                client
                  .query(`set max_parallel_workers_per_gather = ${workers}`)
                  .then(() => undefined)
                  .catch((error: Error) => options.onConnectionError?.(error)),
            }),
      });
      // Without a listener an idle client's error (the server restarting) would crash the process;
      // the pool drops that client and opens a new one on the next query.
      pool.on('error', (error) => options.onConnectionError?.(error));
      // A client checked out between two statements (a transaction waiting on the app) has no pool
      // listener: its lost connection would crash the process too. Its next statement fails instead,
      // the transaction rolls back with an error, and the pool drops the client when it comes back.
      pool.on('connect', (client) => client.on('error', (error) => options.onConnectionError?.(error)));
      // Lookups by key marked `prepared()` are sent as named statements (db/prepared-statements.ts).
      return new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
    };
    const url = new URL(databaseUrl);
    // Two pools, as SQLite has its reader threads: the long reads (searches, lists, counts,
    // exports) have their own connections, so a lookup by key, a session check or a write never
    // queues behind ten searches for one (by id, 2 clients beside 10 searching, 10^5 parts: one
    // pool of ten 154 req/s, p99 36 ms; two pools 652 req/s, p99 25 ms).
    const db = open(PG_POOL_SIZE);
    const readerSettings = {
      statementTimeoutMs: options.pgReadTimeoutMs,
      parallelWorkers: options.pgParallelWorkers ?? DEFAULT_PG_PARALLEL_WORKERS,
    };
    const reader = open(options.pgReaders ?? defaultPgReaders(), readerSettings);
    // An export's rows parsed and rendered (CSV, or the Excel rows' JSON) on a thread of their own
    // (db/pg-csv-thread.ts), with the reader connections' settings.
    const csvThread = new PgCsvThread({
      connectionString: databaseUrl,
      connections: PG_CSV_CONNECTIONS,
      ...readerSettings,
      onConnectionError: options.onConnectionError,
    });
    renderRecordsOn(reader, csvThread);
    return {
      db,
      reader,
      writes: {
        run: (work) => db.transaction().execute(work),
        statements: <R>(unit: readonly UnitStatement[]) =>
          db.transaction().execute((trx) => runStatements<R>(trx, unit)),
      },
      dialect: 'postgres',
      describe: `postgres://${url.host}${url.pathname}`,
      // Kysely's migrator takes a PostgreSQL advisory lock (pg_advisory_xact_lock) itself.
      withMigrationLock: (work) => work(),
      // The trigram indexes are GIN indexes: PostgreSQL merges their pending entries itself.
      maintainSearchIndex: () => Promise.resolve([]),
      close: async () => {
        await Promise.all([csvThread.close(), reader.destroy(), db.destroy()]);
      },
    };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, SQLITE_FILE_NAME);
  const sqlite = new SqliteDriver(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  // A lock held longer than MAIN_BUSY_TIMEOUT_MS is waited for by LockWaitingConnection: SQLite's
  // own wait sleeps on the event loop.
  sqlite.pragma(`busy_timeout = ${MAIN_BUSY_TIMEOUT_MS}`);
  const synchronous = options.sqliteSynchronous === 'normal' ? 'NORMAL' : 'FULL';
  sqlite.pragma(`synchronous = ${synchronous}`);
  // The triggers of `parts` call it (migration 023): registered before the migrations run.
  registerSearchWords(sqlite);
  const db = new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }, sqlite),
  });
  const readers = options.sqliteReaders ?? 0;
  const reader =
    readers > 0
      ? new Kysely<Database>({ dialect: new SqliteReadDialect(new SqliteReadPool({ file, size: readers })) })
      : db;
  // The change mark and the probe of codes, answered at once by the main connection.
  answerOnMainConnection([db, reader], sqlite);
  const writer = new SqliteWriter({ file, synchronous });
  const writes = new WriteBatcher(db, writer);
  return {
    db,
    reader,
    writes,
    dialect: 'sqlite',
    describe: file,
    withMigrationLock: (work) => withSqliteMigrationLock(`${file}-migration-lock`, work),
    maintainSearchIndex: async (signal) => {
      const segments = await searchIndexSegments(reader);
      const indexes = Object.keys(segments).filter((index) => (segments[index] ?? 0) > MERGE_ABOVE_SEGMENTS);
      if (indexes.length === 0) return [];
      return (await mergeSearchIndexes(file, { indexes, signal })).merges;
    },
    close: async () => {
      await writes.idle();
      await writer.close();
      if (reader !== db) await reader.destroy();
      await db.destroy();
    },
  };
}

/** How long an instance waits for another one's migrations before giving up. */
export const MIGRATION_LOCK_WAIT_MS = 120_000;

/**
 * SQLite has no advisory lock, and Kysely's migrator takes none there: two instances starting at
 * once on one file would both create the first table (the second failing). The lock is an
 * exclusive transaction on a small file of its own beside the database, so the migrations may
 * open their own transactions, and a process that dies lets go of it with its file handles. It
 * is asked without waiting inside SQLite (that would block the event loop) and again every few
 * milliseconds, up to MIGRATION_LOCK_WAIT_MS.
 */
async function withSqliteMigrationLock<T>(lockFile: string, work: () => Promise<T>): Promise<T> {
  const lock = new SqliteDriver(lockFile);
  try {
    lock.pragma('busy_timeout = 0');
    const deadline = Date.now() + MIGRATION_LOCK_WAIT_MS;
    for (let delay = 10; ; delay = Math.min(delay * 2, 250)) {
      try {
        lock.exec('BEGIN EXCLUSIVE');
        break;
      } catch (error) {
        const busy = (error as { code?: unknown }).code === 'SQLITE_BUSY';
        if (!busy || Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
    try {
      return await work();
    } finally {
      lock.exec('ROLLBACK');
    }
  } finally {
    lock.close();
  }
}

/** True when a driver error is a UNIQUE constraint violation, in either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** True when a driver error is a FOREIGN KEY violation (a row still referred to), in either dialect. */
export function isForeignKeyViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/** PostgreSQL cancelled the statement: it ran past `statement_timeout` (or an operator cancelled it). */
export function isCancelledStatement(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '57014';
}
