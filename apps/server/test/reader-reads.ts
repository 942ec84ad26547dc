import { vi } from 'vitest';
import { SqliteReadPool } from '../src/db/sqlite-read-pool.js';

/**
 * Counts, from now on, the reads sent to SQLite's reader threads whose SQL holds `fragment` (call it
 * in `beforeEach`; `vi.restoreAllMocks()` in `afterEach` ends it). The reads still run.
 */
export function readerThreadReads(fragment: string): () => number {
  const all = vi.spyOn(SqliteReadPool.prototype, 'all');
  return () => all.mock.calls.filter(([text]) => text.includes(fragment)).length;
}
