// A worker thread doing bulk work that no clerk waits on request by request (an export's rows, an
// Excel file, an uploaded spreadsheet) gives the CPU to the threads that answer requests. Plain
// JavaScript: worker threads, which cannot load TypeScript, call it when they start.
import fs from 'node:fs';
import os from 'node:os';

/**
 * The nice value of a background thread: scheduled after the main thread, SQLite's reader threads
 * and PostgreSQL's backends whenever they want a core (Linux weighs nice 10 at about a tenth of
 * nice 0), and given the whole of an idle one. On 2 cores, an Excel export of 10^6 parts on
 * PostgreSQL beside a part asked by id every 5 ms: the lookup's p99 21.5 → 15 ms (10^5: 19–31 →
 * 15–21), the export's own time unchanged, 35.6 s (bench/README.md, 2026-12-02).
 */
export const BACKGROUND_NICENESS = 10;

/**
 * Lowers the calling thread's CPU priority to BACKGROUND_NICENESS (never raises it: a server the
 * operator started nicer stays so), the process and its other threads untouched. Linux gives each
 * thread its own nice value (setpriority on its thread id, read from /proc/thread-self); lowering
 * one's own needs no privilege. Elsewhere, or if the system refuses, the thread runs on at its
 * priority: returns the thread id lowered, or undefined.
 * @returns {number | undefined}
 */
export function runInBackground() {
  try {
    const threadId = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isSafeInteger(threadId) || threadId <= 0) return undefined;
    if (os.getPriority(threadId) >= BACKGROUND_NICENESS) return undefined;
    os.setPriority(threadId, BACKGROUND_NICENESS);
    return threadId;
  } catch {
    return undefined;
  }
}
