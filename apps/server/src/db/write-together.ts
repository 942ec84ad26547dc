/**
 * Inserts that belong together (a part, its fitment, its photos and the event that records it),
 * written as one unit. On PostgreSQL each insert is a data-modifying CTE of one statement: atomic
 * on its own, one round trip where a transaction of them took one each plus `begin` and `commit`
 * (a create: five round trips, two with this). SQLite's CTEs cannot write, and a statement costs
 * it no round trip: there the inserts are compiled and handed to the writes as one unit (the
 * writer thread's, db/sqlite-writer.ts, or the caller's transaction: `statementsOn`).
 */
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { isSqlite } from './parts-text-search.js';
import type { Database } from './schema.js';
import { preparedSql, type RowInsert } from './prepared-statements.js';
import type { UnitStatement } from './sqlite-writer.js';

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

/** What `writeTogether` needs of the database handle's writes (`DatabaseHandle['writes']`). */
export interface StatementWrites {
  statements<R>(unit: readonly UnitStatement[]): Promise<R[]>;
}

/** Runs a unit's statements one after the other on `db` (a transaction): the rows of the first. */
export async function runStatements<R>(db: Kysely<Database>, unit: readonly UnitStatement[]): Promise<R[]> {
  let rows: R[] = [];
  for (const [index, statement] of unit.entries()) {
    const result = await db.executeQuery<R>(CompiledQuery.raw(statement.sql, [...statement.parameters]));
    if (index === 0) rows = [...result.rows];
  }
  return rows;
}

/** Units run on `db` itself: in the caller's transaction (a bulk load, a test's rolled-back write). */
export function statementsOn(db: Kysely<Database>): StatementWrites {
  return { statements: (unit) => runStatements(db, unit) };
}

/**
 * Writes `first` and every one of `rest` as one unit, built on `db`; returns the rows `first`
 * returns. On PostgreSQL one statement, `with w0 as (first), w1 as (…) select * from w0`, run on
 * `db`: all of it or none of it is written, with or without a transaction around it. On SQLite the
 * statements compiled and given to `writes` as one unit, run one after the other.
 */
export async function writeTogether<R>(
  writes: StatementWrites,
  db: Kysely<Database>,
  first: RowInsert<R>,
  rest: readonly RowInsert<unknown>[],
  options: TogetherOptions = {},
): Promise<R[]> {
  if (isSqlite(db)) return writes.statements<R>([first, ...rest].map((write) => write.compile()));
  const parts = [first, ...rest].map((write, index) => sql`${sql.id(`w${index}`)} as (${write})`);
  const statement = sql<R>`with ${sql.join(parts)} select * from w0`;
  const { rows } = await (options.prepare === true ? preparedSql(statement) : statement).execute(db);
  return rows;
}
