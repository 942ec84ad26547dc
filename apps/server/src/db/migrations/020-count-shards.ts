import { sql, SqliteAdapter, type Kysely } from 'kysely';
import { countFunction, type CountTrigger } from './count-trigger.js';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the code sees it now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * 020: on PostgreSQL the tables of counts kept by triggers (part_category_counts,
 * part_condition_counts, part_seq_blocks) hold one row per key and shard, and a key's count is
 * the sum of its rows.
 *
 * Every new part added one to the same three rows (its category and status, its condition, the
 * newest block of seqs), and each transaction held those rows locked from its insert to its commit:
 * concurrent creates waited for one another (sampled during 10 clients creating parts: most
 * connections in `Lock:transactionid` at any moment, 470 creates/s at 10^5 parts). Now a trigger
 * writes the row of its connection's shard (`pg_backend_pid() % 16`): transactions of different
 * connections touch different rows, and a connection runs one transaction at a time. The readers
 * already add the rows of a key up (they added the statuses); db/count-shards.ts folds the shards
 * of each key back into shard 0 from time to time, so the tables stay about as small as before.
 *
 * The rows as they are become shard 0; the trigger functions keep 012's order of locking. SQLite
 * has one writer at a time: nothing to do there.
 */

/** The shard a connection's triggers write: one of 16, by its server process. */
const SHARD = 'pg_backend_pid() % 16';

interface ShardedCount extends CountTrigger {
  /** The name of the primary key, as the migration that made the table gave it. */
  primaryKey: string;
}

const COUNTS: readonly ShardedCount[] = [
  {
    fn: 'parts_category_count',
    table: 'part_category_counts',
    keys: ['categoria', 'stato'],
    primaryKey: 'part_category_counts_pk',
  },
  {
    fn: 'parts_condition_count',
    table: 'part_condition_counts',
    keys: ['condizione'],
    primaryKey: 'part_condition_counts_pkey',
  },
  {
    fn: 'parts_seq_block_count',
    table: 'part_seq_blocks',
    keys: ['block', 'stato'],
    of: { block: 'seq / 4096' },
    primaryKey: 'part_seq_blocks_pk',
  },
];

const isSqlite = (db: Kysely<any>) => db.getExecutor().adapter instanceof SqliteAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) return;
  for (const count of COUNTS) {
    const table = sql.table(count.table);
    await sql`alter table ${table} add column shard smallint not null default 0`.execute(db);
    await sql`alter table ${table} drop constraint ${sql.id(count.primaryKey)}`.execute(db);
    await sql`alter table ${table} add constraint ${sql.id(count.primaryKey)}
      primary key (${sql.join([...count.keys, 'shard'].map((key) => sql.id(key)))})`.execute(db);
    await countFunction(count, true, SHARD).execute(db);
  }
}

/** Back to 019: each key's shards added up into one row, the functions as 012 and 019 wrote them. */
export async function down(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) return;
  for (const count of COUNTS) {
    const table = sql.table(count.table);
    const keys = sql.join(count.keys.map((key) => sql.id(key)));
    await sql`lock table ${table} in exclusive mode`.execute(db);
    await sql`create temporary table count_shards_folded as
      select ${keys}, sum(count)::integer as count from ${table} group by ${keys}`.execute(db);
    await sql`delete from ${table}`.execute(db);
    await sql`alter table ${table} drop constraint ${sql.id(count.primaryKey)}`.execute(db);
    await sql`alter table ${table} drop column shard`.execute(db);
    await sql`insert into ${table} (${keys}, count)
      select ${keys}, count from count_shards_folded where count > 0`.execute(db);
    await sql`drop table count_shards_folded`.execute(db);
    await sql`alter table ${table} add constraint ${sql.id(count.primaryKey)}
      primary key (${keys})`.execute(db);
    await countFunction(count, true).execute(db);
  }
}
