import { SqliteAdapter, type Kysely } from 'kysely';
import { countFunction, type CountTrigger } from './count-trigger.js';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the code sees it now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * 012: on PostgreSQL the count triggers lock their two rows in one order.
 *
 * A change that moves a part from one count row to another (a status change, a new category or
 * condition) took one from the old row, then added one to the new row. Two clerks moving two
 * parts of one category in opposite directions at once (disponibile → riservato and riservato →
 * disponibile) each held the row the other needed next: PostgreSQL broke the deadlock after a
 * second by failing one of them (40P01, answered 500; found by `bench/crash.mjs`). Now the row
 * whose key sorts first is always written first, by every transaction, so they wait in line
 * instead. The counts themselves are unchanged. SQLite has one writer at a time: nothing to do.
 */

const COUNTS: readonly CountTrigger[] = [
  { fn: 'parts_category_count', table: 'part_category_counts', keys: ['categoria', 'stato'] },
  { fn: 'parts_condition_count', table: 'part_condition_counts', keys: ['condizione'] },
];

async function replaceCountFunctions(db: Kysely<any>, ordered: boolean): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  for (const count of COUNTS) await countFunction(count, ordered).execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await replaceCountFunctions(db, true);
}

/** Back to 011: the functions as 006 and 009 wrote them. */
export async function down(db: Kysely<any>): Promise<void> {
  await replaceCountFunctions(db, false);
}
