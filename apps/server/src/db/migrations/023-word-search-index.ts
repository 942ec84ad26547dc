import { sql, SqliteAdapter, type Kysely } from 'kysely';
import { INDEXED_COLUMNS, OUT_OF_STOCK } from './search-columns.js';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the code sees it now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * 023 (SQLite): an index of whole words beside the trigram indexes, and the list of every word.
 *
 * A trigram index finds a word of n letters as a phrase of n − 2 trigrams, checking where each one
 * is in every part holding all of them; where two words are both common and rarely together, a
 * count walks every part holding either. At 10^6 parts `alternatore punto` (224 parts) took 14.7
 * ms inside SQLite, `specchietto clio` 6.9 ms. A term of letters and digits lies inside one word of
 * the text (every other ASCII character separates words), so it is found as the words that contain
 * it: `search_words` lists each word once, with a trigram index of its own (`search_words_fts`), and
 * `parts_words` (the parts in stock) and `parts_words_out` (sold or scrapped) index the parts by
 * whole words: the same two searches 0.53 and 0.62 ms (db/parts-text-search.ts, `wordFormsOf`).
 * The list keeps the words of four characters or more that are not all digits: the terms it serves.
 *
 * The word indexes hold the same five columns as parts_fts, cut by FTS5's `ascii` tokenizer (a word
 * is a run of ASCII letters and digits and any other character above ASCII), with `detail=column`
 * (a column filter, never a phrase: a term is one word). The triggers mirror migration 022's. The
 * words of a part written are added to `search_words` by the triggers, through the function
 * `search_words` (db/search-words.ts), which the app registers on its connection: a write to
 * `parts` from a connection without it fails ("no such function"), it never leaves a word out.
 * Words are never taken out of the list: one no part holds any more finds nothing.
 *
 * PostgreSQL: nothing (its trigram GIN indexes are on the rows).
 */

/** A part's values in the word index: migration 021's values, U+001F a separator like any other. */
function indexedValues(row: 'new' | 'parts') {
  return sql.raw(`${row}.seq, ${row}.nome_norm,
    ${row}.marca_norm || coalesce(char(31) || ${row}.fitment_marca_norm, ''),
    ${row}.modello_norm || coalesce(char(31) || ${row}.fitment_modello_norm, ''),
    ${row}.search_norm,
    ${row}.codice_key || coalesce(char(31) || ${row}.vehicle_key, '')`);
}

/** The words of the part `new` added to search_words, each once. */
const ADD_WORDS = sql.raw(`insert or ignore into search_words (word)
    select value from json_each(search_words(${INDEXED_COLUMNS.map((column) => `new.${column}`).join(', ')}))`);

const COLUMNS = sql.raw('rowid, f_nome, f_marca, f_modello, f_tutto, f_codice');

const TRIGGERS = [
  'parts_words_insert',
  'parts_words_out_insert',
  'parts_words_delete',
  'parts_words_out_delete',
  'parts_words_update',
] as const;

const isSqlite = (db: Kysely<any>) => db.getExecutor().adapter instanceof SqliteAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  if (!isSqlite(db)) return;
  for (const index of ['parts_words', 'parts_words_out']) {
    await sql`create virtual table ${sql.table(index)} using fts5(
      f_nome, f_marca, f_modello, f_tutto, f_codice,
      content = '', contentless_delete = 1, tokenize = 'ascii', detail = 'column'
    )`.execute(db);
    await sql`create virtual table ${sql.table(`${index}_terms`)} using fts5vocab(${sql.table(index)}, 'row')`.execute(
      db,
    );
    await sql`insert into ${sql.table(index)} (${sql.id(index)}, rank) values ('usermerge', 2)`.execute(db);
  }
  await sql`create table search_words (id integer primary key, word text not null unique)`.execute(db);
  // The trigram index of the words, exact (case_sensitive: the words are folded already, and a
  // word it found for a term it does not hold would find parts that do not match).
  await sql`create virtual table search_words_fts using fts5(
    word, content = 'search_words', content_rowid = 'id', tokenize = 'trigram case_sensitive 1'
  )`.execute(db);
  await sql`insert into search_words_fts (search_words_fts, rank) values ('usermerge', 2)`.execute(db);
  await sql`create trigger search_words_insert after insert on search_words begin
    insert into search_words_fts (rowid, word) values (new.id, new.word);
  end`.execute(db);

  const out = sql.raw(OUT_OF_STOCK);
  await sql`insert into parts_words (${COLUMNS}) select ${indexedValues('parts')} from parts
    where stato not in ${out}`.execute(db);
  await sql`insert into parts_words_out (${COLUMNS}) select ${indexedValues('parts')} from parts
    where stato in ${out}`.execute(db);
  // The words as the index cut them, those the list keeps (db/search-words.ts, isListedWord): four
  // characters or more, not all digits.
  const listed = sql.raw(`length(term) >= 4 and term glob '*[^0-9]*'`);
  await sql`insert or ignore into search_words (word)
    select term from parts_words_terms where ${listed}
    union select term from parts_words_out_terms where ${listed}
    order by 1`.execute(db);

  await sql`create trigger parts_words_insert after insert on parts when new.stato not in ${out} begin
    insert into parts_words (${COLUMNS}) values (${indexedValues('new')});
    ${ADD_WORDS};
  end`.execute(db);
  await sql`create trigger parts_words_out_insert after insert on parts when new.stato in ${out} begin
    insert into parts_words_out (${COLUMNS}) values (${indexedValues('new')});
    ${ADD_WORDS};
  end`.execute(db);
  await sql`create trigger parts_words_delete after delete on parts when old.stato not in ${out} begin
    delete from parts_words where rowid = old.seq;
  end`.execute(db);
  await sql`create trigger parts_words_out_delete after delete on parts when old.stato in ${out} begin
    delete from parts_words_out where rowid = old.seq;
  end`.execute(db);
  const changed = sql.raw(INDEXED_COLUMNS.map((column) => `new.${column} is not old.${column}`).join(' or '));
  await sql`create trigger parts_words_update
    after update of ${sql.raw(INDEXED_COLUMNS.join(', '))}, stato on parts
    when (${changed}) or ((old.stato in ${out}) <> (new.stato in ${out})) begin
    delete from parts_words where rowid = old.seq and old.stato not in ${out};
    delete from parts_words_out where rowid = old.seq and old.stato in ${out};
    insert into parts_words (${COLUMNS}) select ${indexedValues('new')} where new.stato not in ${out};
    insert into parts_words_out (${COLUMNS}) select ${indexedValues('new')} where new.stato in ${out};
    ${ADD_WORDS} where ${changed};
  end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isSqlite(db)) return;
  for (const name of TRIGGERS) await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
  await sql`drop trigger if exists search_words_insert`.execute(db);
  for (const table of [
    'search_words_fts',
    'search_words',
    'parts_words_terms',
    'parts_words',
    'parts_words_out_terms',
    'parts_words_out',
  ]) {
    await sql`drop table ${sql.table(table)}`.execute(db);
  }
}
