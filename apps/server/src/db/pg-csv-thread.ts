/**
 * The CSV export's reads of PostgreSQL, on a worker thread with its own connections. The driver
 * parses every row of a result on the thread that asked for it: an export of 10^6 parts read on the
 * main thread kept it 94 % busy for 5 s (the rows' parsing, their records, the garbage of both),
 * and every other request waited in line (the event loop's delay 15–17 ms at the 99th percentile of
 * each half second, 32–62 ms at worst; bench/README.md). On the thread the main one only passes the
 * records on, as it does for SQLite's reader threads (db/sqlite-read-pool.ts).
 *
 * The thread starts with the first export and ends after IDLE_END_MS without one (with its
 * connections): a yard exports a few times a day, and an idle thread would hold its memory and
 * its connections for nothing.
 */
import { Worker } from 'node:worker_threads';
import type { CsvColumn } from '../lib/csv.js';
import type { CsvRecords } from './sqlite-read-pool.js';

const WORKER_URL = new URL('./pg-csv-worker.js', import.meta.url);

/** How long a thread with nothing to do waits for the next export before it ends. */
export const IDLE_END_MS = 30_000;

/** How long a closing thread has to end its connections and stop before it is ended from outside. */
const THREAD_END_WAIT_MS = 1000;

type Request =
  | { type: 'csv'; id: number; sql: string; parameters: readonly unknown[]; cells: readonly CsvColumn[] }
  | { type: 'close' };

type Reply =
  | {
      type: 'csv';
      id: number;
      text?: string;
      count?: number;
      last?: Record<string, unknown>;
      error?: { message: string; code?: string };
    }
  | { type: 'connection-error'; message: string };

/** An error PostgreSQL (or the driver) raised on the thread, with its SQLSTATE `code` kept. */
export class PgCsvReadError extends Error {
  override name = 'PgCsvReadError';
  constructor(
    message: string,
    readonly code: string | undefined,
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

interface Pending {
  resolve(records: CsvRecords<Record<string, unknown>>): void;
  reject(error: Error): void;
}

/** One running worker thread and the reads it has not answered yet. */
class CsvWorker {
  readonly pending = new Map<number, Pending>();
  readonly exited: Promise<void>;
  private readonly worker: Worker;
  private failure: Error | undefined;
  /** Told when the last read in hand is answered or failed. */
  private readonly onIdle: (() => void)[] = [];

  constructor(options: PgCsvThreadOptions, onExit: (worker: CsvWorker) => void) {
    this.worker = new Worker(WORKER_URL, {
      workerData: {
        connectionString: options.connectionString,
        connections: options.connections,
        statementTimeoutMs: options.statementTimeoutMs,
        parallelWorkers: options.parallelWorkers,
      },
    });
    // An idle thread must not keep the process alive; a thread with work in hand must.
    this.worker.unref();
    this.worker.on('message', (reply: Reply) => {
      if (reply.type === 'connection-error') {
        options.onConnectionError?.(new Error(reply.message));
        return;
      }
      const pending = this.pending.get(reply.id);
      if (!pending) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) {
        this.worker.unref();
        for (const resolve of this.onIdle.splice(0)) resolve();
      }
      if (reply.error) pending.reject(new PgCsvReadError(reply.error.message, reply.error.code));
      else pending.resolve({ text: reply.text ?? '', count: reply.count ?? 0, last: reply.last });
    });
    const fail = (error: Error) => {
      this.failure ??= error;
      for (const pending of this.pending.values()) pending.reject(error);
      this.pending.clear();
      for (const resolve of this.onIdle.splice(0)) resolve();
      onExit(this);
    };
    this.worker.on('error', fail);
    this.exited = new Promise((resolve) =>
      this.worker.once('exit', (code) => {
        fail(new Error(`PostgreSQL CSV thread exited (code ${code})`));
        resolve();
      }),
    );
  }

  get alive(): boolean {
    return this.failure === undefined;
  }

  request(request: Extract<Request, { type: 'csv' }>): Promise<CsvRecords<Record<string, unknown>>> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.pending.set(request.id, { resolve, reject });
      this.worker.ref();
      this.worker.postMessage(request);
    });
  }

  /** Resolves once no read is in hand (at once when none is), or after `graceMs`. */
  async idle(graceMs: number): Promise<void> {
    if (this.pending.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      new Promise<void>((resolve) => this.onIdle.push(resolve)),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs))),
    ]);
    clearTimeout(timer);
  }

  /** Tells the thread to end its connections and stop; ends it from outside if it has not soon. */
  async end(): Promise<void> {
    this.failure ??= new Error('PostgreSQL CSV thread closed');
    this.worker.ref();
    this.worker.postMessage({ type: 'close' } satisfies Request);
    let timer: NodeJS.Timeout | undefined;
    const ended = await Promise.race([
      this.exited.then(() => true),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), THREAD_END_WAIT_MS))),
    ]);
    clearTimeout(timer);
    if (!ended) await this.worker.terminate();
  }
}

/** A query's rows as CSV records rendered on a thread of their own, started when first asked. */
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

  /** The rows of `sql` as CSV records of `cells` (lib/csv.js), with the last row. */
  async csvRecords<R>(
    sql: string,
    parameters: readonly unknown[],
    cells: readonly CsvColumn[],
  ): Promise<CsvRecords<R>> {
    if (this.closed) throw new Error('PostgreSQL CSV thread closed');
    clearTimeout(this.idleTimer);
    const worker = this.worker();
    try {
      const records = await worker.request({ type: 'csv', id: ++this.nextId, sql, parameters, cells });
      return records as CsvRecords<R>;
    } finally {
      if (worker.alive && worker.pending.size === 0 && !this.closed) this.endWhenIdle(worker);
    }
  }

  /**
   * Refuses new reads, lets those in hand finish (for `graceMs` at most: a chunk of an export under
   * way when the server closes is still answered), then ends the thread and its connections.
   */
  async close(graceMs = 5000): Promise<void> {
    this.closed = true;
    clearTimeout(this.idleTimer);
    const worker = this.current;
    this.current = undefined;
    if (!worker?.alive) return;
    await worker.idle(graceMs);
    await worker.end();
  }

  private worker(): CsvWorker {
    if (this.current?.alive) return this.current;
    this.started += 1;
    const worker: CsvWorker = new CsvWorker(this.options, (gone) => {
      if (this.current === gone) this.current = undefined;
    });
    this.current = worker;
    return worker;
  }

  private endWhenIdle(worker: CsvWorker): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      if (this.current !== worker || worker.pending.size > 0) return;
      this.current = undefined;
      void worker.end();
    }, this.idleEndMs);
    this.idleTimer.unref();
  }
}
