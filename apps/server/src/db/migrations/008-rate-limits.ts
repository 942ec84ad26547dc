import { sql, SqliteAdapter, type Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the code sees it now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Rate-limit counters shared by every instance of the app (plugins/rate-limit-database-store.ts):
 * - rate_limit_windows: one row per counter (`<limit name>:<key>`), its attempts in the current
 *   window and the moment the window ends, in milliseconds since the epoch. Rows whose window
 *   has ended are swept by the store, in small batches found through the index on `reset_at`;
 * - rate_limit_clock: a one-row view of the database server's time in milliseconds. Every
 *   instance reads the windows against the same clock, so one whose own clock is off cannot end
 *   a window early (and give a guesser a fresh one); the dialect-specific expression of "now"
 *   lives here, the queries stay the same on both dialects. PostgreSQL's statement_timestamp() and
 *   SQLite's 'now' are each fixed for the whole statement, so one upsert sees one instant.
 * Nothing existing changes; the counters held in memory by the previous version are not carried
 * over (they were per process and end with it).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limit_windows')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limit_windows_reset_idx')
    .on('rate_limit_windows')
    .column('reset_at')
    .execute();
  const nowMs =
    db.getExecutor().adapter instanceof SqliteAdapter
      ? // julianday('now') has millisecond precision; rounded, the double lands on the exact ms.
        sql`cast(round((julianday('now') - 2440587.5) * 86400000) as integer)`
      : sql`(extract(epoch from statement_timestamp()) * 1000)::bigint`;
  await db.schema
    .createView('rate_limit_clock')
    .as(db.selectNoFrom(nowMs.as('now_ms')))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropView('rate_limit_clock').execute();
  await db.schema.dropTable('rate_limit_windows').execute();
}
