/**
 * The heap limits of the server's worker threads (the SQLite reader and writer threads, the index
 * merge, PostgreSQL's export thread, the Excel writer, an import's parser).
 *
 * Each thread is a V8 isolate of its own, and V8 lets an isolate's young generation grow to a new
 * space of 32 MiB, which it keeps once grown: a reader thread that has rendered one export holds
 * 32 MiB of new space for the rest of the process's life, though a few MiB of it are in use. 24
 * MiB gives a new space of 16 MiB (V8 rounds the semi-spaces down to a power of two). Measured on
 * the searches at 10^6 parts (bench/cpu.mjs, the two alternated): 16 MiB cost the reader threads
 * no more CPU than 32, while 8 MiB cost 15 % more a search, the rows of a read in hand surviving
 * more scavenges (bench/README, "The threads' memory").
 */
import type { ResourceLimits } from 'node:worker_threads';

/** The young generation a worker thread may grow to, in MiB (see above). */
export const THREAD_YOUNG_GENERATION_MB = 24;

/** A worker's resource limits: the young generation above, and any limit of the caller's own. */
export function threadResourceLimits(limits: ResourceLimits = {}): ResourceLimits {
  return { maxYoungGenerationSizeMb: THREAD_YOUNG_GENERATION_MB, ...limits };
}
