import { CompiledQuery, sql, type Kysely } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../src/db/dialect.js';
import { partsMatching, type TextSearch } from '../src/db/parts-text-search.js';
import type { Database } from '../src/db/schema.js';
import type { TestDatabase } from './databases.js';

/**
 * PostgreSQL's plan of the query matching `search` (the seqs of its parts), with only bitmap scans
 * allowed: on a test's few rows the planner would read them all, so a test asking whether an index
 * can serve a condition takes the other reads away.
 */
export async function bitmapPlanOf(db: Kysely<Database>, search: TextSearch): Promise<string> {
  const query = partsMatching(db, search).query.select('parts.seq').compile();
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    await sql`set local enable_indexscan = off`.execute(trx);
    const explained = await trx.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
    );
    return explained.rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

/**
 * `database` opened with one connection for its reads (and one reader thread on SQLite), so that
 * `preparedStatements`, which reads a connection's own statements, sees every read's.
 */
export function openOnOneConnection(database: TestDatabase): DatabaseHandle {
  return openDatabase({
    databaseUrl: database.databaseUrl,
    dataDir: database.dataDir,
    pgReaders: 1,
    sqliteReaders: 1,
  });
}

/** A statement named on a PostgreSQL connection, and how many plans of each kind it was run with. */
export interface PreparedStatement {
  statement: string;
  generic_plans: string;
  custom_plans: string;
}

/** The statements named on `db`'s connection (`openOnOneConnection`) whose text holds `fragment`. */
export async function preparedStatements(
  db: Kysely<Database>,
  fragment: string,
): Promise<PreparedStatement[]> {
  const { rows } = await sql<PreparedStatement>`select statement, generic_plans, custom_plans
    from pg_prepared_statements where statement like ${`%${fragment}%`} order by name`.execute(db);
  return rows;
}
