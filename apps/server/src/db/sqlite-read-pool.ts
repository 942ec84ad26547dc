/**
 * Reads of the SQLite file on a small pool of worker threads. better-sqlite3 is synchronous: a
 * search or an export run on the main thread holds the event loop for as long as it takes, and
 * every other request waits. Each worker has its own read-only connection (WAL lets readers and
 * the one writer work side by side) and the pool spreads queries over them, so heavy reads use
 * the other cores while the main thread keeps answering. Writes stay on the main connection.
 */
import os from 'node:os';
import { WorkerRequests } from './worker-requests.js';
import { threadResourceLimits } from '../lib/thread-memory.js';
import type { CsvColumn, RecordFormat } from '../lib/csv.js';
import {
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

/**
 * A message from a worker: rows of one request (a whole result, or one chunk of a stream), or
 * a result rendered as CSV records (with its last row).
 */
interface WorkerReply {
  id: number;
  /** Each row as an array of values, in the order of `columns`. */
  rows?: unknown[][];
  /** The same rows as JSON text, when JSON carries their values unchanged (the worker checks). */
  json?: string;
  columns?: string[];
  /** The CSV records of a `csv` request's rows, and how many rows there were. */
  text?: string;
  count?: number;
  done: boolean;
  error?: { message: string; code?: unknown };
}

type RowFactory = (values: unknown[]) => Record<string, unknown>;

/** Row builders by column list: a query's rows all have the same columns. */
const rowFactories = new Map<string, RowFactory>();

/**
 * Builds the objects of one column list. A compiled object literal is several times faster than
 * filling an object key by key (measured: 25 µs against 180–470 µs per 500 rows of 21 columns),
 * and an export turns a million rows into objects. The names are the query's own column aliases,
 * quoted with JSON.stringify.
 */
function rowFactory(columns: readonly string[]): RowFactory {
  const key = columns.join('\u0000');
  let factory = rowFactories.get(key);
  if (!factory) {
    const fields = columns.map((column, index) => `${JSON.stringify(column)}: values[${index}]`);
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- trusted SQL aliases, see above
    factory = new Function('values', `return { ${fields.join(', ')} };`) as RowFactory;
    if (rowFactories.size > 500) rowFactories.clear();
    rowFactories.set(key, factory);
  }
  return factory;
}

/** The rows of a reply as objects keyed by column name (what Kysely expects of a driver). */
function rowObjects<R>(reply: WorkerReply): R[] {
  const { columns = [] } = reply;
  const rows = reply.json === undefined ? (reply.rows ?? []) : (JSON.parse(reply.json) as unknown[][]);
  const build = rowFactory(columns);
  return rows.map((values) => build(values) as R);
}

/**
 * A read whose rows the thread renders as an export's records (lib/csv.js): what SQLite's reader
 * threads and PostgreSQL's export thread (db/pg-csv-thread.ts) are both asked.
 */
export interface RecordsRequest {
  type: 'csv';
  id: number;
  sql: string;
  parameters: readonly unknown[];
  cells: readonly CsvColumn[];
  format: RecordFormat;
}

type Request =
  | { type: 'all'; id: number; sql: string; parameters: readonly unknown[] }
  | RecordsRequest
  | { type: 'iterate'; id: number; sql: string; parameters: readonly unknown[]; chunkSize: number }
  | { type: 'next'; id: number }
  | { type: 'cancel'; id: number }
  | { type: 'close' };

/** An error raised by SQLite in a worker, with the driver's `code` kept (SQLITE_BUSY, ...). */
export class SqliteReadError extends Error {
  override name = 'SqliteReadError';
  constructor(
    message: string,
    readonly code: unknown,
  ) {
    super(message);
  }
}

export interface SqliteReadPoolOptions {
  /** The database file (WAL mode, already created and migrated by the main connection). */
  file: string;
  /** Worker threads; defaults to the number of cores (at least 1, at most 4). */
  size?: number;
  busyTimeoutMs?: number;
}

const WORKER_URL = new URL('./sqlite-read-worker.js', import.meta.url);

/**
 * The page cache of a reader's connection, in KiB. better-sqlite3 builds SQLite with 16 MiB a
 * connection, which a reader fills within one export and keeps; the pages it would hold are in
 * the operating system's cache anyway (the readers share one file), and 8 MiB measured as fast
 * for the searches at 10^6 parts (bench/README, "The threads' memory").
 */
const READER_CACHE_KIB = 8192;

type ReadWorker = WorkerRequests<Exclude<Request, { type: 'cancel' } | { type: 'close' }>, WorkerReply>;

/** One reader thread with its own read-only connection to `options.file`. */
function readWorker(options: Required<SqliteReadPoolOptions>, onExit: () => void): ReadWorker {
  return new WorkerRequests(
    WORKER_URL,
    {
      workerData: {
        file: options.file,
        busyTimeoutMs: options.busyTimeoutMs,
        statementCacheSize: 200,
        cacheSizeKib: READER_CACHE_KIB,
      },
      resourceLimits: threadResourceLimits(),
    },
    {
      name: 'SQLite reader thread',
      errorOf: (error) => new SqliteReadError(error.message, error.code),
      onExit,
    },
  );
}

/**
 * A thread that ends with its connection open leaves the driver's objects to be finalized while
 * it is torn down, the moment native addons are least safe in (better-sqlite3's own reports of
 * aborts and crashes at worker exit): told to close, each closes its statements and connection
 * itself (WorkerRequests.stop).
 */
const CLOSE: Request = { type: 'close' };

/** A pool of reader threads over one SQLite file. Threads start on the first query. */
export class SqliteReadPool {
  private readonly options: Required<SqliteReadPoolOptions>;
  private workers: ReadWorker[] = [];
  private nextId = 0;
  private closed = false;

  constructor(options: SqliteReadPoolOptions) {
    this.options = {
      file: options.file,
      size: options.size ?? Math.min(4, Math.max(1, os.availableParallelism())),
      busyTimeoutMs: options.busyTimeoutMs ?? 5000,
    };
  }

  /** The least busy live worker, starting (or restarting) threads as needed. */
  private worker(): ReadWorker {
    if (this.closed) throw new Error('SQLite reader pool closed');
    this.workers = this.workers.filter((worker) => worker.alive);
    while (this.workers.length < this.options.size) {
      const worker: ReadWorker = readWorker(this.options, () => {
        this.workers = this.workers.filter((w) => w !== worker);
      });
      this.workers.push(worker);
    }
    return this.workers.reduce((best, worker) => (worker.inHand < best.inHand ? worker : best));
  }

  /** Every row of a query. */
  async all<R>(sql: string, parameters: readonly unknown[]): Promise<R[]> {
    const reply = await this.worker().request({ type: 'all', id: ++this.nextId, sql, parameters });
    return rowObjects<R>(reply);
  }

  /**
   * A query's rows as records of `cells` in `format` (lib/csv.js) rendered on the reader thread,
   * and its last row.
   */
  async records<R>(
    sql: string,
    parameters: readonly unknown[],
    cells: readonly CsvColumn[],
    format: RecordFormat,
  ): Promise<RenderedRecords<R>> {
    const reply = await this.worker().request({
      type: 'csv',
      id: ++this.nextId,
      sql,
      parameters,
      cells,
      format,
    });
    return { text: reply.text ?? '', count: reply.count ?? 0, last: rowObjects<R>(reply)[0] };
  }

  /** The rows of a query in chunks, read by the worker one chunk ahead of the consumer at most. */
  async *iterate<R>(sql: string, parameters: readonly unknown[], chunkSize: number): AsyncGenerator<R[]> {
    const worker = this.worker();
    const id = ++this.nextId;
    let reply = await worker.request({ type: 'iterate', id, sql, parameters, chunkSize });
    try {
      for (;;) {
        const rows = rowObjects<R>(reply);
        if (rows.length > 0) yield rows;
        if (reply.done) return;
        reply = await worker.request({ type: 'next', id });
      }
    } finally {
      if (!reply.done) worker.tell({ type: 'cancel', id } satisfies Request);
    }
  }

  /**
   * Refuses new reads, lets those in hand finish (a request still being answered when the server
   * closes gets its rows), then ends the threads.
   */
  async close(graceMs = 5000): Promise<void> {
    this.closed = true;
    const workers = this.workers;
    this.workers = [];
    const closed = new Error('SQLite reader pool closed');
    await Promise.all(workers.map((worker) => worker.stop(graceMs, CLOSE, closed)));
  }
}

/**
 * A query's rows rendered as an export's records (CSV, or the Excel export's JSON): the text, how
 * many rows, and the last row as an object.
 */
export interface RenderedRecords<R> {
  text: string;
  count: number;
  last: R | undefined;
}

/** The pool's connection: Kysely's queries, and an export's records rendered by the reader threads. */
export class ReadConnection implements DatabaseConnection {
  constructor(private readonly pool: SqliteReadPool) {}

  records<R>(
    compiled: CompiledQuery,
    cells: readonly CsvColumn[],
    format: RecordFormat,
  ): Promise<RenderedRecords<R>> {
    return this.pool.records<R>(compiled.sql, compiled.parameters, cells, format);
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    return { rows: await this.pool.all<R>(compiled.sql, compiled.parameters) };
  }

  async *streamQuery<R>(compiled: CompiledQuery, chunkSize = 100): AsyncIterableIterator<QueryResult<R>> {
    for await (const rows of this.pool.iterate<R>(compiled.sql, compiled.parameters, chunkSize)) {
      yield { rows };
    }
  }
}

const READ_ONLY = 'The SQLite read pool runs single reads only: write and transact on the main connection';

/** One shared connection: each query is a message to the least busy thread, nothing to acquire. */
class ReadDriver implements Driver {
  private readonly connection: ReadConnection;

  constructor(private readonly pool: SqliteReadPool) {
    this.connection = new ReadConnection(pool);
  }

  init(): Promise<void> {
    return Promise.resolve();
  }
  acquireConnection(): Promise<DatabaseConnection> {
    return Promise.resolve(this.connection);
  }
  beginTransaction(): Promise<void> {
    return Promise.reject(new Error(READ_ONLY));
  }
  commitTransaction(): Promise<void> {
    return Promise.reject(new Error(READ_ONLY));
  }
  rollbackTransaction(): Promise<void> {
    return Promise.reject(new Error(READ_ONLY));
  }
  releaseConnection(): Promise<void> {
    return Promise.resolve();
  }
  destroy(): Promise<void> {
    return this.pool.close();
  }
}

/** A Kysely dialect whose queries run on the pool's reader threads (SQLite syntax). */
export class SqliteReadDialect implements Dialect {
  constructor(private readonly pool: SqliteReadPool) {}
  createAdapter() {
    return new SqliteAdapter();
  }
  createDriver(): Driver {
    return new ReadDriver(this.pool);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }
}
