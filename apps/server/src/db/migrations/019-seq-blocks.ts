import { sql, SqliteAdapter, type Kysely } from 'kysely';
import { countFunction, countStatements, type CountTrigger } from './count-trigger.js';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the code sees it now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * 019: part_seq_blocks counts the parts per block of 4,096 consecutive seqs and per status, kept by
 * triggers in the same transaction as every insert, delete and change of status, like
 * part_category_counts. A deep page of the list in registration order (`offset=50000`) then adds
 * up a few hundred counts to find the block its first part is in, and skips at most one block's
 * entries of the index, instead of walking 50,000 of them (parts.repository.ts, `seekBlock`).
 * A part's seq never changes (the bin gives it back on a restore), so neither does its block.
 */
const SEQ_BLOCK_SIZE = 4096;

export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable('part_seq_blocks')
    .addColumn('block', 'integer', (c) => c.notNull())
    .addColumn('stato', 'varchar(12)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('part_seq_blocks_pk', ['block', 'stato'])
    .execute();
  await sql`insert into part_seq_blocks (block, stato, count)
    select seq / ${sql.lit(SEQ_BLOCK_SIZE)}, stato, count(*) from parts
    group by seq / ${sql.lit(SEQ_BLOCK_SIZE)}, stato`.execute(db);
  const blocks: CountTrigger = {
    fn: 'parts_seq_block_count',
    table: 'part_seq_blocks',
    keys: ['block', 'stato'],
    of: { block: `seq / ${SEQ_BLOCK_SIZE}` },
  };
  if (sqlite) {
    const { take, add } = countStatements(blocks);
    await sql`create trigger parts_seq_block_insert after insert on parts begin ${sql.raw(add)} end`.execute(
      db,
    );
    await sql`create trigger parts_seq_block_delete after delete on parts begin ${sql.raw(take)} end`.execute(
      db,
    );
    await sql`create trigger parts_seq_block_update after update of stato on parts
      when old.stato <> new.stato begin ${sql.raw(take)} ${sql.raw(add)} end`.execute(db);
    return;
  }
  // Both rows of a status change are locked in the order of their keys, by every transaction
  // (as migration 012 made the other counts do), so two opposite moves wait instead of deadlocking.
  await countFunction(blocks, true).execute(db);
  await sql`create trigger parts_seq_block_write after insert or delete on parts
    for each row execute function parts_seq_block_count()`.execute(db);
  await sql`create trigger parts_seq_block_move after update of stato on parts
    for each row when (old.stato is distinct from new.stato)
    execute function parts_seq_block_count()`.execute(db);
}

/** Back to 018: the table and its triggers dropped; deep pages walk the index again. */
export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    for (const trigger of ['parts_seq_block_insert', 'parts_seq_block_delete', 'parts_seq_block_update']) {
      await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
    }
  } else {
    await sql`drop trigger if exists parts_seq_block_write on parts`.execute(db);
    await sql`drop trigger if exists parts_seq_block_move on parts`.execute(db);
    await sql`drop function if exists parts_seq_block_count()`.execute(db);
  }
  await db.schema.dropTable('part_seq_blocks').execute();
}
