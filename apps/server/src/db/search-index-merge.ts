/**
 * SQLite: keeps the search indexes (parts_fts, parts_fts_out) in few segments.
 *
 * FTS5 writes the entries of every commit as a new segment and merges segments four at a time
 * (its `automerge`), so an index written by the triggers, a part or an import at a time, lies in
 * a dozen segments or more, and a search looks each of its terms up in every one of them and
 * merges what they hold. Measured at 10^5 parts seeded 5,000 a transaction: 12 segments, a word of
 * `q` 0.84 ms and nome+marca 1.08 ms in the engine; merged into 2, 0.50 and 0.85 ms (a single
 * segment, FTS5's 'optimize', is no faster and rewrites the whole index every time).
 *
 * `mergeSearchIndexes` merges every level holding two segments or more into one (FTS5's 'merge'
 * command, `usermerge` 2) on a worker thread with a connection of its own, a few pages a step
 * with a pause between steps: the reads never wait (WAL), the app's writes wait for one step's
 * lock at most (~2 ms, up to ~25 when a step ends a merge), and the event loop is never held.
 * The app runs it now and then when an index has more than MERGE_ABOVE_SEGMENTS segments
 * (plugins/database.ts).
 */
import { Worker } from 'node:worker_threads';
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.js';
import { threadResourceLimits } from '../lib/thread-memory.js';

const WORKER_URL = new URL('./search-index-merge-worker.js', import.meta.url);

/**
 * The FTS5 indexes of the parts: of trigrams (migration 022), of words, and of the list of words
 * (migration 023).
 */
export const SEARCH_INDEXES = [
  'parts_fts',
  'parts_fts_out',
  'parts_words',
  'parts_words_out',
  'search_words_fts',
] as const;

/** An index is merged when it has more segments than this (merged, one per level, it has 1–3). */
export const MERGE_ABOVE_SEGMENTS = 3;

/** What one run did to one index. */
export interface SearchIndexMerge {
  index: string;
  segmentsBefore: number;
  segmentsAfter: number;
  /** Merge steps written (the last one found nothing left to merge, unless the run was stopped). */
  steps: number;
  ms: number;
}

export interface MergeOptions {
  /** The indexes to merge (all of them unless told). */
  indexes?: readonly string[];
  /** Pages written per step (FTS5's merge budget). */
  stepPages?: number;
  /** Pause between two steps: the app's writes take the lock meanwhile. */
  pauseMs?: number;
  /** Ends the run after the step under way (a closing app). */
  signal?: AbortSignal;
}

/** The worker's one message: what it did, or why it could not. */
interface WorkerReply {
  reports?: SearchIndexMerge[];
  stopped?: boolean;
  error?: { message: string };
}

/** The number of segments of each search index, read with `db` (a reader will do). */
export async function searchIndexSegments(db: Kysely<Database>): Promise<Record<string, number>> {
  const counts = SEARCH_INDEXES.map(
    (index) => sql`(select count(distinct segid) from ${sql.table(`${index}_idx`)}) as ${sql.ref(index)}`,
  );
  const { rows } = await sql<Record<string, number>>`select ${sql.join(counts)}`.execute(db);
  return Object.fromEntries(SEARCH_INDEXES.map((index) => [index, Number(rows[0]?.[index] ?? 0)]));
}

/** Merges the segments of the search indexes of the SQLite database in `file` (see above). */
export function mergeSearchIndexes(
  file: string,
  { indexes = SEARCH_INDEXES, stepPages = 16, pauseMs = 20, signal }: MergeOptions = {},
): Promise<{ merges: SearchIndexMerge[]; stopped: boolean }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL, {
      workerData: { file, indexes: [...indexes], stepPages, pauseMs, busyTimeoutMs: 5000 },
      resourceLimits: threadResourceLimits(),
    });
    const stop = () => worker.postMessage('stop');
    signal?.addEventListener('abort', stop, { once: true });
    // Settled when the thread has ended (its connection closed), with what it said before.
    let outcome: { merges: SearchIndexMerge[]; stopped: boolean } | Error | undefined;
    worker.once('message', (message: WorkerReply) => {
      outcome = message.error
        ? new Error(`search index merge failed: ${message.error.message}`)
        : { merges: message.reports ?? [], stopped: message.stopped ?? false };
    });
    worker.once('error', (error) => (outcome = error));
    worker.once('exit', (code) => {
      signal?.removeEventListener('abort', stop);
      if (outcome === undefined) reject(new Error(`search index merge ended (exit code ${code})`));
      else if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    });
    if (signal?.aborted) stop();
  });
}
