import { sql, SqliteAdapter, type Kysely, type RawBuilder } from 'kysely';
import { INDEXED_COLUMNS, OUT_OF_STOCK } from './search-columns.js';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the code sees it now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * 024 (PostgreSQL): the index of whole words SQLite has had since 023, the PostgreSQL way.
 *
 * A pg_trgm GIN index finds `%faro%` as the parts holding its trigrams, then checks LIKE on every
 * one of them (the recheck), and the planner weighs some 30 indexes of `parts` for each search:
 * at 10^5 parts `nome=faro&marca=fiat` took 2.8–3.7 ms to run and 2–6 ms to plan, `q=faro` 6.4 ms
 * to run. A term of ASCII letters and digits lies inside one word of the text (every other ASCII
 * character separates words), so it is found as the words that contain it: `search_words` lists
 * each word once (a pg_trgm GIN index of its own finds the words holding a term, in 0.1 ms), and
 * `parts_words` holds each part's words in an array with a GIN index, each word tagged with the
 * field it is in (`n:` nome, `m:` marca and the fitment's, `o:` modello and the fitment's, `t:`
 * every text field, `c:` the code and the donor vehicle's targa and telaio): a term is then
 * `words && '{t:faro,t:fari…}'`, exact, with no recheck, on a narrow table with few indexes to
 * plan (the same two searches 0.9 and 2.1 ms, planned in 0.1 ms).
 *
 * Only the words the list keeps are stored: four characters or more, not all digits (SQLite's
 * rule, db/search-words.ts); a term of three, or of digits alone, reads the trigram indexes as
 * before. The parts in stock and those sold or scrapped are under two partial GIN indexes (as
 * SQLite's two indexes, migration 022), so the default list reads the first alone.
 *
 * A trigger on `parts` writes a part's entry and lists its new words in the transaction of the
 * write; words are never taken out of the list (one no part holds any more finds nothing). A
 * restore loads parts with the triggers off and rebuilds the entries afterwards
 * (`parts_words_rebuild()`, called by db/backup-support.ts, `rebuildWordIndex`).
 *
 * SQLite: nothing (023).
 */

/**
 * Every ASCII character but letters and digits, where a word ends (FTS5's `ascii` tokenizer on
 * SQLite, db/search-words.ts): U+0000 cannot be in a PostgreSQL text.
 */
const SEPARATORS = String.raw`[\x01-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]+`;

/** `parts_word_set` of a row's columns (`new` in the trigger, `parts` in a read of the table). */
export function wordSetOf(row: 'new' | 'parts'): string {
  return `parts_word_set(${row}.nome_norm,
    ${row}.marca_norm || coalesce(chr(31) || ${row}.fitment_marca_norm, ''),
    ${row}.modello_norm || coalesce(chr(31) || ${row}.fitment_modello_norm, ''),
    ${row}.search_norm,
    ${row}.codice_key || coalesce(chr(31) || ${row}.vehicle_key, ''))`;
}

const isSqlite = (db: Kysely<any>) => db.getExecutor().adapter instanceof SqliteAdapter;

/**
 * `parts_words_rebuild()`: every part's entry made afresh and its words listed, here and by a
 * restore, which loads the parts with the triggers off (db/backup-support.ts, `rebuildWordIndex`).
 * Migration 027 writes it otherwise.
 */
export const REBUILD_FUNCTION = sql`parts_words_rebuild() returns void language sql as $$
    delete from parts_words;
    insert into parts_words (seq, in_stock, words)
      select seq, stato not in ${sql.raw(OUT_OF_STOCK)}, ${sql.raw(wordSetOf('parts'))} from parts;
    insert into search_words (word)
      select distinct substr(tagged, 3) from parts_words, unnest(words) as tagged order by 1
      on conflict do nothing;
  $$`;

/** The trigger's listing of a part's new words as 024 wrote it (026 writes it otherwise). */
export const PROBED_LISTING = sql`-- The words not listed yet (a probe each, half the time of ON CONFLICT on a listed word).
      insert into search_words (word)
        select word from (select distinct substr(tagged, 3) as word from unnest(part_words) as tagged) as part
        where not exists (select 1 from search_words as listed where listed.word = part.word)
        order by 1
        on conflict do nothing;`;

/**
 * `parts_words_write()`, the trigger function writing a part's entry (`stored`, an expression of
 * the part's words `part_words` and of `new`), then running `listing`, which lists the words of
 * `part_words` not listed yet, in order (two writes listing the same new words wait on them in one
 * order). Migrations 026 and 027 write it again with another `listing` or `stored`.
 */
export function writeFunction(
  listing: RawBuilder<unknown>,
  stored: RawBuilder<unknown> = sql`part_words`,
): RawBuilder<unknown> {
  const out = sql.raw(OUT_OF_STOCK);
  return sql`parts_words_write() returns trigger language plpgsql as $$
    declare
      part_words text[];
    begin
      if tg_op = 'DELETE' then
        delete from parts_words where seq = old.seq;
        return null;
      end if;
      part_words := ${sql.raw(wordSetOf('new'))};
      if tg_op = 'INSERT' then
        insert into parts_words (seq, in_stock, words) values (new.seq, new.stato not in ${out}, ${stored});
      else
        update parts_words set in_stock = new.stato not in ${out}, words = ${stored} where seq = old.seq;
      end if;
      ${listing}
      return null;
    end
  $$`;
}

export async function up(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) return;
  // A part's words, each tagged with its field, each once, sorted: those of four characters or
  // more that are not all digits. ~30–40 µs a part, most of it the split of search_norm (12 µs;
  // translate() to spaces took 44, regexp_matches of the long words about as long as the split).
  await sql`create function parts_word_set(nome text, marca text, modello text, search text, codes text)
    returns text[] language sql immutable parallel safe as $$
      select coalesce(array_agg(distinct field.tag || ':' || word), '{}')
      from (values ('n', nome), ('m', marca), ('o', modello), ('t', search), ('c', codes)) as field (tag, value),
        regexp_split_to_table(field.value, ${sql.raw(`'${SEPARATORS}'`)}) as word
      where length(word) >= 4 and word ~ '[^0-9]'
    $$`.execute(db);
  await sql`create table parts_words (
    seq bigint primary key,
    in_stock boolean not null,
    words text[] not null
  )`.execute(db);
  await sql`create table search_words (word text primary key)`.execute(db);

  const out = sql.raw(OUT_OF_STOCK);
  await sql`create function ${REBUILD_FUNCTION}`.execute(db);
  await sql`select parts_words_rebuild()`.execute(db);
  // Built after the rows, in one pass each.
  await sql`create index parts_words_in_stock_idx on parts_words using gin (words) where in_stock`.execute(
    db,
  );
  await sql`create index parts_words_out_idx on parts_words using gin (words) where not in_stock`.execute(db);
  await sql`create index search_words_trgm_idx on search_words using gin (word gin_trgm_ops)`.execute(db);

  // The part's entry, written again only when its text or its side of the stock changed.
  await sql`create function ${writeFunction(PROBED_LISTING)}`.execute(db);
  await sql`create trigger parts_words_insert after insert or delete on parts
    for each row execute function parts_words_write()`.execute(db);
  const changed = sql.raw(
    INDEXED_COLUMNS.map((column) => `new.${column} is distinct from old.${column}`).join(' or '),
  );
  await sql`create trigger parts_words_update after update of ${sql.raw(INDEXED_COLUMNS.join(', '))}, stato on parts
    for each row when ((${changed}) or ((old.stato in ${out}) <> (new.stato in ${out})))
    execute function parts_words_write()`.execute(db);
  await sql`analyze parts_words`.execute(db);
  await sql`analyze search_words`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) return;
  await sql`drop trigger parts_words_update on parts`.execute(db);
  await sql`drop trigger parts_words_insert on parts`.execute(db);
  await sql`drop function parts_words_write()`.execute(db);
  await sql`drop function parts_words_rebuild()`.execute(db);
  await sql`drop table search_words`.execute(db);
  await sql`drop table parts_words`.execute(db);
  await sql`drop function parts_word_set(text, text, text, text, text)`.execute(db);
}
