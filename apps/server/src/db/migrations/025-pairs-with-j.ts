import { sql, SqliteAdapter, type Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the code sees it now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * 025 (PostgreSQL; nothing on SQLite, whose index serves every pair): the index of pairs serves a
 * pair holding 'j' too.
 *
 * Migration 021's `parts_pair_text` wrote every run of characters other than ASCII letters and
 * digits as one 'j', so a 'j' in the text could not be told from a separator and a pair holding
 * one was never read through the index: such a pair, rare in an Italian yard's text, was looked
 * for by reading the parts newest first until a page was full, up to the whole table (`q=j2`, 303
 * parts of 10^6: 440 ms). Now every 'j' of the text is written 'jj' before the separators are
 * made one 'j'. A pair without 'j' reads the index as before (`x5` then any letter or digit); a
 * pair with one is three or four letters of the written text (`j2` → `jj2`, `aj` → `ajj`), one
 * trigram, found in the parts holding the pair and in the few where a word ending in 'j' or
 * before a word starting with 'j' makes the same letters (the search's LIKE drops those).
 *
 * A letter or digit standing alone (between separators) is left out first: it is in no pair, and
 * a yard's locations are full of them. A shelf 'J' before a bay '2' wrote `jjjj2`, so at 10^6
 * parts `j2` found 16,846 parts through the index, 302 of them holding it (550 ms, more than
 * reading the rows); without the lone characters, the 302 alone.
 */

const isSqlite = (db: Kysely<any>) => db.getExecutor().adapter instanceof SqliteAdapter;

/** The index of 021 over `parts_pair_text`, as 021 created it. */
const createIndex = sql`create index parts_pairs_trgm_idx on parts using gin
  (parts_pair_text(search_norm || ' ' || codice_key || ' ' || coalesce(vehicle_key, '')) gin_trgm_ops)`;

/** Writes the function with `body` and the index over it afresh (the index holds its results). */
async function rewrite(db: Kysely<any>, body: string): Promise<void> {
  await sql`drop index parts_pairs_trgm_idx`.execute(db);
  await sql`create or replace function parts_pair_text(text) returns text
    language sql immutable strict parallel safe
    as ${sql.raw(`$$ select ${body} $$`)}`.execute(db);
  await createIndex.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) return;
  await rewrite(
    db,
    `regexp_replace(replace(regexp_replace(' ' || $1 || ' ', '[^a-z0-9]+[a-z0-9](?=[^a-z0-9])', ' ', 'g'),
      'j', 'jj'), '[^a-z0-9]+', 'j', 'g') || 'j'`,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) return;
  await rewrite(db, `regexp_replace($1, '[^a-z0-9]+', 'j', 'g') || 'j'`);
}
