/**
 * The dialect-specific half of the parts search: how the folded search columns are matched.
 * SQLite reads an FTS5 trigram index (parts_fts, migration 004); PostgreSQL uses LIKE on columns
 * with pg_trgm GIN indexes. Both see the same folded text (lib/text-fold.ts), so they find the
 * same parts. A term of two characters is served too (migration 021): on SQLite any ASCII pair,
 * every value in the index ending with U+001F so that each occurrence of a pair starts a trigram
 * (`pairClause`); on PostgreSQL a rare pair of letters and digits, through an index of the text
 * with lone characters left out, 'j' written 'jj' and everything else 'j' (`gated`,
 * `pairsToIndex`). A single character, and a pair neither index serves, are checked on the rows
 * the other conditions leave, or, alone, by reading the rows in order (correct: a common one finds
 * a page and its count in a few rows, a rare one reads up to the whole table).
 *
 * On SQLite a search whose every term is four or more ASCII letters and digits reads the word
 * indexes instead (migration 023, `wordFormsOf`): each term is the OR of the listed words that
 * contain it (a term lies inside one word), so `alternatore punto` walks two words' lists instead of
 * checking the places of ten trigrams in every part holding them (14.7 → 0.5 ms at 10^6 parts). A
 * term of digits alone, or found in no word or in too many, reads the trigrams; a search of both
 * kinds of terms reads both kinds of index and intersects them, when their term counts bound the
 * reads (`wordFormsOf`, `indexPlan`). PostgreSQL has a word index too (migration 024,
 * `parts_words`: each part's words in an array under a GIN index, tagged by field and, since
 * migration 027, by the span of registrations its part is in): a search whose every term is such
 * a term, of the parts of one side of the stock or of both and nothing else, counts and reads its
 * page there, newest span first (`postgresMatching`); any other reads LIKE on the rows.
 *
 * Fitment and the donor vehicle (migration 014): the marca and modello filters match the part's
 * own value or any fitment entry's (`fitment_marca_norm`, `fitment_modello_norm`), and a word of
 * `q` read as a code matches the part's code or its donor vehicle's targa or telaio
 * (`vehicle_key`); the fitment's text is in `search_norm`. The FTS5 index holds each pair as one
 * column (f_marca, f_modello, f_codice: the part's own value, then the other's, migration 014's
 * triggers); PostgreSQL ORs the two columns, each with its GIN index.
 */
import {
  sql,
  SqliteAdapter,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import { changeMark } from './main-connection.js';
import { preparedSql } from './prepared-statements.js';
import type { Database } from './schema.js';

/** A per-field substring filter, folded: the column holding the folded field, and the text. */
export interface FieldTerm {
  column: 'nome_norm' | 'marca_norm' | 'modello_norm';
  text: string;
}

/** One word of the free-text search, folded, with its code form (letters and digits only). */
export interface WordTerm {
  text: string;
  code: string;
}

/** What a text search asks: every field term and every word must match (AND). */
export interface TextSearch {
  fields: readonly FieldTerm[];
  words: readonly WordTerm[];
  /** PostgreSQL: the pairs of letters and digits to find through the index of pairs (`pairsToIndex`). */
  indexedPairs?: ReadonlySet<string>;
  /**
   * SQLite: for the terms the word indexes serve (a field's text, a word's), the listed words that
   * contain each (`wordFormsOf`); the other terms read the trigram indexes, the two intersected.
   */
  wordForms?: WordForms;
}

/** For each term, the words of the list (`search_words`, migration 023) that contain it. */
export type WordForms = ReadonlyMap<string, readonly string[]>;

/** The parts matching a text search, and the column that orders them by registration. */
export interface MatchingParts {
  /**
   * True when `query` (and the index-only reads) already keep exactly the statuses asked, by the
   * index they read (`scope` with `scopeIsFilter`): the caller then adds no condition on the status.
   */
  statusChecked: boolean;
  /** Rows of `parts` (possibly joined to the index): qualify columns as `parts.<column>`. */
  query: SelectQueryBuilder<Database, 'parts', object>;
  /** The registration order of the rows: the index's own key where it can deliver that order. */
  seq: RawBuilder<number>;
  /**
   * The reads the index answers alone, when the search has no other condition than the text and
   * the side of the stock the index reads is the status filter (`scopeIsFilter`): they keep
   * exactly the statuses asked, whatever `statusChecked` says of `query`. Undefined when the
   * caller must read `query` itself.
   */
  fromIndex?: IndexReads;
  /**
   * PostgreSQL, LIKE on the rows: the same parts, every text condition written so that no index
   * serves it, for a read of the newest parts that walks the registration index whatever the
   * planner's estimates (`newestSeqs`' walk of the newest registrations).
   */
  onRows?: () => SelectQueryBuilder<Database, 'parts', object>;
}

/** Reads of a text search answered by its index alone. */
export interface IndexReads {
  /** The number of matches, stopping at `limit`. */
  count(limit: number): Promise<number>;
  /**
   * The seqs of up to `limit` matches in no particular order, the index's own: as cheap as
   * counting them, where reading the newest first costs up to twice as much.
   */
  matches(limit: number): Promise<number[]>;
  /** The seqs of the newest `limit` matches, newest first. */
  newest(limit: number): Promise<number[]>;
  /**
   * The newest `newest` matches (newest first) and how many there are up to `countLimit` + 1, in
   * one read: what `matches` and `newest` give a page of a search, without a second trip to the
   * reader thread or the matches' seqs crossing to the caller's to be sorted there.
   */
  newestCounted(newest: number, countLimit: number): Promise<{ seqs: number[]; count: number }>;
  /**
   * PostgreSQL: `newestCounted`, and in the same statement the seqs each of `alongside` reads (a
   * query of one column of seqs, in its own order: the newest parts of an exact code, read beside
   * the search's own matches): one round trip where there were two.
   */
  newestCountedWith?<R extends object = never>(
    newest: number,
    countLimit: number,
    alongside: readonly Expression<{ seq: number }>[],
    page?: PageRowsRead<R>,
  ): Promise<CountedWith<R>>;
}

/** What `newestCountedWith` reads: the count's columns, and the page's parts when asked for. */
export interface CountedWith<R> {
  /** The matches, up to the limit of the read counted (one past the count's limit). */
  count: number;
  /** The newest `newest` of them, newest first. */
  seqs: number[];
  /** The seqs each query alongside read, in its order. */
  alongside: number[][];
  /** The rows of the page's parts, when a page was asked for. */
  rows?: R[];
}

/**
 * Rows read by the statement that counts a search (PostgreSQL, `newestCountedWith`): `rows`
 * is a query of the parts for which `shown` holds (a condition on `parts.seq` the statement
 * writes): the first `size` of the newest matches and of each query alongside, what a first page
 * shows whatever leads it.
 */
export interface PageRowsRead<R extends object> {
  size: number;
  rows: (shown: RawBuilder<SqlBool>) => Expression<R>;
}

/**
 * The parts a search reads on SQLite (migration 022): those in stock, in parts_fts; those sold or
 * scrapped, in parts_fts_out; or every part, in both.
 */
export type StockScope = 'in' | 'out' | 'any';

/**
 * The indexes of one side of the stock (migration 022): of trigrams (`table`) and of words
 * (`words`, migration 023: the same columns cut into whole words), each with the fts5vocab table
 * that lists its terms and how many parts hold each.
 */
interface StockIndexes {
  table: string;
  terms: string;
  words: string;
  wordTerms: string;
}

const IN_STOCK: StockIndexes = {
  table: 'parts_fts',
  terms: 'parts_fts_terms',
  words: 'parts_words',
  wordTerms: 'parts_words_terms',
};
const OUT_OF_STOCK: StockIndexes = {
  table: 'parts_fts_out',
  terms: 'parts_fts_out_terms',
  words: 'parts_words_out',
  wordTerms: 'parts_words_out_terms',
};

/** Each scope's indexes. */
const SCOPE_INDEXES: Record<StockScope, readonly StockIndexes[]> = {
  in: [IN_STOCK],
  out: [OUT_OF_STOCK],
  any: [IN_STOCK, OUT_OF_STOCK],
};

/**
 * What a search reads on SQLite: the trigram indexes, the word indexes (`wordForms` serving every
 * term), or both, the parts each finds intersected (`wordForms` serving some terms, the trigrams
 * the others).
 */
type IndexPlan =
  /** `pairsOnly`: every term is a pair of characters (the OR of the trigrams each starts). */
  | { kind: 'trigrams'; match: Clause; pairsOnly: boolean }
  | { kind: 'words'; match: string }
  | { kind: 'both'; words: string; trigrams: Clause };

/**
 * The seqs (as `seq`) the plan finds in each index (or pair of indexes) of `scope`: in no order, or,
 * with `newest`, the newest that many of each, newest first. Each index reads its rowids backwards
 * and stops there; an intersection is ordered inside the compound, so that SQLite merges both sides
 * newest first and stops at the `newest`th part both hold. Ordered outside it, SQLite intersected
 * every match in ascending order, then sorted them all (10^6 parts, `pompa 207`: 2,252 in common
 * from 66,430 and 34,614 matches, 17.1 → 0.22 ms for the newest 20).
 */
function scopeReads(plan: IndexPlan, scope: StockScope, newest?: number): RawBuilder<{ seq: number }>[] {
  const newestFirst = (order: RawBuilder<unknown>) =>
    newest === undefined ? sql`` : sql` order by ${order} desc limit ${newest}`;
  return SCOPE_INDEXES[scope].map((indexes) => {
    const trigrams = sql.table(indexes.table);
    const words = sql.table(indexes.words);
    if (plan.kind === 'trigrams')
      return sql`select rowid as seq from ${trigrams} where ${trigrams} match ${plan.match}${newestFirst(sql`rowid`)}`;
    if (plan.kind === 'words')
      return sql`select rowid as seq from ${words} where ${words} match ${plan.match}${newestFirst(sql`rowid`)}`;
    return sql`select seq from (select rowid as seq from ${words} where ${words} match ${plan.words}
      intersect select rowid as seq from ${trigrams} where ${trigrams} match ${plan.trigrams}${newestFirst(sql`seq`)})`;
  });
}

/** The shortest term a trigram index serves. */
const TRIGRAM = 3;

/**
 * The characters that may follow a pair in parts_fts and that a query can name beforehand: ASCII
 * but its capitals (the index folds case). Trigrams going on with any other character are listed
 * from the index itself (parts_fts_terms).
 */
const ASCII_FOLLOWERS = Array.from({ length: 0x7f }, (_, index) => String.fromCharCode(index + 1)).filter(
  (char) => char < 'A' || char > 'Z',
);

/** Two characters, both ASCII: a pair the SQLite index serves (see `pairClause`). */
const ASCII_PAIR = /^\p{ASCII}{2}$/u;

/** Part of an FTS5 query: text, or SQL that yields text when the statement runs. */
type Clause = string | RawBuilder<string>;

const FTS_COLUMN: Record<FieldTerm['column'], string> = {
  nome_norm: 'f_nome',
  marca_norm: 'f_marca',
  modello_norm: 'f_modello',
};

/** The columns a field filter matches in, any of them: the part's own, and its fitment's. */
const FIELD_COLUMNS: Record<FieldTerm['column'], readonly string[]> = {
  nome_norm: ['nome_norm'],
  marca_norm: ['marca_norm', 'fitment_marca_norm'],
  modello_norm: ['modello_norm', 'fitment_modello_norm'],
};

/** The columns a word read as a code matches in: the part's code, its donor vehicle's targa and telaio. */
const CODE_COLUMNS = ['codice_key', 'vehicle_key'] as const;

function characters(text: string): number {
  return [...text].length;
}

/** A phrase of an FTS5 query: the text quoted, quotes doubled. */
function phrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/**
 * The FTS5 query matching any of `phrases`, as ORs of at most √n phrases each. FTS5 steps an OR
 * by looking at every one of its phrases for each row it yields, absent ones too, and makes one OR
 * of `a OR (b OR c)`: an OR of a pair's 101 named trigrams cost 14 ms for c3's 45,687 parts at 10^6
 * (the two trigrams it is found in alone: 5). A NOT of the empty phrase (no token: no row holds it)
 * keeps each group an OR of its own, `((a OR … OR j) NOT "") OR ((k OR …) NOT "") …`: 7.5 ms. The
 * parts found are the same whatever the grouping.
 */
function anyOf(phrases: readonly string[]): string {
  const size = Math.ceil(Math.sqrt(phrases.length));
  if (size < 3) return phrases.join(' OR ');
  const groups: string[] = [];
  for (let at = 0; at < phrases.length; at += size) {
    groups.push(`((${phrases.slice(at, at + size).join(' OR ')}) NOT "")`);
  }
  return groups.join(' OR ');
}

/** `%text%` for LIKE, with the user's % _ \ taken literally. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

type PartsExpressions = ExpressionBuilder<Database, 'parts'>;

/**
 * Where a condition is written for: SQLite, or PostgreSQL with its trigram indexes there for the
 * planner to take ('postgres'), or PostgreSQL on the rows another read brings ('postgres-on-rows',
 * `onRows`: each column written `(x || '')`, an expression no index holds, so a read of the newest
 * parts walks the registration index).
 */
type Dialect = 'sqlite' | 'postgres' | 'postgres-on-rows';

function contains(column: string, text: string, dialect: Dialect): Expression<SqlBool> {
  const ref = sql.ref(`parts.${column}`);
  if (dialect === 'sqlite') return sql<SqlBool>`instr(${ref}, ${text}) > 0`;
  const value = dialect === 'postgres' ? ref : sql`(${ref} || '')`;
  return sql<SqlBool>`${value} like ${likePattern(text)} escape '\\'`;
}

/** A pair of ASCII letters or digits: what PostgreSQL's index of pairs serves (migrations 021, 025). */
const ALNUM_PAIR = /^[a-z0-9]{2}$/u;

/** The text parts_pairs_trgm_idx reads: `parts_pair_text` of the part's text (migrations 021, 025), stored (030). */
const PAIR_TEXT = sql.ref('parts.pair_text');

/**
 * The pattern finding `pair` (an ALNUM_PAIR) in `parts_pair_text`, which writes each 'j' 'jj' and
 * each run of other characters 'j' (migration 025): a pair without 'j' followed by any letter or
 * digit (36 trigrams, exact: the text always goes on after a pair), one with 'j' as written (one
 * trigram, `jj2`; also in the few texts where a word ending in 'j' or one before a word starting
 * with 'j' makes the same letters).
 */
function pairPattern(pair: string): string {
  return pair.includes('j') ? pair.replaceAll('j', 'jj') : `${pair}[a-z0-9]`;
}

/**
 * PostgreSQL: `condition` on `text`, behind the index of pairs when `text` is a pair to read
 * through it: `parts_pair_text(…) ~ pairPattern(text)` finds every part holding the pair (and a
 * few more, which `condition` drops) in parts_pairs_trgm_idx.
 */
function gated(text: string, condition: Expression<SqlBool>, indexed: ReadonlySet<string> | undefined) {
  if (!indexed?.has(text)) return condition;
  return sql<SqlBool>`(${PAIR_TEXT} ~ ${pairPattern(text)} and ${condition})`;
}

/**
 * A word matches anywhere in the part's text, or, read as a code, in its code or its donor
 * vehicle's targa or telaio.
 */
function wordCondition(eb: PartsExpressions, word: WordTerm, search: TextSearch, dialect: Dialect) {
  const inText = contains('search_norm', word.text, dialect);
  if (dialect !== 'sqlite') {
    // On the rows alone, no pair is read through its index.
    const pairs = dialect === 'postgres' ? search.indexedPairs : undefined;
    if (word.code === '') return gated(word.text, inText, pairs);
    // The expression of the GIN index parts_codes_trgm_idx (migration 014): one index for the code
    // and the vehicle's keys keeps every word a two-way OR, whose bitmaps PostgreSQL intersects.
    const codes = sql`(parts.codice_key || coalesce(chr(31) || parts.vehicle_key, ''))`;
    const value = dialect === 'postgres' ? codes : sql`(${codes} || '')`;
    const inCode = sql<SqlBool>`${value} like ${likePattern(word.code)} escape '\\'`;
    return word.code === word.text
      ? gated(word.text, eb.or([inText, inCode]), pairs)
      : eb.or([gated(word.text, inText, pairs), gated(word.code, inCode, pairs)]);
  }
  if (word.code === '') return inText;
  return eb.or([inText, ...CODE_COLUMNS.map((column) => contains(column, word.code, dialect))]);
}

/** A field filter matches the part's own value or, for marca and modello, a fitment entry's. */
function fieldCondition(eb: PartsExpressions, field: FieldTerm, search: TextSearch, dialect: Dialect) {
  const columns = FIELD_COLUMNS[field.column];
  // pg_trgm takes no trigram from a term of one or two characters: offered one, the planner read a
  // field's trigram indexes whole (`marca=c3` at 10^5 parts: both marca indexes beside the index of
  // pairs, 674 ms in PostgreSQL where the index of pairs alone takes 18; `modello=c3` 31 → 5 ms).
  // Such a term is checked on the rows another read brings, the short value copied at no cost.
  // (A word of `q`, in the long search_norm, stays offered: the planner left it out there, and the
  // copy cost ~1 ms a count on the rows.)
  const read = dialect === 'postgres' && characters(field.text) < TRIGRAM ? 'postgres-on-rows' : dialect;
  const condition =
    columns.length === 1
      ? contains(field.column, field.text, read)
      : eb.or(columns.map((column) => contains(column, field.text, read)));
  return dialect === 'postgres' ? gated(field.text, condition, search.indexedPairs) : condition;
}

/** How many of the newest parts `pairsToIndex` reads to tell a rare pair from a common one. */
const PROBED = 2000;

/**
 * A pair is counted through the index (a read in no order: a count, or the matches a search sorts
 * itself) when at most this many of the PROBED newest parts hold it, in a warehouse of up to
 * 100,000 registrations; in a larger one of `n`, this times √(100,000 / n)
 * (`countedThroughIndexAtMost`).
 *
 * A match the index finds costs a visit to its row and one regular expression on the stored text
 * (migration 030; before, `parts_pair_text` was computed again, ~30 µs a match, and the index
 * served pairs in at most 13 of the newest). The index hands over every match's entry, a share of
 * the whole warehouse; the rows, read newest first until 1,001 match, a number that does not grow
 * with it: the share up to which the index wins falls as one over the square root of the parts.
 * Measured on PostgreSQL, counting up to 1,001 (the index against the rows, min of 3): at 10^5
 * parts `fe` (18 of the newest) 3.2 against 45.7 ms, `c3` (89) 6.0 against 14.7, `pu` (153) 6.1
 * against 10.0, `ce` (280) 7.8 against 4.4; at 10^6 `fe` (38) 9.4 against 34.7, `yp` (63) 15.5
 * against 20.0, `tu` (77) 26.2 against 14.7, `c3` (101) 22.0 against 14.2.
 */
const COUNTED_AT_10E5 = 200;

/** The most of the PROBED newest parts a pair counted through the index may be in, with `registered` parts. */
function countedThroughIndexAtMost(registered: number): number {
  return Math.round(COUNTED_AT_10E5 * Math.sqrt(100_000 / Math.max(registered, 100_000)));
}

/**
 * The most of the PROBED parts a pair may be in and still be offered through the index, in a read
 * in no order beside a term of three characters or more, where it is more than
 * `countedThroughIndexAtMost`: that term's trigrams narrow the rows, and the pair's bitmap ANDed
 * with theirs spares reading each of them to check the pair; the planner still leaves the pair's
 * index out when the other term's few rows are cheaper to check. At 10^6 parts, counting up to
 * 1,001: `testata c4` (c4 in 5 % of the newest) 151–206 → 70–139 ms, `faro tb` 151 → 30–43 ms, a
 * rare code beside `tb` 4 → 3 ms; `npm run bench`'s two words 111 → 138 req/s (before migration
 * 030, each match's text computed again).
 */
const INDEXED_BESIDE_A_TERM = 200;

/** Whether one of `terms` is long enough for the trigram indexes. */
function hasLongerTerm(terms: readonly string[]): boolean {
  return terms.some((term) => characters(term) >= TRIGRAM);
}

/**
 * A page on the rows stops at its 20th match, through the index it takes every match to sort
 * them: the index only for a pair none of the newest parts holds (`b7`, in 1 of them and 2,600
 * parts in all at 10^6: 10.7 ms through the index, 3.5 on the rows).
 */
// At most the count's: searchSeqs reads in order with what a read in no order built when that
// indexed no pair.
const PAGED_THROUGH_INDEX_AT_MOST = 0;

/** The most values a RecentMeasures keeps for one database: past it, they are measured afresh. */
const MEASURES_KEPT_AT_MOST = 1000;

/**
 * Numbers a search reads to choose how to read (never which parts it finds), kept per database
 * and key for `ttlMs`: a pair's share of the newest parts (`pairsToIndex`), a term's bound
 * (`wordFormsOf`). They move as slowly as the share of the parts holding a term.
 */
class RecentMeasures {
  private readonly byDatabase = new WeakMap<Kysely<Database>, Map<string, { value: number; at: number }>>();
  constructor(private readonly ttlMs: number) {}

  /** The values of `keys` measured within the last `ttlMs`; the keys it lacks are to be measured. */
  lately(db: Kysely<Database>, keys: readonly string[]): Map<string, number> {
    const known = this.byDatabase.get(db);
    const since = Date.now() - this.ttlMs;
    const found = new Map<string, number>();
    for (const key of keys) {
      const measure = known?.get(key);
      if (measure && measure.at > since) found.set(key, measure.value);
    }
    return found;
  }

  /** Keeps values just measured. */
  keep(db: Kysely<Database>, values: ReadonlyMap<string, number>): void {
    let known = this.byDatabase.get(db);
    if (!known) {
      known = new Map();
      this.byDatabase.set(db, known);
    }
    if (known.size + values.size > MEASURES_KEPT_AT_MOST) known.clear();
    const at = Date.now();
    for (const [key, value] of values) known.set(key, { value, at });
  }
}

/**
 * Each pair probed lately: how many of the newest PROBED parts held it, and under REGISTERED the
 * highest seq then (trusted for a minute).
 */
const pairProbes = new RecentMeasures(60_000);

/**
 * The most of the PROBED newest parts a pair may be in and still be read through the index of pairs,
 * in a read in order or in no order, with `registered` parts, beside a term the trigrams serve or not.
 */
export function pairsIndexedAtMost(
  read: 'ordered' | 'unordered',
  registered: number,
  besideLongerTerm: boolean,
): number {
  if (read === 'ordered') return PAGED_THROUGH_INDEX_AT_MOST;
  const counted = countedThroughIndexAtMost(registered);
  return besideLongerTerm ? Math.max(counted, INDEXED_BESIDE_A_TERM) : counted;
}

/** The key of `pairProbes` keeping how many parts were registered, the highest seq (no pair of two characters). */
const REGISTERED = 'registered';

/**
 * The pairs of letters and digits in `search` that PostgreSQL reads through the index of pairs
 * rather than on the rows, for a read in order or in no order (PAGED_THROUGH_INDEX_AT_MOST,
 * `countedThroughIndexAtMost` of the newest PROBED parts). One short read (1–2 ms at 10^6 parts)
 * for the pairs not probed in the last minute; SQLite: nothing (its index serves every pair).
 */
export async function pairsToIndex(
  db: Kysely<Database>,
  search: TextSearch,
  read: 'ordered' | 'unordered',
): Promise<ReadonlySet<string>> {
  if (isSqlite(db)) return new Set();
  const terms = [
    ...search.fields.map((field) => field.text),
    ...search.words.flatMap((word) => [word.text, word.code]),
  ];
  const pairs = [...new Set(terms.filter((term) => ALNUM_PAIR.test(term)))];
  if (pairs.length === 0) return new Set();
  const held = pairProbes.lately(db, [...pairs, REGISTERED]);
  const unknown = pairs.filter((pair) => !held.has(pair));
  if (unknown.length > 0 || !held.has(REGISTERED)) {
    const counts = unknown.map(
      (pair, index) =>
        sql`count(*) filter (where newest.search_norm like ${likePattern(pair)}) as ${sql.ref(`p${index}`)}`,
    );
    const { rows } = await sql<Record<string, number | string | null>>`select ${sql.join([
      ...counts,
      sql`(select max(seq) from parts) as registered`,
    ])}
      from (select search_norm from parts order by seq desc limit ${PROBED}) as newest`.execute(db);
    const probed = new Map(unknown.map((pair, index) => [pair, Number(rows[0]?.[`p${index}`] ?? 0)]));
    probed.set(REGISTERED, Number(rows[0]?.registered ?? 0));
    pairProbes.keep(db, probed);
    for (const [key, count] of probed) held.set(key, count);
  }
  const most = pairsIndexedAtMost(read, held.get(REGISTERED) ?? 0, hasLongerTerm(terms));
  return new Set(pairs.filter((pair) => (held.get(pair) ?? Infinity) <= most));
}

/**
 * A term the word indexes serve: ASCII letters and digits, four or more, a letter among them. Every
 * other ASCII character separates words there (migration 023), so each place such a term is found
 * in a text lies inside one word, and the parts holding it are those holding a word that contains
 * it; such a word is four characters or more, not all digits, as the list keeps them
 * (db/search-words.ts). A term of three is one trigram, read at once; one of digits alone lies
 * inside thousands of codes: both read the trigrams.
 */
const LISTED_TERM = /^(?=[0-9]*[a-z])[a-z0-9]{4,}$/u;

/**
 * The most words a term may be found in and still be read through the word indexes, as the OR of
 * those words: a term in more (`ore`, or digits inside thousands of codes) reads the trigrams.
 */
export const MOST_WORD_FORMS = 64;

/**
 * A term the trigram side of a search may take beside the word indexes: printable ASCII, two
 * characters or more, so the trigram index's own term counts bound how many parts it reads.
 */
const BOUNDED_TERM = /^[\x20-\x7e]{2,}$/u;

/**
 * The most index entries the two sides of an intersection may read together (both are read whole,
 * ~30 ns an entry): above, the trigrams answer the whole search, their AND skipping ahead. At 10^6
 * parts, inside SQLite: `alternatore 308` 21.5 → 2.4 ms, `montante 500` 22.4 → 2.6, `faro 147` 2.1
 * → 3.3.
 */
export const MOST_INTERSECTED = 200_000;

/** SQL adding up `count` over the term lists `lists`. */
function added(lists: readonly string[], count: (list: RawBuilder<unknown>) => RawBuilder<number>) {
  return sql.join(
    lists.map((list) => count(sql.table(list))),
    sql` + `,
  );
}

/**
 * At most how many parts of `scope` the trigram index finds for `term` (a BOUNDED_TERM): the
 * fewest holding one of its trigrams, or, for a pair, those holding a trigram it starts.
 */
function trigramBound(term: string, scope: StockScope): RawBuilder<number> {
  const lists = SCOPE_INDEXES[scope].map(({ terms }) => terms);
  const chars = [...term];
  if (chars.length < TRIGRAM) {
    const to = term.slice(0, 1) + String.fromCharCode(term.charCodeAt(1) + 1);
    return sql<number>`(${added(lists, (list) => sql`(select coalesce(sum(doc), 0) from ${list} where term >= ${term} and term < ${to})`)})`;
  }
  const perTrigram = chars
    .slice(0, -2)
    .map((_, index) => chars.slice(index, index + TRIGRAM).join(''))
    .map(
      (trigram) =>
        sql<number>`(${added(lists, (list) => sql`(select coalesce(sum(doc), 0) from ${list} where term = ${trigram})`)})`,
    );
  // SQLite's min() of one argument is the aggregate: one trigram is its own bound.
  return perTrigram.length === 1
    ? sql<number>`${sql.join(perTrigram)}`
    : sql<number>`min(${sql.join(perTrigram)})`;
}

/**
 * SQLite: for the terms of `search` the word indexes serve (each a LISTED_TERM found in 1 to
 * MOST_WORD_FORMS listed words), the words that contain it; undefined when the trigram indexes
 * answer the whole search (PostgreSQL: `postgresWordForms`). When every term is served, the
 * search reads the word indexes alone; when the others are BOUNDED_TERMs and both sides read at most
 * MOST_INTERSECTED entries (bounded by the term counts of the indexes of `scope`), it reads both
 * kinds and intersects them (`indexPlan`). One short read: each term looked up in the trigram index
 * of the list of words (0.02–0.06 ms a term at 10^6 parts), and the term counts when needed; none
 * when every term's words are kept (nothing committed since they were looked up) and its bound was
 * read lately. A read is a trip to a reader thread: waking one costs the main thread 35–90 µs.
 */
export async function wordFormsOf(
  db: Kysely<Database>,
  search: TextSearch,
  scope: StockScope = 'any',
  {
    mostIntersected = MOST_INTERSECTED,
    alone = true,
    fresh = false,
  }: {
    mostIntersected?: number;
    /**
     * Whether the search has no condition but its text and its side of the stock: PostgreSQL
     * reads its word index only then (`postgresMatching`), and looks no word up otherwise.
     */
    alone?: boolean;
    /**
     * PostgreSQL: read the list's version and look every term up at it, not taking the words kept
     * without reading it (after a `WordListMoved`).
     */
    fresh?: boolean;
  } = {},
): Promise<WordForms | undefined> {
  if (!isSqlite(db)) return alone ? postgresWordForms(db, search, fresh) : undefined;
  const terms = termsOf(search);
  const listed = terms.filter((term) => LISTED_TERM.test(term));
  const others = terms.filter((term) => !LISTED_TERM.test(term));
  if (listed.length === 0 || !others.every((term) => BOUNDED_TERM.test(term))) return undefined;
  // Each other word reads the trigrams as one phrase or pair: its code form is its text, or none.
  if (
    search.words.some((word) => !LISTED_TERM.test(word.text) && word.code !== word.text && word.code !== '')
  )
    return undefined;
  // Each listed word holding a term, and, when the search may read both kinds of index and the
  // term's bound was not read lately, how many parts of `scope` hold that word; each other term's
  // bound, when not read lately. The words of a term are kept while the file's change mark stands
  // where it was before they were looked up (db/main-connection.ts): looked up after it, they are at
  // least the words listed then, and a mark still there means nothing was committed since.
  const keyOf = (term: string) => `${scope}\u0000${term}`;
  const lately = others.length === 0 ? new Map<string, number>() : termBounds.lately(db, terms.map(keyOf));
  const bounding = new Set(others.length === 0 ? [] : terms.filter((term) => !lately.has(keyOf(term))));
  const mark = changeMark(db);
  const kept = mark === undefined ? undefined : keptWordsAt(db, mark);
  const forms = new Map<string, readonly string[]>();
  for (const term of listed) {
    const words = kept?.get(term);
    if (words && !bounding.has(term)) forms.set(term, words);
  }
  const lookUp = listed.filter((term) => !forms.has(term));
  const wordTerms = SCOPE_INDEXES[scope].map(({ wordTerms: list }) => list);
  const held = added(wordTerms, (list) => sql`(select coalesce(sum(doc), 0) from ${list} where term = word)`);
  const reads = lookUp.map(
    (term, index) => sql`select ${index} as term, word, ${bounding.has(term) ? held : sql`null`} as n
      from (select word from search_words_fts where search_words_fts match ${phrase(term)} limit ${MOST_WORD_FORMS + 1})`,
  );
  others.forEach((term, index) => {
    if (bounding.has(term))
      reads.push(
        sql`select ${lookUp.length + index} as term, null as word, ${trigramBound(term, scope)} as n`,
      );
  });
  // Per term read: the parts its side reads at most (a listed term: the sum over its words).
  const read = new Map<string, number>();
  if (reads.length > 0) {
    const { rows } = await sql<{
      term: number;
      word: string | null;
      n: number | null;
    }>`${sql.join(reads, sql` union all `)}`.execute(db);
    const found = new Map<string, string[]>(lookUp.map((term) => [term, []]));
    for (const row of rows) {
      const index = Number(row.term);
      const term = index < lookUp.length ? lookUp[index] : others[index - lookUp.length];
      if (term === undefined) continue;
      if (row.word !== null) found.get(term)?.push(row.word);
      read.set(term, (read.get(term) ?? 0) + Number(row.n ?? 0));
    }
    if (kept) keepWords(kept, found);
    for (const [term, words] of found) forms.set(term, words);
  }
  for (const words of forms.values()) {
    // A term in no word finds nothing: the trigrams say so as fast.
    if (words.length === 0 || words.length > MOST_WORD_FORMS) return undefined;
  }
  if (others.length === 0) return forms;
  termBounds.keep(db, new Map([...bounding].map((term) => [keyOf(term), read.get(term) ?? 0])));
  const bound = (term: string) =>
    bounding.has(term) ? (read.get(term) ?? 0) : (lately.get(keyOf(term)) ?? 0);
  const both = Math.min(...listed.map(bound)) + Math.min(...others.map(bound));
  return both <= mostIntersected ? forms : undefined;
}

/**
 * Each term's bound lately read (`wordFormsOf`: at most how many parts its side of an intersection
 * reads), by side of the stock, trusted for a minute. Reading it costs more than the look-up of
 * the term's words (a pair's, through the list of the trigram index's terms: `testata c4` at 10^5
 * parts, 0.25 ms with the bounds, 0.02 without; 2.3 ms of 25 at 10^6).
 */
const termBounds = new RecentMeasures(60_000);

/**
 * Per database, the version last read (PostgreSQL: of the list of words, migration 029; SQLite:
 * the file's change mark, db/main-connection.ts), and the words each term was found in (up to
 * MOST_WORD_FORMS + 1) looked up since it was there.
 */
const keptForms = new WeakMap<Kysely<Database>, { version: string; forms: Map<string, readonly string[]> }>();

/** The most terms kept for one database (each up to 65 words): past it, they are looked up afresh. */
const KEPT_TERMS_AT_MOST = 2000;

/**
 * The words kept for `db` at `version` (PostgreSQL: the list's version; SQLite: the file's change
 * mark), each term's: emptied when the version moved.
 */
function keptWordsAt(db: Kysely<Database>, version: string): Map<string, readonly string[]> {
  let kept = keptForms.get(db);
  if (kept?.version !== version) {
    kept = { version, forms: new Map() };
    keptForms.set(db, kept);
  }
  return kept.forms;
}

/** Keeps the words just looked up, at most KEPT_TERMS_AT_MOST terms. */
function keepWords(
  kept: Map<string, readonly string[]>,
  found: ReadonlyMap<string, readonly string[]>,
): void {
  if (kept.size + found.size > KEPT_TERMS_AT_MOST) kept.clear();
  for (const [term, words] of found) kept.set(term, words);
}

/** The version of the list of words (migration 029): it grows in the transaction of every word added. */
const WORD_LIST_VERSION = sql<string>`(select coalesce(sum(added), 0)::text from search_words_version)`;

/** The version of the list of words, read alone. */
async function wordListVersion(db: Kysely<Database>): Promise<string> {
  const { rows } = await preparedSql(
    sql<{ version: string }>`select ${WORD_LIST_VERSION} as version`,
  ).execute(db);
  return rows[0]?.version ?? '0';
}

/**
 * PostgreSQL: the version of the list of words at which the words of a search's terms were kept,
 * when the search took them without reading the version (`postgresWordForms`). The reads of the
 * word index return the version they saw (`postgresIndexReads`): when it has moved, a word was
 * listed since, and the read is refused (`WordListMoved`).
 */
const formsVersion = new WeakMap<WordForms, string>();

/**
 * A read of PostgreSQL's word index saw the list of words at another version than the one its
 * terms' words were kept at: a part may hold a word they lack. The words kept are dropped; the
 * caller asks again with `fresh` words (`againIfWordListMoved`).
 */
export class WordListMoved extends Error {
  constructor() {
    super('the list of words moved since the words of the search were kept');
    this.name = 'WordListMoved';
  }
}

/**
 * `read` (a search's reads, from its `matching` on), again with `fresh` true when a read of the
 * word index found the words it was given out of date (`WordListMoved`): then the list's version
 * is read and the terms' words looked up at it, as every search did before, and that read is not
 * refused. Two tries at most.
 */
export async function againIfWordListMoved<T>(read: (fresh: boolean) => Promise<T>): Promise<T> {
  try {
    return await read(false);
  } catch (error) {
    if (!(error instanceof WordListMoved)) throw error;
    return read(true);
  }
}

/**
 * PostgreSQL (migration 024): when every term of `search` is a LISTED_TERM (a word of `q` its own
 * code form, as a LISTED_TERM is) found in at most MOST_WORD_FORMS listed words, the words that
 * contain each (none: no part holds the term); else undefined, and the search is LIKE on the
 * rows as before.
 *
 * The words of a term are kept while the list's version (migration 029) stays where it was when
 * they were looked up. When every term's words are kept (and `fresh` is false) they are taken as
 * they are, without a read: the read of the word index returns the version it saw and refuses an
 * answer when it moved (`postgresIndexReads`, `WordListMoved`), and the search is asked again
 * `fresh`. Otherwise the search reads the version (a named statement, one row per shard) and looks
 * up in search_words' trigram index only the terms not kept since (0.3–0.5 ms at 10^5 parts, 0.7
 * at 10^6, for one or two terms). A word added by any instance moves the version in its own
 * transaction, so the next search on every instance finds its kept words out of date. The words
 * kept for a version are those of a look-up made after it was read: at least every word listed at
 * that version, so a read that sees that version finds every part its terms are in.
 */
async function postgresWordForms(
  db: Kysely<Database>,
  search: TextSearch,
  fresh: boolean,
): Promise<WordForms | undefined> {
  const terms = termsOf(search);
  if (terms.length === 0 || !terms.every((term) => LISTED_TERM.test(term))) return undefined;
  if (search.words.some((word) => word.code !== word.text)) return undefined;
  // Every term's words kept: no read of the version, the index's read checks it (`formsVersion`).
  const last = fresh ? undefined : keptForms.get(db);
  if (last && terms.every((term) => last.forms.has(term))) {
    const forms = new Map(terms.map((term) => [term, last.forms.get(term) ?? []]));
    if ([...forms.values()].some((words) => words.length > MOST_WORD_FORMS)) return undefined;
    formsVersion.set(forms, last.version);
    return forms;
  }
  const version = await wordListVersion(db);
  const kept = keptWordsAt(db, version);
  // What is kept is taken now: another search may drop it while this one looks the rest up.
  const forms = new Map<string, readonly string[]>();
  const missing: string[] = [];
  for (const term of terms) {
    const words = kept.get(term);
    if (words) forms.set(term, words);
    else missing.push(term);
  }
  if (missing.length > 0) {
    const reads = missing.map(
      (term, index) => sql`(select ${index}::int as term, word from search_words
        where word like ${likePattern(term)} limit ${MOST_WORD_FORMS + 1})`,
    );
    // Unnamed, planned for its own patterns: named, PostgreSQL's generic plan (a pattern it cannot
    // see, estimated at 0.5 % of the list) became a scan of the whole list stopping at 65 words once
    // new words had filled the trigram index's pending list (10 s of creates at 10^6 parts: 15 ms a
    // term instead of 0.8, a search 35 ms instead of 6).
    const { rows } = await sql<{ term: number; word: string }>`${sql.join(reads, sql` union all `)}`.execute(
      db,
    );
    const found = new Map<string, string[]>(missing.map((term) => [term, []]));
    for (const row of rows) found.get(missing[row.term] ?? '')?.push(row.word);
    keepWords(kept, found);
    for (const [term, words] of found) forms.set(term, words);
  }
  for (const words of forms.values()) if (words.length > MOST_WORD_FORMS) return undefined;
  return forms;
}

/** Drops the words kept for `db`: the next search reads the list's version and looks its terms up. */
function forgetKeptWords(db: Kysely<Database>): void {
  keptForms.delete(db);
}

/** The distinct texts of a search's terms, its fields' and its words'. */
function termsOf(search: TextSearch): string[] {
  return [
    ...new Set([...search.fields.map((field) => field.text), ...search.words.map((word) => word.text)]),
  ];
}

/** True on SQLite (the main connection or a reader thread's), false on PostgreSQL. */
export function isSqlite(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

/** The clauses written one after another, as one: a string while every clause is one. */
function concat(clauses: readonly Clause[]): Clause {
  const merged: Clause[] = [];
  for (const clause of clauses) {
    const last = merged.at(-1);
    if (typeof clause === 'string' && typeof last === 'string') merged[merged.length - 1] = last + clause;
    else merged.push(clause);
  }
  if (merged.length === 1 && merged[0] !== undefined) return merged[0];
  return sql<string>`(${sql.join(
    merged.map((clause) => (typeof clause === 'string' ? sql`${clause}` : clause)),
    sql` || `,
  )})`;
}

/**
 * A pair of ASCII characters in `columns`: any trigram that starts with it (migration 021 closes
 * every value, so each occurrence starts one). The trigrams going on with an ASCII character are
 * named in the query (absent ones cost a lookup each); the few going on with another character are
 * read from parts_fts_terms, by a range of its terms, when the statement runs. At 10^6 parts a rare
 * pair takes a fraction of a millisecond instead of a read of every row; a common one stops at the
 * page and the count like any term.
 */
function pairClause(columns: string, pair: string, scope: StockScope): RawBuilder<string> {
  const named = anyOf(ASCII_FOLLOWERS.map((char) => phrase(pair + char)));
  // The terms after every pair + ASCII character and before the next pair: pair + the rest, in
  // the lists of terms of the indexes the search reads (a term one of them lacks finds nothing there).
  const from = `${pair}\u0080`;
  const to = pair.slice(0, 1) + String.fromCharCode(pair.charCodeAt(1) + 1);
  const terms = sql.join(
    SCOPE_INDEXES[scope].map(
      ({ terms: list }) => sql`select term from ${sql.table(list)} where term >= ${from} and term < ${to}`,
    ),
    sql` union `,
  );
  return sql<string>`(${`${columns} : (${named}`} || coalesce((select ' OR ' || group_concat(
    '"' || replace(term, '"', '""') || '"', ' OR ') from (${terms})), '') || ')')`;
}

/** `text` in `columns` when the index serves it, else undefined (it is then checked on the rows). */
function termClause(columns: string, text: string, scope: StockScope): Clause | undefined {
  if (characters(text) >= TRIGRAM) return `${columns} : ${phrase(text)}`;
  return ASCII_PAIR.test(text) ? pairClause(columns, text, scope) : undefined;
}

/**
 * The FTS5 query of the terms `forms` serves, on the word indexes: each as the OR of the words
 * holding it (a word read as a code too: f_codice).
 */
function wordMatch(search: TextSearch, forms: WordForms): string {
  const anyWord = (columns: string, words: readonly string[]) => `${columns} : (${anyOf(words.map(phrase))})`;
  return [
    ...search.fields.flatMap((field) => {
      const words = forms.get(field.text);
      return words ? [anyWord(FTS_COLUMN[field.column], words)] : [];
    }),
    ...search.words.flatMap((word) => {
      const words = forms.get(word.text);
      return words ? [anyWord('{f_tutto f_codice}', words)] : [];
    }),
  ].join(' AND ');
}

/**
 * What a search reads on SQLite (undefined: no index serves a term), and the terms left to check
 * on the rows. The terms `wordForms` serves read the word indexes, the others the trigram indexes;
 * both kinds at once are intersected.
 */
function indexPlan(search: TextSearch, scope: StockScope): { plan: IndexPlan | undefined; rest: TextSearch } {
  const forms = search.wordForms;
  if (!forms) {
    const { match, rest } = splitForFts(search, scope);
    const pairsOnly = [
      ...search.fields.map((field) => field.text),
      ...search.words.flatMap((word) => [word.text, word.code]),
    ].every((term) => characters(term) < TRIGRAM);
    return { plan: match === undefined ? undefined : { kind: 'trigrams', match, pairsOnly }, rest };
  }
  const words = wordMatch(search, forms);
  const others: TextSearch = {
    fields: search.fields.filter((field) => !forms.has(field.text)),
    words: search.words.filter((word) => !forms.has(word.text)),
  };
  const { match: trigrams, rest } = splitForFts(others, scope);
  return {
    plan: trigrams === undefined ? { kind: 'words', match: words } : { kind: 'both', words, trigrams },
    rest,
  };
}

/**
 * The FTS5 query for the terms parts_fts serves (undefined when none is), and the conditions left
 * for the others. A word matches in the text or, read as a code, in f_codice: served when both
 * forms are (or the code form is empty, nothing to match).
 */
function splitForFts(search: TextSearch, scope: StockScope): { match: Clause | undefined; rest: TextSearch } {
  const clauses: Clause[] = [];
  const fields: FieldTerm[] = [];
  const words: WordTerm[] = [];
  for (const field of search.fields) {
    const clause = termClause(FTS_COLUMN[field.column], field.text, scope);
    if (clause === undefined) fields.push(field);
    else clauses.push(clause);
  }
  for (const word of search.words) {
    if (word.code === word.text) {
      const either = termClause('{f_tutto f_codice}', word.text, scope);
      if (either === undefined) words.push(word);
      else clauses.push(either);
      continue;
    }
    const inText = termClause('f_tutto', word.text, scope);
    const asCode = word.code === '' ? undefined : termClause('f_codice', word.code, scope);
    if (inText !== undefined && word.code === '') {
      clauses.push(inText);
    } else if (inText !== undefined && asCode !== undefined) {
      clauses.push(concat(['(', inText, ' OR ', asCode, ')']));
    } else {
      // A form too short for the index ('a-' → 'a') is checked on the rows, beside the indexed text.
      words.push(word);
    }
  }
  const joined = clauses.flatMap((clause, index) => (index === 0 ? [clause] : [' AND ', clause]));
  return { match: clauses.length > 0 ? concat(joined) : undefined, rest: { fields, words } };
}

function restrict<O>(
  query: SelectQueryBuilder<Database, 'parts', O>,
  search: TextSearch,
  dialect: Dialect,
): SelectQueryBuilder<Database, 'parts', O> {
  let restricted = query;
  for (const field of search.fields)
    restricted = restricted.where((eb) => fieldCondition(eb, field, search, dialect));
  for (const word of search.words)
    restricted = restricted.where((eb) => wordCondition(eb, word, search, dialect));
  return restricted;
}

/**
 * The parts matching `search` (every part when it is empty), in the database's own way. With
 * `useIndex: false` every term is checked on the rows: for a query another index already narrows
 * to a handful of rows (an exact code). On SQLite the index hits come from the indexes of `scope`
 * (the parts in stock, those out of stock, or both: migration 022); with `scopeIsFilter` that is
 * the status condition itself (`statusChecked`), so a search of the default list (the parts in
 * stock) reads its page and its count from parts_fts alone, checking nothing on the rows.
 */
export function partsMatching(
  db: Kysely<Database>,
  search: TextSearch,
  {
    useIndex = true,
    scope = 'any',
    scopeIsFilter = false,
  }: { useIndex?: boolean; scope?: StockScope; scopeIsFilter?: boolean } = {},
): MatchingParts {
  const parts = db.selectFrom('parts');
  const ownSeq = sql.ref<number>('parts.seq');
  const unchecked = { statusChecked: false, seq: ownSeq };
  if (!isSqlite(db)) {
    const forms = useIndex ? search.wordForms : undefined;
    const onRows = () => restrict(parts, search, 'postgres-on-rows');
    if (forms === undefined) return { ...unchecked, query: restrict(parts, search, 'postgres'), onRows };
    return { ...postgresMatching(db, search, forms, scope, scopeIsFilter), onRows };
  }
  if (!useIndex) return { ...unchecked, query: restrict(parts, search, 'sqlite') };

  const { plan, rest } = indexPlan(search, scope);
  if (plan === undefined) return { ...unchecked, query: restrict(parts, rest, 'sqlite') };

  // The index delivers its rowids (= seq) in order, so a page in registration order stops after
  // `limit` matches instead of sorting them all; the parts are then read by primary key. The query
  // is built when asked for: a search the index answers alone (`fromIndex`) never is.
  const joinedQuery = () => {
    const hits = sql<{ seq: number }>`(${indexHits(plan, scope)})`;
    const joined = parts.innerJoin(hits.as('hits'), (join) => join.onRef('hits.seq', '=', 'parts.seq'));
    // The join adds no column the callers read: they see rows of `parts`.
    return restrict(joined as unknown as SelectQueryBuilder<Database, 'parts', object>, rest, 'sqlite');
  };
  const onlyIndex = rest.fields.length === 0 && rest.words.length === 0;
  return withLazyQuery(
    {
      seq: sql.ref<number>('hits.seq'),
      statusChecked: scopeIsFilter,
      ...(onlyIndex && scopeIsFilter ? { fromIndex: indexReads(db, plan, scope) } : {}),
    },
    joinedQuery,
  );
}

/**
 * `fields` with a `query` built the first time it is read (a spread reads it too). Building a
 * search's query and its conditions with Kysely is a good part of a search's time on the main
 * thread, and the reads the index answers alone (`fromIndex`) do not use it.
 */
export function withLazyQuery<T extends object, Q>(fields: T, build: () => Q): T & { readonly query: Q } {
  let built: Q | undefined;
  return Object.defineProperty(fields, 'query', {
    enumerable: true,
    get: () => (built ??= build()),
  }) as T & { readonly query: Q };
}

/**
 * The seqs (as `seq`) of the parts the plan finds in the indexes of `scope`; `newest`: the newest
 * that many, newest first (`scopeReads`).
 */
function indexHits(plan: IndexPlan, scope: StockScope, newest?: number): RawBuilder<{ seq: number }> {
  const reads = scopeReads(plan, scope, newest).map((read) =>
    newest === undefined ? read : sql`select * from (${read})`,
  );
  const all = sql.join(reads, sql` union all `);
  return sql<{ seq: number }>`${
    newest === undefined || reads.length === 1
      ? all
      : sql`select * from (${all}) order by seq desc limit ${newest}`
  }`;
}

/** The reads of the plan in the indexes of `scope` that they answer alone. */
function indexReads(db: Kysely<Database>, plan: IndexPlan, scope: StockScope): IndexReads {
  const upTo = (limit: number) => sql`(select seq from (${indexHits(plan, scope)}) limit ${limit})`;
  return {
    async count(limit) {
      const { rows } = await sql<{ count: number }>`select count(*) as count from ${upTo(limit)}`.execute(db);
      return Number(rows[0]?.count ?? 0);
    },
    async matches(limit) {
      // One value, not a row per match: the seqs cross to the caller's thread as one string.
      const { rows } = await sql<{
        seqs: string | null;
      }>`select group_concat(seq) as seqs from ${upTo(limit)}`.execute(db);
      const seqs = rows[0]?.seqs;
      return seqs ? seqs.split(',').map(Number) : [];
    },
    async newest(limit) {
      const { rows } = await sql<{ seq: number }>`${indexHits(plan, scope, limit)}`.execute(db);
      return rows.map((row) => Number(row.seq));
    },
    async newestCounted(newest, countLimit) {
      // One pass over the matches in the index's order counts them (up to one past the limit) and
      // lists them all; only past the limit does the index read the newest again, in order (CASE
      // runs its subquery only then). A search of pairs alone counts the newest, newest first, and
      // its page is the first of them: each pair an OR of some 130 trigrams, the second read cost
      // as much again as setting them up (at 10^5 parts, 0.23–0.35 ms beside a count of 0.42–0.55;
      // the count newest first 0.43–0.67).
      const { rows } = await sql<{ count: number; seqs: string | null }>`${
        plan.kind === 'trigrams' && plan.pairsOnly
          ? sql`with hits as materialized (${indexHits(plan, scope, countLimit + 1)})
            select (select count(*) from hits) as count, (select group_concat(seq, ',' order by seq desc)
              from (select seq from hits order by seq desc limit ${newest})) as seqs`
          : sql`select count(*) as count, case when count(*) <= ${countLimit} then group_concat(seq)
              else (select group_concat(seq, ',' order by seq desc) from (${indexHits(plan, scope, newest)}))
              end as seqs
            from ${upTo(countLimit + 1)}`
      }`.execute(db);
      const count = Number(rows[0]?.count ?? 0);
      const seqs = rows[0]?.seqs ? rows[0].seqs.split(',').map(Number) : [];
      return { count, seqs: count <= countLimit ? seqs.sort((a, b) => b - a).slice(0, newest) : seqs };
    },
  };
}

/**
 * How many registrations a walk of the newest should cover, per match it looks for: three times
 * as many as the first matches found hold one (a page is found there unless the newest parts hold
 * the terms three times less often than the rest).
 */
const WALK_MARGIN = 3;

/**
 * The most registrations a walk of the newest reads before the planner's own read takes over:
 * ~1 µs a part at 10^6 parts (both LIKEs of a word on each row), so a walk costs at most ~10 ms,
 * where the bitmap read of every match, sorted, is 130–260 ms (`q=208`: 34,762 matches).
 */
const WALK_AT_MOST = 10_000;

/**
 * PostgreSQL, LIKE on the rows: how many of the newest registrations to walk for a page of
 * `newest` matches (`newestWalkingFirst`), judged from `hits`, the first matches of a read in no
 * order (the trigram bitmap's, in the table's order: their spread in seqs over their number is
 * about how many registrations hold one match); undefined when the matches are too sparse.
 */
export function walkFor(hits: readonly number[], newest: number): number | undefined {
  if (hits.length < 2) return undefined;
  const spread = Math.max(...hits) - Math.min(...hits) + 1;
  const walk = Math.ceil((WALK_MARGIN * newest * spread) / hits.length);
  return walk <= WALK_AT_MOST ? walk : undefined;
}

/**
 * PostgreSQL, LIKE on the rows: the seqs of the newest `limit` parts of `query`, newest first,
 * looked for first among the newest `walk` registrations with the text checked on each row
 * (`onRows`, the same parts with conditions no index serves, so the registration index is walked),
 * and read by `query`'s own plan only when those hold fewer than `limit`: one statement, the
 * planner's read behind a one-time filter. The planner chooses between walking the registration
 * index and reading every match through the trigram indexes to sort them by its estimate of how
 * many parts match, which a fresh sample can make a hundred times too low: `q=208` at 10^6 parts,
 * 34,762 matches estimated at 100, 194 ms sorting them all where a walk finds the page in ~600
 * rows.
 */
export async function newestWalkingFirst(
  db: Kysely<Database>,
  reads: {
    onRows: SelectQueryBuilder<Database, 'parts', object>;
    query: SelectQueryBuilder<Database, 'parts', object>;
    seq: RawBuilder<number>;
  },
  limit: number,
  walk: number,
): Promise<number[]> {
  const newestOf = (query: SelectQueryBuilder<Database, 'parts', object>) =>
    query.select(reads.seq.as('seq')).orderBy(reads.seq, 'desc').limit(limit);
  const recent = newestOf(
    reads.onRows.where(reads.seq, '>', sql<number>`(select max(seq) from parts) - ${walk}`),
  );
  const { rows } = await sql<{ seq: string }>`with recent as materialized ${recent}
    select seq from recent where (select count(*) from recent) >= ${limit}
    union all
    select seq from ${newestOf(reads.query)} as older where (select count(*) from recent) < ${limit}`.execute(
    db,
  );
  return rows.map((row) => Number(row.seq)).sort((a, b) => b - a);
}

/**
 * PostgreSQL (migration 024): the tag of a field's words in parts_words.words (`n:faro`; stored
 * with the span after it, `n:faro/15`, migration 027).
 */
const WORD_TAGS: Record<FieldTerm['column'], string> = { nome_norm: 'n', marca_norm: 'm', modello_norm: 'o' };

/** The tags a word of `q` is found under: any text field, or the code and the donor vehicle's keys. */
const Q_WORD_TAGS = ['t', 'c'] as const;

/** PostgreSQL: the condition of the partial GIN index of parts_words of each side of `scope`. */
const POSTGRES_SIDES: Record<StockScope, readonly RawBuilder<SqlBool>[]> = {
  in: [sql`in_stock`],
  out: [sql`not in_stock`],
  any: [sql`in_stock`, sql`not in_stock`],
};

/**
 * PostgreSQL: each term of `search` as the tagged words a part must hold one of, or undefined when
 * `forms` lacks one.
 */
function postgresWordSets(search: TextSearch, forms: WordForms): string[][] | undefined {
  const sets: string[][] = [];
  for (const field of search.fields) {
    const found = forms.get(field.text);
    if (!found) return undefined;
    sets.push(found.map((word) => `${WORD_TAGS[field.column]}:${word}`));
  }
  for (const word of search.words) {
    const found = forms.get(word.text);
    if (!found || word.code !== word.text) return undefined;
    sets.push(found.flatMap((form) => Q_WORD_TAGS.map((tag) => `${tag}:${form}`)));
  }
  return sets;
}

/**
 * PostgreSQL: the parts matching `search` when `forms` serves every term and the side of the stock
 * is the status filter: the reads of a page, a count or the matches are answered by parts_words
 * alone (`fromIndex`), each side of the stock one GIN index scan ANDing the terms, exact, with no
 * recheck. `query` (a sort, a deep page, the chunks of an export) stays LIKE on the rows: joined to
 * parts_words by seq, a search read every match of its words (`q=faro` at 10^6 parts: 33,000 rows,
 * 1 s with a cold cache) where LIKE beside another condition reads the few rows both hold.
 */
function postgresMatching(
  db: Kysely<Database>,
  search: TextSearch,
  forms: WordForms,
  scope: StockScope,
  scopeIsFilter: boolean,
): MatchingParts {
  const query = restrict(db.selectFrom('parts'), search, 'postgres');
  const matched = { statusChecked: false, seq: sql.ref<number>('parts.seq'), query };
  const sets = postgresWordSets(search, forms);
  if (!scopeIsFilter || sets === undefined) return matched;
  // Each side's matches in one span (`span.n`), each term's words tagged with the span.
  const reads = POSTGRES_SIDES[scope].map(
    (side) =>
      sql<{ seq: number }>`select seq from parts_words where ${side} and ${sql.join(
        sets.map((set) => sql`words && parts_word_span(${set}::text[], span.n)`),
        sql` and `,
      )}`,
  );
  return { ...matched, fromIndex: postgresIndexReads(db, reads, formsVersion.get(forms)) };
}

/**
 * PostgreSQL: the reads of a search answered by parts_words alone, `reads` the seqs each side of
 * the stock holds in span `span.n` (migration 027: each word tagged with the span of 65,536
 * registrations its part is in). The spans are read newest first, each span's matches sorted
 * newest first, so the matches come out newest first and a count, a page or both stop at their
 * limit after the spans that hold it: a common word reads its newest span or two, a rare one every
 * span (16 at 10^6 parts), each a small list. A span's matches are read whole, to be sorted.
 *
 * Each read also returns the version of the list of words it saw. When the terms' words were kept
 * without reading the version (`version`, `formsVersion`) and it is not that one, a part may hold
 * a word they lack: the read throws `WordListMoved` (the words kept are dropped first). So a search
 * whose words are kept sends no read of the version of its own (a round trip of every search
 * before), and its answer holds every word its snapshot lists.
 */
function postgresIndexReads(
  db: Kysely<Database>,
  reads: readonly RawBuilder<{ seq: number }>[],
  version: string | undefined,
): IndexReads {
  const newestFirst = (limit: RawBuilder<number>) => sql`select found.seq
    from parts_word_spans() as span (n),
      lateral (${sql.join(reads, sql` union all `)} order by seq desc) as found
    limit ${limit}`;
  // Each read is one plan whatever its words and limits (each span a GIN scan, its matches sorted):
  // named once per connection, PostgreSQL neither parses nor plans it again (0.2–0.3 ms a search).
  // One row each, whatever the matches, with the version of the list the read saw.
  const readRows = async <R extends object>(statement: RawBuilder<R & { words_version: string }>) => {
    const { rows } = await statement.execute(db);
    // One row tells the version (a count's first, `postgresCountedStatement`).
    const row = rows.find((each) => each.words_version !== null);
    if (row !== undefined && version !== undefined && row.words_version !== version) {
      forgetKeptWords(db);
      throw new WordListMoved();
    }
    return rows;
  };
  const read = async <R extends object>(columns: RawBuilder<R>, from?: RawBuilder<unknown>): Promise<R> => {
    const [row] = await readRows(
      preparedSql(
        sql<R & { words_version: string }>`select ${columns}, ${WORD_LIST_VERSION} as words_version ${
          from ?? sql``
        }`,
      ),
    );
    if (row === undefined) throw new Error('a read of the word index returned no row');
    return row;
  };
  // The first matches are the newest: a read in no order is the same read.
  const newest = async (limit: RawBuilder<number>) => {
    const row = await read(sql<{ seqs: string[] | null }>`array(${newestFirst(limit)}) as seqs`);
    return (row.seqs ?? []).map(Number);
  };
  const newestCountedWith = async <R extends object = never>(
    newest: number,
    countLimit: number,
    alongside: readonly Expression<{ seq: number }>[],
    page?: PageRowsRead<R>,
  ) => {
    // The matches come newest first: the newest are the first of them, whatever their number.
    const statement = postgresCountedStatement(newestFirst(countLimitOf(countLimit + 1)), {
      newest,
      alongside,
      ...(page ? { page } : {}),
    });
    return postgresCountedOf<R>(await readRows(preparedSql(statement)), alongside.length);
  };
  return {
    matches: (limit) => newest(countLimitOf(limit)),
    newest: (limit) => newest(sql<number>`${limit}`),
    async count(limit) {
      const row = await read(
        sql<{ count: string }>`count(*) as count`,
        sql`from (${newestFirst(countLimitOf(limit))}) as counted`,
      );
      return Number(row.count);
    },
    async newestCounted(newest, countLimit) {
      const { seqs, count } = await newestCountedWith(newest, countLimit, []);
      return { seqs, count };
    },
    newestCountedWith,
  };
}

/**
 * PostgreSQL: one statement that counts the seqs `hits` reads (newest first, bounded by the
 * count's limit plus one) and gives the newest `newest` of them, beside it the seqs each query of
 * `alongside` reads (it names no column of the count's rows: PostgreSQL runs it once) and, with
 * `page`, the rows of a first page's parts: the first `page.size` of the newest and of each query
 * alongside, joined to the count's one row (one row with no part when nothing matched), so the
 * parts come with their count without a round trip of their own. The count's row also tells the
 * version of the word list the statement saw (`postgresIndexReads`).
 */
function postgresCountedStatement<R extends object = never>(
  hits: RawBuilder<unknown>,
  options: {
    newest: number;
    alongside: readonly Expression<{ seq: number }>[];
    page?: PageRowsRead<R>;
  },
): RawBuilder<Record<string, unknown> & { words_version: string }> {
  const { newest, alongside, page } = options;
  const besides = alongside.map((query, index) => sql`, array(${query}) as ${sql.id(`alongside_${index}`)}`);
  const counted = sql`select count(*) as count, (array_agg(seq order by seq desc))[1:${newest}] as seqs${sql.join(
    besides,
    sql``,
  )}, ${WORD_LIST_VERSION} as words_version
    from (${hits}) as counted`;
  if (page === undefined) return sql`${counted}`;
  const shown = sql.join(
    ['seqs', ...alongside.map((_, index) => `alongside_${index}`)].map(
      (name) => sql`${sql.ref(`counted_row.${name}`)}[1:${page.size}]`,
    ),
    sql` || `,
  );
  // The count's columns on the first row alone: 20 rows each parsing the same arrays again cost
  // more than reading the parts in a statement of their own saved.
  const once = (name: string) =>
    sql`case when page_row.page_n > 1 then null else ${sql.ref(`counted_row.${name}`)} end as ${sql.id(name)}`;
  const countColumns = [
    'count',
    'seqs',
    ...alongside.map((_, index) => `alongside_${index}`),
    'words_version',
  ];
  return sql`select ${sql.join(countColumns.map(once))}, page_row.*
    from (${counted}) as counted_row
    left join lateral (select page_parts.*, row_number() over () as page_n
      from ${page.rows(sql<SqlBool>`parts.seq = any(${shown})`)} as page_parts) as page_row on true`;
}

/** The columns `postgresCountedStatement` read, from its rows (one row, or one per part of the page). */
function postgresCountedOf<R>(rows: readonly Record<string, unknown>[], alongside: number): CountedWith<R> {
  // The count's columns are on one row: the first part's, or the only row when no part was read.
  const first = rows.find(
    (row) => row.page_n === undefined || row.page_n === null || Number(row.page_n) === 1,
  );
  if (first === undefined) throw new Error('a count of matches returned no row');
  const seqsOf = (value: unknown) => (Array.isArray(value) ? value.map(Number) : []);
  // A part's columns are not null where one was joined: its seq tells. Without a page, none is.
  const parts = rows.filter((row) => row.seq !== null && row.seq !== undefined) as unknown as R[];
  return {
    count: Number(first.count),
    seqs: seqsOf(first.seqs),
    alongside: Array.from({ length: alongside }, (_, index) => seqsOf(first[`alongside_${index}`])),
    ...('seq' in first ? { rows: parts } : {}),
  };
}

/**
 * PostgreSQL: the LIMIT of a read bounded by a count's limit, written into the statement's text.
 * A LIMIT given as a parameter makes PostgreSQL cost its generic plan as reading a tenth of every
 * match, so its plan cache judged the generic plan dearer than a plan made for the values and
 * planned the statement again at every execution (`q=faro` at 10^5 parts: 0.24 ms at each bind, the
 * count 0.97 ms a round trip against 0.85 with the limit written). Written in, the generic plan is
 * the one for these values, and the statement is planned once per connection; a count's limit
 * takes a handful of values (the list's COUNT_LIMIT, a caller's own), so a handful of names. A
 * page's LIMIT (offset + limit) takes many and stays a parameter.
 */
function countLimitOf(limit: number): RawBuilder<number> {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new RangeError(`not a count's limit: ${limit}`);
  return sql.lit<number>(limit);
}
