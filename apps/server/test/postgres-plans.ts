import { CompiledQuery, sql, type Kysely } from 'kysely';
import { partsMatching, type TextSearch } from '../src/db/parts-text-search.js';
import type { Database } from '../src/db/schema.js';

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
