// Merges the segments of SQLite's search indexes on a thread of its own, with its own connection:
// the merge is written a few pages at a time, each step its own short transaction, with a pause
// between steps, so the app's writes wait for one step's lock at most and its event loop never
// waits at all. Plain JavaScript: a worker thread cannot load TypeScript. What it is for, and the
// messages, are in search-index-merge.ts.
import { setTimeout as sleep } from 'node:timers/promises';
import { parentPort, workerData } from 'node:worker_threads';
import Database from './sqlite-driver.js';

if (!parentPort) throw new Error('search-index-merge-worker must run in a worker thread');
const port = parentPort;

/** @type {{ file: string, indexes: string[], stepPages: number, pauseMs: number, busyTimeoutMs: number }} */
const options = workerData;

let stopping = false;
port.on('message', (message) => {
  if (message === 'stop') stopping = true;
});
// Listening for 'stop' must not keep the thread alive: it ends when the merge is done.
port.unref();

const db = new Database(options.file, { fileMustExist: true });
db.pragma(`busy_timeout = ${Number(options.busyTimeoutMs)}`);
// The merge only rearranges what is already committed: a step lost to a power cut is merged again
// by a later run, so its commits need not wait for the disk.
db.pragma('synchronous = NORMAL');

/** @param {string} index */
const segmentsOf = (index) =>
  /** @type {number} */ (db.prepare(`select count(distinct segid) from ${index}_idx`).pluck().get());
const totalChanges = db.prepare('select total_changes()').pluck();

/** @type {{ index: string, segmentsBefore: number, segmentsAfter: number, steps: number, ms: number }[]} */
const reports = [];
try {
  for (const index of options.indexes) {
    const started = performance.now();
    const segmentsBefore = segmentsOf(index);
    // 'merge' with a positive budget merges a level holding at least `usermerge` segments (2, set
    // by migration 022), writing about that many pages; it did nothing when fewer than two rows
    // changed (FTS5's documented test), and then every level holds one segment at most.
    const merge = db.prepare(
      `insert into ${index} (${index}, rank) values ('merge', ${Number(options.stepPages)})`,
    );
    let steps = 0;
    while (!stopping) {
      const before = /** @type {number} */ (totalChanges.get());
      merge.run();
      steps += 1;
      if (/** @type {number} */ (totalChanges.get()) - before < 2) break;
      await sleep(options.pauseMs);
    }
    reports.push({
      index,
      segmentsBefore,
      segmentsAfter: segmentsOf(index),
      steps,
      ms: Math.round(performance.now() - started),
    });
  }
  port.postMessage({ reports, stopped: stopping });
} catch (error) {
  port.postMessage({ error: { message: error instanceof Error ? error.message : String(error) } });
} finally {
  db.close();
}
