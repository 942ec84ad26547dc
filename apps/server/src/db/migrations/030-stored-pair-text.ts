import { sql, SqliteAdapter, type Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the code sees it now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * 030 (PostgreSQL; nothing on SQLite, whose index serves every pair): the text the index of pairs
 * reads is stored with the part (`parts.pair_text`, a generated column), instead of being an
 * expression of the index.
 *
 * A GIN trigram index gives candidates, and PostgreSQL checks each against the index's condition
 * again (the recheck). Over the expression of migrations 021 and 025 that meant computing
 * `parts_pair_text` (three regular expressions over the part's text) for every candidate, so a
 * pair was read through the index only when few parts held it (at most 13 of the newest 2,000): a
 * pair in 1–5 % of the parts was counted on the rows, reading until 1,001 matched (`q=fe` at 10^5
 * parts: 1,666 parts hold it, 58,734 rows read, 41 ms). With the text stored, the recheck is one
 * regular expression on a column: the same count through the index reads the 1,001 rows, 4.3 ms.
 *
 * The column is computed by PostgreSQL from the part's own columns on every write (the same
 * function, so the same text the expression index held); a backup leaves it out
 * (modules/backup/backup-scope.ts, `COMPUTED_COLUMNS`) and a restore's inserts compute it afresh.
 * Adding it writes every part again: 12 s for 100,000 parts and 120 s for 1,000,000 on a 2-core
 * machine, which a start waits for (`pluginTimeout` in app.ts).
 */

const isSqlite = (db: Kysely<any>) => db.getExecutor().adapter instanceof SqliteAdapter;

/** The text of migrations 021 and 025, from a part's columns. */
const PAIR_TEXT = sql`parts_pair_text(search_norm || ' ' || codice_key || ' ' || coalesce(vehicle_key, ''))`;

export async function up(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) return;
  await sql`drop index parts_pairs_trgm_idx`.execute(db);
  await sql`alter table parts add column pair_text text generated always as (${PAIR_TEXT}) stored`.execute(
    db,
  );
  // The same name: the plans name it, and nothing else reads pairs.
  await sql`create index parts_pairs_trgm_idx on parts using gin (pair_text gin_trgm_ops)`.execute(db);
  // The column's statistics, which estimate how many parts a pair's pattern matches.
  await sql`analyze parts`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) return;
  await sql`alter table parts drop column pair_text`.execute(db);
  await sql`create index parts_pairs_trgm_idx on parts using gin (${PAIR_TEXT} gin_trgm_ops)`.execute(db);
}
