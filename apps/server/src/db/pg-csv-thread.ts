/**
 * The exports' reads of PostgreSQL (CSV, and the Excel file's rows), on a worker thread with its
 * own connections. The driver parses every row of a result on the thread that asked for it: an
 * export of 10^6 parts read on the main thread kept it 94 % busy for 5 s (the rows' parsing, their
 * records, the garbage of both), and every other request waited in line (the event loop's delay
 * 15–17 ms at the 99th percentile of each half second, 32–62 ms at worst; bench/README.md). On the
 * thread the main one only passes the records on (the CSV's lines, or the Excel rows' JSON, which
 * the writing thread parses), as it does for SQLite's reader threads (db/sqlite-read-pool.ts).
 *
 * The thread starts with the first export and ends after IDLE_END_MS without one (with its
 * connections): a yard exports a few times a day, and an idle thread would hold its memory and
 * its connections for nothing.
 */
import type { CsvColumn, RecordFormat } from '../lib/csv.js';
import type { RecordsRequest, RenderedRecords } from './sqlite-read-pool.js';
import { WorkerRequests } from './worker-requests.js';
import { threadResourceLimits } from '../lib/thread-memory.js';

const WORKER_URL = new URL('./pg-csv-worker.js', import.meta.url);

/** How long a thread with nothing to do waits for the next export before it ends. */
export const IDLE_END_MS = 30_000;

/**
 * The records of a request. A connection of the thread that broke is reported apart, with no id
 * (`onReport`).
 */
interface Reply {
  type: 'csv';
  id: number;
  text?: string;
  count?: number;
  last?: Record<string, unknown>;
  error?: { message: string; code?: unknown };
}

/** An error PostgreSQL (or the driver) raised on the thread, with its SQLSTATE `code` kept. */
export class PgCsvReadError extends Error {
  override name = 'PgCsvReadError';
  constructor(
    message: string,
    readonly code: unknown,
  ) {
    super(message);
  }
}

export interface PgCsvThreadOptions {
  connectionString: string;
  /** Connections of the thread: exports under way at once beyond it wait for one. */
  connections: number;
  /** PostgreSQL's statement_timeout on them (as on the reader connections); none when undefined. */
  statementTimeoutMs?: number;
  /** max_parallel_workers_per_gather on them (as on the reader connections). */
  parallelWorkers: number;
  /** Told about a connection of the thread that broke. */
  onConnectionError?: (error: Error) => void;
  /** How long an idle thread waits before it ends (IDLE_END_MS; shorter in tests). */
  idleEndMs?: number;
}

type CsvWorker = WorkerRequests<RecordsRequest, Reply>;

/** How long a closing thread lets the reads in hand finish (a chunk of an export under way). */
const CLOSE_GRACE_MS = 5000;

/** Tells the thread to end its connections and stop (pg-csv-worker.js). */
const CLOSE = { type: 'close' } as const;

/** What a read asked of a thread that was closed fails with. */
const CLOSED = new Error('PostgreSQL CSV thread closed');

/** A query's rows as an export's records rendered on a thread of their own, started when first asked. */
export class PgCsvThread {
  private current: CsvWorker | undefined;
  private nextId = 0;
  private idleTimer: NodeJS.Timeout | undefined;
  private closed = false;
  private started = 0;
  private readonly idleEndMs: number;

  constructor(private readonly options: PgCsvThreadOptions) {
    this.idleEndMs = options.idleEndMs ?? IDLE_END_MS;
  }

  /** Threads started so far: one per run of exports that came within `idleEndMs` of each other. */
  get threadsStarted(): number {
    return this.started;
  }

  /** Whether a thread is running now. */
  get running(): boolean {
    return this.current?.alive ?? false;
  }

  /** The rows of `sql` as records of `cells` in `format` (lib/csv.js), with the last row. */
  async records<R>(
    sql: string,
    parameters: readonly unknown[],
    cells: readonly CsvColumn[],
    format: RecordFormat = 'csv',
  ): Promise<RenderedRecords<R>> {
    if (this.closed) throw CLOSED;
    clearTimeout(this.idleTimer);
    const worker = this.worker();
    try {
      const reply = await worker.request({ type: 'csv', id: ++this.nextId, sql, parameters, cells, format });
      return { text: reply.text ?? '', count: reply.count ?? 0, last: reply.last as R | undefined };
    } finally {
      if (worker.alive && worker.inHand === 0 && !this.closed) this.endWhenIdle(worker);
    }
  }

  /**
   * Refuses new reads, lets those in hand finish (for `graceMs` at most: a chunk of an export under
   * way when the server closes is still answered), then ends the thread and its connections.
   */
  async close(graceMs = CLOSE_GRACE_MS): Promise<void> {
    this.closed = true;
    clearTimeout(this.idleTimer);
    const worker = this.current;
    this.current = undefined;
    if (!worker?.alive) return;
    await worker.stop(graceMs, CLOSE, CLOSED);
  }

  private worker(): CsvWorker {
    if (this.current?.alive) return this.current;
    this.started += 1;
    const { options } = this;
    const worker: CsvWorker = new WorkerRequests<RecordsRequest, Reply>(
      WORKER_URL,
      {
        workerData: {
          connectionString: options.connectionString,
          connections: options.connections,
          statementTimeoutMs: options.statementTimeoutMs,
          parallelWorkers: options.parallelWorkers,
        },
        resourceLimits: threadResourceLimits(),
      },
      {
        name: 'PostgreSQL CSV thread',
        errorOf: (error) => new PgCsvReadError(error.message, error.code),
        onReport: (report) => {
          const { message } = report as { message?: unknown };
          options.onConnectionError?.(new Error(String(message)));
        },
        onExit: () => {
          if (this.current === worker) this.current = undefined;
        },
      },
    );
    this.current = worker;
    return worker;
  }

  private endWhenIdle(worker: CsvWorker): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      if (this.current !== worker || worker.inHand > 0) return;
      this.current = undefined;
      void worker.stop(0, CLOSE, CLOSED);
    }, this.idleEndMs);
    this.idleTimer.unref();
  }
}
