/**
 * A worker thread that answers requests by id: SQLite's reader threads (db/sqlite-read-pool.ts)
 * and PostgreSQL's CSV thread (db/pg-csv-thread.ts). It keeps the requests not answered yet, holds
 * the process open only while it has some, fails them all when the thread dies, and ends the thread
 * the way worker-thread-end.ts says.
 */
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { endThread } from './worker-thread-end.js';

/** A reply of the thread: the id of the request it answers, or a failure of it. */
export interface ThreadReply {
  id: number;
  error?: { message: string; code?: unknown };
}

export interface WorkerRequestsOptions {
  /** The thread's name in the error of a thread that exited ('SQLite reader thread'). */
  name: string;
  /** The error a request fails with when the thread reports one (keeping the driver's code). */
  errorOf(error: { message: string; code?: unknown }): Error;
  /** A message of the thread that answers no request (a report of its own). */
  onReport?(message: unknown): void;
  /** Told once, when the thread has failed or ended. */
  onExit(): void;
}

/**
 * How long a closing thread has to close its connections and end on its own before it is ended
 * from outside: the close waits behind a read that outlived the grace of `stop`.
 */
const THREAD_END_WAIT_MS = 1000;

interface Pending<R> {
  resolve(reply: R): void;
  reject(error: Error): void;
}

/** `Q`: the requests the thread answers, each with its id; `R`: its replies. */
export class WorkerRequests<Q extends { id: number }, R extends ThreadReply> {
  private readonly pending = new Map<number, Pending<R>>();
  private readonly worker: Worker;
  private failure: Error | undefined;
  private ended = false;
  /** Told when the last request in hand is answered. */
  private readonly onIdle: (() => void)[] = [];

  constructor(url: URL, workerOptions: WorkerOptions, options: WorkerRequestsOptions) {
    this.worker = new Worker(url, workerOptions);
    // An idle thread must not keep the process alive; a thread with work in hand must.
    this.worker.unref();
    this.worker.on('message', (reply: R) => {
      const pending = this.pending.get(reply.id);
      if (!pending) {
        options.onReport?.(reply);
        return;
      }
      this.pending.delete(reply.id);
      if (this.pending.size === 0) this.idle();
      if (reply.error) pending.reject(options.errorOf(reply.error));
      else pending.resolve(reply);
    });
    const fail = (error: Error) => {
      this.failure ??= error;
      for (const pending of this.pending.values()) pending.reject(error);
      this.pending.clear();
      this.idle();
      options.onExit();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => {
      this.ended = true;
      fail(new Error(`${options.name} exited (code ${code})`));
    });
  }

  get alive(): boolean {
    return this.failure === undefined;
  }

  /** Requests sent and not answered yet. */
  get inHand(): number {
    return this.pending.size;
  }

  /** Sends a request; resolves with the thread's reply to it. */
  request(request: Q): Promise<R> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<R>((resolve, reject) => {
      this.pending.set(request.id, { resolve, reject });
      this.worker.ref();
      this.worker.postMessage(request);
    });
  }

  /** Sends a message that gets no reply (a stream's cancel), unless the thread is gone. */
  tell(message: unknown): void {
    if (!this.failure) this.worker.postMessage(message);
  }

  /**
   * Lets the requests in hand finish (for at most `graceMs`), then ends the thread: told to close
   * (`closeMessage`), it closes its connections itself and stops; one still busy
   * THREAD_END_WAIT_MS later is ended from outside (worker-thread-end.ts).
   */
  async stop(graceMs: number, closeMessage: unknown, closed: Error): Promise<void> {
    if (this.pending.size > 0 && !this.failure) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        new Promise<void>((resolve) => this.onIdle.push(resolve)),
        new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs))),
      ]);
      clearTimeout(timer);
    }
    this.failure ??= closed;
    if (this.ended) return;
    await endThread(this.worker, closeMessage, THREAD_END_WAIT_MS);
  }

  private idle(): void {
    this.worker.unref();
    for (const resolve of this.onIdle.splice(0)) resolve();
  }
}
