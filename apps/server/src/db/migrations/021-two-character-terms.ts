import { sql, SqliteAdapter, type Kysely } from 'kysely';
import { INDEXED_COLUMNS } from './search-columns.js';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the code sees it now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * 021 (SQLite): a term of two characters is served by the index, like a longer one.
 *
 * Every value in parts_fts ends with U+001F, and the index's terms can be listed
 * (parts_fts_terms). A trigram index holds no term of two characters, but each occurrence of one
 * is the start of a trigram when the value goes on after it: closing every value with U+001F (the
 * separator search_norm already puts between its fields, a character nobody types) makes that
 * always so. A pair is then the trigrams that start with it, any of them (db/parts-text-search.ts),
 * instead of a read of the rows that, for a rare pair, was every row (`q=x5`: 47 ms at 10^5 parts,
 * 0.5 ms now). parts_fts_terms (an fts5vocab table over the index) lists the trigrams that start
 * with a pair and go on with a character outside ASCII, the ones a query cannot name beforehand.
 * The index is rebuilt from the parts.
 *
 * PostgreSQL: pg_trgm splits text into words and pads them, so a pair ending a word is in no
 * trigram a query can name. parts_pairs_trgm_idx indexes `parts_pair_text` of the part's text,
 * code and donor vehicle's keys: every run of characters other than ASCII letters and digits made
 * one 'j' (the letter yard text uses least), and a 'j' added at the end, so the whole is one word
 * where every pair of letters and digits is followed by one more. For a pair without 'j',
 * `parts_pair_text(…) ~ 'x5[a-z0-9]'` then reads the index (36 trigrams) and finds exactly the
 * parts holding it (db/parts-text-search.ts, `gated`; the search's LIKE still checks them).
 */

/** A part's values in the index, as migration 014 wrote them, each closed by U+001F when `closed`. */
function indexedValues(row: 'new' | 'parts', closed: boolean) {
  const end = closed ? ` || char(31)` : '';
  return sql.raw(`${row}.seq, ${row}.nome_norm${end},
    ${row}.marca_norm || coalesce(char(31) || ${row}.fitment_marca_norm, '')${end},
    ${row}.modello_norm || coalesce(char(31) || ${row}.fitment_modello_norm, '')${end},
    ${row}.search_norm${end},
    ${row}.codice_key || coalesce(char(31) || ${row}.vehicle_key, '')${end}`);
}

/** The triggers that keep parts_fts, and every part's entry written again, in the chosen form. */
async function rebuildIndex(db: Kysely<any>, closed: boolean): Promise<void> {
  await sql`drop trigger parts_fts_insert`.execute(db);
  await sql`drop trigger parts_fts_update`.execute(db);
  await sql`create trigger parts_fts_insert after insert on parts begin
    insert into parts_fts (rowid, f_nome, f_marca, f_modello, f_tutto, f_codice) values (${indexedValues('new', closed)});
  end`.execute(db);
  await sql`create trigger parts_fts_update after update of ${sql.raw(INDEXED_COLUMNS.join(', '))} on parts begin
    delete from parts_fts where rowid = old.seq;
    insert into parts_fts (rowid, f_nome, f_marca, f_modello, f_tutto, f_codice) values (${indexedValues('new', closed)});
  end`.execute(db);
  // parts_fts keeps no copy of the text (contentless): its entries are made again from the parts.
  await sql`insert into parts_fts (parts_fts) values ('delete-all')`.execute(db);
  await sql`insert into parts_fts (rowid, f_nome, f_marca, f_modello, f_tutto, f_codice)
    select ${indexedValues('parts', closed)} from parts`.execute(db);
  await sql`insert into parts_fts (parts_fts) values ('optimize')`.execute(db);
}

const isSqlite = (db: Kysely<any>) => db.getExecutor().adapter instanceof SqliteAdapter;

/** PostgreSQL: the text the index of pairs reads (one pg_trgm word), from a part's columns. */
const PAIR_TEXT = sql`parts_pair_text(search_norm || ' ' || codice_key || ' ' || coalesce(vehicle_key, ''))`;

export async function up(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) {
    await rebuildIndex(db, true);
    await sql`create virtual table parts_fts_terms using fts5vocab(parts_fts, 'row')`.execute(db);
    return;
  }
  await sql`create function parts_pair_text(text) returns text
    language sql immutable strict parallel safe
    as $$ select regexp_replace($1, '[^a-z0-9]+', 'j', 'g') || 'j' $$`.execute(db);
  await sql`create index parts_pairs_trgm_idx on parts using gin (${PAIR_TEXT} gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) {
    await sql`drop table parts_fts_terms`.execute(db);
    await rebuildIndex(db, false);
    return;
  }
  await sql`drop index parts_pairs_trgm_idx`.execute(db);
  await sql`drop function parts_pair_text(text)`.execute(db);
}
