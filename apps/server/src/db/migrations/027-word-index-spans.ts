import { sql, SqliteAdapter, type Kysely } from 'kysely';
import { REBUILD_FUNCTION, wordSetOf, writeFunction } from './024-postgres-word-index.js';
import { CONFLICT_LISTING } from './026-word-list-on-conflict.js';
import { OUT_OF_STOCK } from './search-columns.js';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the code sees it now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * 027 (PostgreSQL; nothing on SQLite): each word of `parts_words` (migration 024) is tagged with
 * the span of 65,536 registrations its part belongs to (`n:faro/15`: seq >> 16), so a search reads
 * the newest span first and stops at its count's limit.
 *
 * A GIN index hands over every match of its condition at once, in no order: a search of common
 * words built the whole bitmap of both words' parts (`nome=faro&marca=fiat` at 10^6 parts: 33,000
 * and 91,000 parts, 3.8 ms), read 1,001 of the matches for the count (1.6 ms), then walked the
 * parts newest first to find the page (7,257 parts, 4.9 ms): 10.8 ms. Word by span, each span's
 * lists are a sixteenth of the word's at 10^6 parts, and the spans are read newest first, each
 * sorted, until the count's limit: the same search reads 6 spans of 16, 1,001 matches, 3 ms; the
 * page is the first 20 of them. A rare search reads every span (16 small lookups at 10^6 parts
 * instead of one: `alternatore punto` 2.4 → 2.7–3.2 ms); at 10^5 parts there are two spans.
 *
 * The list of words (`search_words`) stays as it was: a search looks its terms up there, then
 * tags each word found with each span it reads (`parts_word_span`).
 *
 * The GIN indexes are built again without their pending list (`fastupdate = off`): PostgreSQL
 * queues a write's entries there (up to 4 MB) until a vacuum or a full list merges them, and every
 * scan of the index reads the whole list, a search now once per span: after 5,000 parts written,
 * `nome=centr&marca=opel` at 10^5 parts took 12–15 ms instead of 1.2–1.4 until a vacuum. Without
 * it each write adds its entries to the index at once: 5,000 parts written in 2.9 s instead of
 * 2.4–2.5 (about 0.1 ms more a part, beside the part's other indexes).
 */

const isSqlite = (db: Kysely<any>) => db.getExecutor().adapter instanceof SqliteAdapter;

/** A part's tagged words as stored from 027 on, `seq` its registration. */
const spanned = (words: string, seq: string) => `parts_word_span(${words}, ${seq} >> 16)`;

/** The statements creating parts_words' GIN indexes (024's), `options` their `with (…)` or none. */
function createIndexes(options: string): string[] {
  const using = `using gin (words) ${options}`;
  return [
    `create index parts_words_in_stock_idx on parts_words ${using} where in_stock`,
    `create index parts_words_out_idx on parts_words ${using} where not in_stock`,
  ];
}

/**
 * parts_words_rebuild() from 027 on, run by this migration and by a restore: the entries tagged
 * with their span, written into an emptied table and indexed afterwards in one pass each (into the
 * indexes as they stand, without a pending list, 10^5 parts took 16 s instead of 9.9), then
 * analysed (a restored database is searched at once); the list as before.
 */
const SPANNED_REBUILD = sql`parts_words_rebuild() returns void language plpgsql as $$
  begin
    truncate parts_words;
    drop index if exists parts_words_in_stock_idx;
    drop index if exists parts_words_out_idx;
    insert into parts_words (seq, in_stock, words)
      select seq, stato not in ${sql.raw(OUT_OF_STOCK)}, ${sql.raw(spanned(wordSetOf('parts'), 'seq'))} from parts;
    ${sql.raw(createIndexes('with (fastupdate = off)').join(';\n    '))};
    analyze parts_words;
    insert into search_words (word)
      select distinct split_part(substr(tagged, 3), '/', 1) from parts_words, unnest(words) as tagged order by 1
      on conflict do nothing;
  end
$$`;

export async function up(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) return;
  // Tagged words, each tagged again with the span ('/' separates words: never inside one).
  await sql`create function parts_word_span(words text[], span bigint) returns text[]
    language sql immutable strict parallel safe as $$
      select array(select tagged || '/' || span from unnest(words) as tagged)
    $$`.execute(db);
  // The spans newest first. A function of its own so the planner expects a few of them (ROWS):
  // generate_series of a subquery's bound is planned as 1,000 rows, a search then cost like 1,000
  // reads of the index, and above 100,000 PostgreSQL compiled it with JIT first (8–30 ms a search).
  await sql`create function parts_word_spans() returns setof bigint
    language plpgsql stable parallel safe rows 16 as $$
      begin
        return query select generate_series((select max(seq) >> 16 from parts_words), 0, -1);
      end
    $$`.execute(db);
  await sql`create or replace function ${writeFunction(CONFLICT_LISTING, sql.raw(spanned('part_words', 'new.seq')))}`.execute(
    db,
  );
  await sql`create or replace function ${SPANNED_REBUILD}`.execute(db);
  await sql`select parts_words_rebuild()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) return;
  await sql`create or replace function ${writeFunction(CONFLICT_LISTING)}`.execute(db);
  // 024's rebuild (a SQL function), into an emptied table, the indexes as 024 built them.
  await sql`drop function parts_words_rebuild()`.execute(db);
  await sql`create function ${REBUILD_FUNCTION}`.execute(db);
  await sql`drop index parts_words_in_stock_idx`.execute(db);
  await sql`drop index parts_words_out_idx`.execute(db);
  await sql`truncate parts_words`.execute(db);
  await sql`select parts_words_rebuild()`.execute(db);
  for (const statement of createIndexes('')) await sql.raw(statement).execute(db);
  await sql`analyze parts_words`.execute(db);
  await sql`drop function parts_word_span(text[], bigint)`.execute(db);
  await sql`drop function parts_word_spans()`.execute(db);
}
