/**
 * Inserts that belong together (a part, its fitment, its photos and the event that records it),
 * written as one statement where the dialect can. On PostgreSQL each insert is a data-modifying
 * CTE of one statement: atomic on its own, one round trip where a transaction of them took one
 * each plus `begin` and `commit` (a create: five round trips, two with this). SQLite's CTEs cannot
 * write, and a statement costs it no round trip: there the inserts run one after the other, in the
 * caller's transaction.
 */
import { sql, type Compilable, type Kysely } from 'kysely';
import { isSqlite } from './parts-text-search.js';
import type { Database } from './schema.js';
import { preparedSql } from './prepared-statements.js';

/** An insert (or another write) that can run alone: Kysely's builders are. */
export interface Executable<R> extends Compilable<R> {
  execute(): Promise<R[]>;
}

/** How the statement is sent to PostgreSQL. */
export interface TogetherOptions {
  /**
   * As a named statement (`preparedSql`): only when its text cannot depend on the data, no list
   * of rows whose length varies (a part and its event, without fitment or photos: a create's
   * statement parsed and planned once per connection took PostgreSQL's CPU for a create from
   * 1.54–1.64 to 1.35–1.41 ms).
   */
  prepare?: boolean;
}

/**
 * Runs `first` and every one of `rest`, returns the rows `first` returns. On PostgreSQL one
 * statement, `with w0 as (first), w1 as (…) select * from w0`: all of it or none of it is written,
 * with or without a transaction around it (inside one its rows are seen by what follows, as
 * ever). On SQLite the statements one after the other: call it inside a transaction.
 */
export async function insertTogether<R>(
  db: Kysely<Database>,
  first: Executable<R>,
  rest: readonly Executable<unknown>[],
  options: TogetherOptions = {},
): Promise<R[]> {
  if (isSqlite(db)) {
    const rows = await first.execute();
    for (const write of rest) await write.execute();
    return rows;
  }
  const parts = [first, ...rest].map((write, index) => sql`${sql.id(`w${index}`)} as (${write})`);
  const statement = sql<R>`with ${sql.join(parts)} select * from w0`;
  const { rows } = await (options.prepare === true ? preparedSql(statement) : statement).execute(db);
  return rows;
}
