import type { Worker } from 'node:worker_threads';

/**
 * Tells a worker thread holding a SQLite connection to close (`message`) and waits for it to end
 * on its own, for `waitMs` at most, then ends it from outside. A thread ended from outside with its
 * connection open leaves the driver's objects to be finalized while the thread is torn down, the
 * moment native addons are least safe in (better-sqlite3's own reports of aborts and crashes at
 * worker exit): it closes its statements and connection itself first. The thread is referenced
 * until it has ended, so whoever awaits the close gets to go on.
 */
export async function endThread(worker: Worker, message: unknown, waitMs: number): Promise<void> {
  worker.ref();
  const exited = new Promise<boolean>((resolve) => worker.once('exit', () => resolve(true)));
  worker.postMessage(message);
  let timer: NodeJS.Timeout | undefined;
  const ended = await Promise.race([
    exited,
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), waitMs))),
  ]);
  clearTimeout(timer);
  if (!ended) await worker.terminate();
}
