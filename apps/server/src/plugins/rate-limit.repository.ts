import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { WindowState } from './rate-limit-counters.js';

/**
 * The database server's time in ms (the view of migration 008): every instance reads the windows
 * against this one clock. Fixed for the whole statement on both dialects.
 */
const databaseNow = sql<number>`(select now_ms from rate_limit_clock)`;

const windows = {
  count: sql.ref<number>('rate_limit_windows.count'),
  resetAt: sql.ref<number>('rate_limit_windows.reset_at'),
};

/** A window as read at the database's `now_ms`: an ended one holds no attempt. */
function toWindowState(row: { count: number; reset_at: number; now_ms: number }): WindowState {
  const ttlMs = row.reset_at - row.now_ms;
  return ttlMs > 0 ? { current: row.count, ttlMs } : { current: 0, ttlMs: 0 };
}

/**
 * Counts one attempt on `key` in ONE statement (an upsert): a new key, or one whose window has
 * ended, starts a window of `windowMs` at 1; a running one counts on. Instances counting at once
 * on one key are serialised by the row's lock (PostgreSQL) or the single writer (SQLite), so each
 * gets its own count.
 */
export async function incrementWindow(
  db: Kysely<Database>,
  key: string,
  windowMs: number,
): Promise<WindowState> {
  const ended = sql<boolean>`${windows.resetAt} <= ${databaseNow}`;
  const row = await db
    .insertInto('rate_limit_windows')
    .values({ key, count: 1, reset_at: sql<number>`${databaseNow} + ${windowMs}` })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        count: sql<number>`case when ${ended} then 1 else ${windows.count} + 1 end`,
        reset_at: sql<number>`case when ${ended} then ${databaseNow} + ${windowMs} else ${windows.resetAt} end`,
      }),
    )
    .returning(['count', 'reset_at', databaseNow.as('now_ms')])
    .executeTakeFirstOrThrow();
  return toWindowState(row);
}

/** The attempts counted on `key` in its running window (none when it has ended or never began). */
export async function readWindow(db: Kysely<Database>, key: string): Promise<WindowState> {
  const row = await db
    .selectFrom('rate_limit_windows')
    .select(['count', 'reset_at', databaseNow.as('now_ms')])
    .where('key', '=', key)
    .executeTakeFirst();
  return row ? toWindowState(row) : { current: 0, ttlMs: 0 };
}

/**
 * Deletes up to `batch` windows that have ended; returns how many. The outer condition is checked
 * again on each row as it is deleted, so a window that an instance has just restarted is kept.
 */
export async function deleteEndedWindows(db: Kysely<Database>, batch: number): Promise<number> {
  const result = await db
    .deleteFrom('rate_limit_windows')
    .where('reset_at', '<=', databaseNow)
    .where('key', 'in', (eb) =>
      eb
        .selectFrom('rate_limit_windows as ended')
        .select('ended.key')
        .where('ended.reset_at', '<=', databaseNow)
        .limit(batch),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
