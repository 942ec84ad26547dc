/**
 * The shards of the trigger-kept counts on PostgreSQL (migration 020): each connection's triggers
 * write their own row of a key, so concurrent writes never wait for one another on a count, and a
 * key's count is the sum of its rows. `foldCountShards` adds each key's rows up into shard 0 now
 * and then, so a read of the counts stays a read of about one row per key. SQLite keeps one row per
 * key (one writer at a time): nothing to fold.
 */
import { sql, SqliteAdapter, type Kysely } from 'kysely';
import type { Database } from './schema.js';

/** The tables of counts kept in shards, and the columns of their key (besides `shard`). */
const SHARDED_COUNTS = [
  { table: 'part_category_counts', keys: ['categoria', 'stato'] },
  { table: 'part_condition_counts', keys: ['condizione'] },
  { table: 'part_seq_blocks', keys: ['block', 'stato'] },
] as const;

/**
 * How long a fold waits for a row a writer holds before it gives up (and leaves that table for
 * the next fold): well under PostgreSQL's deadlock_timeout (1 s), so a fold that meets a writer
 * is always the one to step back, never the writer.
 */
const FOLD_LOCK_TIMEOUT = '100ms';

/** PostgreSQL's "lock not available" (lock_timeout expired). */
const LOCK_NOT_AVAILABLE = '55P03';

/**
 * Adds the shards of every key up into shard 0 and drops rows of zero, table by table, each in
 * its own short transaction. Returns how many rows it folded or dropped; a table whose rows a writer held
 * longer than FOLD_LOCK_TIMEOUT is left as it was, for the next fold.
 */
export async function foldCountShards(db: Kysely<Database>): Promise<number> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return 0;
  let removed = 0;
  for (const { table, keys } of SHARDED_COUNTS) {
    const counts = sql.table(table);
    const key = sql.join(keys.map((column) => sql.id(column)));
    try {
      removed += await db.transaction().execute(async (trx) => {
        await sql`set local lock_timeout = ${sql.lit(FOLD_LOCK_TIMEOUT)}`.execute(trx);
        const { rows } = await sql<{ moved: string }>`with moved as (
            delete from ${counts} where shard <> 0 returning ${key}, count
          ), summed as (
            select ${key}, sum(count) as count from moved group by ${key}
          ), folded as (
            insert into ${counts} (${key}, shard, count) select ${key}, 0, count from summed
            on conflict (${key}, shard) do update set count = ${counts}.count + excluded.count
          )
          select count(*) as moved from moved`.execute(trx);
        const zeros = await sql`delete from ${counts} where count = 0`.execute(trx);
        return Number(rows[0]?.moved ?? 0) + Number(zeros.numAffectedRows ?? 0n);
      });
    } catch (error) {
      if ((error as { code?: unknown }).code !== LOCK_NOT_AVAILABLE) throw error;
    }
  }
  return removed;
}
