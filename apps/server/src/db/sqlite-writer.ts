/**
 * SQLite's writes on a thread of their own. better-sqlite3 is synchronous: a create run on the
 * main connection held the event loop for its insert, the triggers that keep the search indexes
 * and counts, and its share of the commit, about half of what a create cost the main thread
 * (bench/README.md, "Creates written on a thread of their own"). Units of writes given as compiled
 * statements (`WriteBatcher.statements`) are sent here as they come and run on the writer
 * thread's connection, while the main thread goes on answering; the thread commits the units that
 * arrive while its transaction is open together (group commit, sqlite-write-worker.js).
 *
 * Messages: each unit `{ id, statements }` (each statement `{ sql, parameters }`) on a channel of
 * its own, answered on the worker's port by a list of `{ id, rows }` (the rows of the unit's first
 * statement) or `{ id, error }`, one list per transaction; 'close' on the worker's port closes the
 * connection and ends the thread.
 */
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import { endThread } from './worker-thread-end.js';
import { threadResourceLimits } from '../lib/thread-memory.js';

/** A statement of a unit: its SQL and parameters, as Kysely compiles them. */
export interface UnitStatement {
  sql: string;
  parameters: readonly unknown[];
}

/** A driver error raised on the writer thread, with SQLite's `code` kept (SQLITE_CONSTRAINT_UNIQUE, ...). */
export class SqliteWriteError extends Error {
  override name = 'SqliteWriteError';
  constructor(
    message: string,
    readonly code: unknown,
  ) {
    super(message);
  }
}

interface UnitReply {
  id: number;
  rows?: unknown[];
  error?: { message: string; code?: unknown };
}

/** A unit's outcome: its rows, or the error it failed with (it alone, or its whole transaction). */
export type UnitOutcome = { ok: true; rows: unknown[] } | { ok: false; error: Error };

export interface SqliteWriterOptions {
  /** The database file (WAL mode, already created and migrated by the main connection). */
  file: string;
  synchronous: 'FULL' | 'NORMAL';
  busyTimeoutMs?: number;
}

const WORKER_URL = new URL('./sqlite-write-worker.js', import.meta.url);

/**
 * Units of one transaction at most: units arriving faster than they commit join the open one,
 * and a transaction should stay short (the same bound as the batches on the main connection).
 */
const MAX_UNITS = 64;

/** How long a closing thread has to close its connection before it is ended from outside. */
const THREAD_END_WAIT_MS = 5000;

/** The thread and the channel its units travel on. */
interface Thread {
  worker: Worker;
  units: MessagePort;
}

/** The writer thread: started on the first unit, started again if it ever ends. */
export class SqliteWriter {
  private current: Thread | undefined;
  private readonly pending = new Map<number, (outcome: UnitOutcome) => void>();
  private readonly onIdle: (() => void)[] = [];
  private nextId = 0;
  private closed = false;

  constructor(private readonly options: SqliteWriterOptions) {}

  /** Units sent and not answered yet. */
  get inFlight(): number {
    return this.pending.size;
  }

  /**
   * Runs `statements` as one unit of writes on the writer thread, in the transaction open there or
   * the next one; resolves once it is committed (or refused), with its outcome.
   */
  unit(statements: readonly UnitStatement[]): Promise<UnitOutcome> {
    if (this.closed) return Promise.resolve({ ok: false, error: new Error('SQLite writer closed') });
    const thread = this.thread();
    const id = ++this.nextId;
    return new Promise<UnitOutcome>((resolve) => {
      this.pending.set(id, resolve);
      thread.worker.ref();
      thread.units.postMessage({
        id,
        statements: statements.map(({ sql, parameters }) => ({ sql, parameters })),
      });
    });
  }

  /** Resolves once every unit sent so far is answered. */
  idle(): Promise<void> {
    if (this.pending.size === 0) return Promise.resolve();
    return new Promise<void>((resolve) => this.onIdle.push(resolve));
  }

  private answer(id: number, outcome: UnitOutcome): void {
    const resolve = this.pending.get(id);
    if (!resolve) return;
    this.pending.delete(id);
    resolve(outcome);
    if (this.pending.size === 0) {
      this.current?.worker.unref();
      for (const idle of this.onIdle.splice(0)) idle();
    }
  }

  private thread(): Thread {
    if (this.current) return this.current;
    const { port1: units, port2 } = new MessageChannel();
    const worker = new Worker(WORKER_URL, {
      workerData: {
        file: this.options.file,
        busyTimeoutMs: this.options.busyTimeoutMs ?? 5000,
        synchronous: this.options.synchronous,
        statementCacheSize: 100,
        maxUnits: MAX_UNITS,
        port: port2,
      },
      transferList: [port2],
      resourceLimits: threadResourceLimits(),
    });
    // An idle thread must not keep the process alive; one with units in hand must.
    worker.unref();
    worker.on('message', (replies: UnitReply[]) => {
      for (const reply of replies) {
        this.answer(
          reply.id,
          reply.error
            ? { ok: false, error: new SqliteWriteError(reply.error.message, reply.error.code) }
            : { ok: true, rows: reply.rows ?? [] },
        );
      }
    });
    const fail = (error: Error) => {
      if (this.current?.worker === worker) this.current = undefined;
      for (const id of [...this.pending.keys()]) this.answer(id, { ok: false, error });
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`SQLite writer thread exited (code ${code})`)));
    this.current = { worker, units };
    return this.current;
  }

  /**
   * Ends the thread (`endThread`: it closes its connection itself), and refuses units from then
   * on. The caller lets its units finish first (`WriteBatcher.idle`).
   */
  async close(): Promise<void> {
    this.closed = true;
    const thread = this.current;
    if (!thread) return;
    this.current = undefined;
    await endThread(thread.worker, 'close', THREAD_END_WAIT_MS);
    thread.units.close();
  }
}
