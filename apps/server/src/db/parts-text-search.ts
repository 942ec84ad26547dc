/**
 * The dialect-specific half of the parts search: how the folded search columns are matched.
 * SQLite reads an FTS5 trigram index (parts_fts, migration 004); PostgreSQL uses LIKE on columns
 * with pg_trgm GIN indexes. Both see the same folded text (lib/text-fold.ts), so they find the
 * same parts. A term shorter than a trigram cannot be served by either index: it is checked on
 * the rows the other conditions leave, or, alone, by reading the rows in order (correct, and
 * bounded by the table's size).
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
}

/** The parts matching a text search, and the column that orders them by registration. */
export interface MatchingParts {
  /**
   * True when `query` (and the index-only reads) already keep only the parts in stock, as
   * `inStock` asked: the caller then adds no condition on the status.
   */
  inStockChecked: boolean;
  /** Rows of `parts` (possibly joined to the index): qualify columns as `parts.<column>`. */
  query: SelectQueryBuilder<Database, 'parts', object>;
  /** The registration order of the rows: the index's own key where it can deliver that order. */
  seq: RawBuilder<number>;
  /**
   * The reads the index answers alone, when the search has no other condition than the text;
   * undefined when the caller must read `query` itself.
   */
  fromIndex?: IndexReads;
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
}

/** The shortest term a trigram index serves. */
const TRIGRAM = 3;

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

/** `%text%` for LIKE, with the user's % _ \ taken literally. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

type PartsExpressions = ExpressionBuilder<Database, 'parts'>;

function contains(column: string, text: string, dialect: 'sqlite' | 'postgres'): Expression<SqlBool> {
  const ref = sql.ref(`parts.${column}`);
  return dialect === 'sqlite'
    ? sql<SqlBool>`instr(${ref}, ${text}) > 0`
    : sql<SqlBool>`${ref} like ${likePattern(text)} escape '\\'`;
}

/**
 * A word matches anywhere in the part's text, or, read as a code, in its code or its donor
 * vehicle's targa or telaio.
 */
function wordCondition(eb: PartsExpressions, word: WordTerm, dialect: 'sqlite' | 'postgres') {
  const inText = contains('search_norm', word.text, dialect);
  if (word.code === '') return inText;
  if (dialect === 'postgres') {
    // The expression of the GIN index parts_codes_trgm_idx (migration 014): one index for the code
    // and the vehicle's keys keeps every word a two-way OR, whose bitmaps PostgreSQL intersects.
    const codes = sql`(parts.codice_key || coalesce(chr(31) || parts.vehicle_key, ''))`;
    return eb.or([inText, sql<SqlBool>`${codes} like ${likePattern(word.code)} escape '\\'`]);
  }
  return eb.or([inText, ...CODE_COLUMNS.map((column) => contains(column, word.code, dialect))]);
}

/** A field filter matches the part's own value or, for marca and modello, a fitment entry's. */
function fieldCondition(eb: PartsExpressions, field: FieldTerm, dialect: 'sqlite' | 'postgres') {
  const columns = FIELD_COLUMNS[field.column];
  return columns.length === 1
    ? contains(field.column, field.text, dialect)
    : eb.or(columns.map((column) => contains(column, field.text, dialect)));
}

function isSqlite(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

/**
 * The FTS5 query for the terms a trigram serves (undefined when none does), and the conditions
 * left for the others.
 */
function splitForFts(search: TextSearch): { match: string | undefined; rest: TextSearch } {
  const clauses: string[] = [];
  const fields: FieldTerm[] = [];
  const words: WordTerm[] = [];
  for (const field of search.fields) {
    if (characters(field.text) >= TRIGRAM)
      clauses.push(`${FTS_COLUMN[field.column]} : ${phrase(field.text)}`);
    else fields.push(field);
  }
  for (const word of search.words) {
    if (characters(word.text) < TRIGRAM) {
      words.push(word);
    } else if (word.code === word.text) {
      clauses.push(`{f_tutto f_codice} : ${phrase(word.text)}`);
    } else if (characters(word.code) >= TRIGRAM) {
      clauses.push(`(f_tutto : ${phrase(word.text)} OR f_codice : ${phrase(word.code)})`);
    } else {
      // A short code form ('a-1' → 'a1') is checked on the rows, beside the indexed text.
      words.push(word);
    }
  }
  return { match: clauses.length > 0 ? clauses.join(' AND ') : undefined, rest: { fields, words } };
}

function restrict<O>(
  query: SelectQueryBuilder<Database, 'parts', O>,
  search: TextSearch,
  dialect: 'sqlite' | 'postgres',
): SelectQueryBuilder<Database, 'parts', O> {
  let restricted = query;
  for (const field of search.fields)
    restricted = restricted.where((eb) => fieldCondition(eb, field, dialect));
  for (const word of search.words) restricted = restricted.where((eb) => wordCondition(eb, word, dialect));
  return restricted;
}

/**
 * The statuses of the parts out of stock: the condition of the partial index parts_in_stock_idx
 * (migration 009), written the same way so SQLite accepts the index for it.
 */
const IN_STOCK = sql`stock.stato not in ('venduto', 'scartato')`;

/**
 * The parts matching `search` (every part when it is empty), in the database's own way. With
 * `useIndex: false` every term is checked on the rows: for a query another index already narrows
 * to a handful of rows (an exact code). With `inStock`, SQLite's index hits keep only the parts in
 * stock, looked up in the narrow partial index of those parts rather than in the wide rows (0.4 ms
 * instead of 2.2 ms for a thousand hits), so a search of the default list still reads its page and
 * its count from the index alone.
 */
export function partsMatching(
  db: Kysely<Database>,
  search: TextSearch,
  { useIndex = true, inStock = false }: { useIndex?: boolean; inStock?: boolean } = {},
): MatchingParts {
  const parts = db.selectFrom('parts');
  const ownSeq = sql.ref<number>('parts.seq');
  const unchecked = { inStockChecked: false, seq: ownSeq };
  if (!isSqlite(db)) return { ...unchecked, query: restrict(parts, search, 'postgres') };
  if (!useIndex) return { ...unchecked, query: restrict(parts, search, 'sqlite') };

  const { match, rest } = splitForFts(search);
  if (match === undefined) return { ...unchecked, query: restrict(parts, rest, 'sqlite') };

  // The index delivers its rowids (= seq) in order, so a page in registration order stops after
  // `limit` matches instead of sorting them all; the parts are then read by primary key.
  const stock = inStock
    ? sql`and exists (select 1 from parts as stock indexed by parts_in_stock_idx
        where stock.seq = parts_fts.rowid and ${IN_STOCK})`
    : sql``;
  const hits = sql<{
    seq: number;
  }>`(select rowid as seq from parts_fts where parts_fts match ${match} ${stock})`;
  const joined = parts.innerJoin(hits.as('hits'), (join) => join.onRef('hits.seq', '=', 'parts.seq'));
  // The join adds no column the callers read: they see rows of `parts`.
  const query = restrict(joined as unknown as SelectQueryBuilder<Database, 'parts', object>, rest, 'sqlite');
  const onlyIndex = rest.fields.length === 0 && rest.words.length === 0;
  return {
    query,
    seq: sql.ref<number>('hits.seq'),
    inStockChecked: inStock,
    ...(onlyIndex ? { fromIndex: indexReads(db, match, stock) } : {}),
  };
}

/** The reads of `match` (and the in-stock condition `stock`) that parts_fts answers alone. */
function indexReads(db: Kysely<Database>, match: string, stock: RawBuilder<unknown>): IndexReads {
  const upTo = (limit: number) =>
    sql`(select rowid from parts_fts where parts_fts match ${match} ${stock} limit ${limit})`;
  return {
    async count(limit) {
      const { rows } = await sql<{ count: number }>`select count(*) as count from ${upTo(limit)}`.execute(db);
      return Number(rows[0]?.count ?? 0);
    },
    async matches(limit) {
      // One value, not a row per match: the seqs cross to the caller's thread as one string.
      const { rows } = await sql<{
        seqs: string | null;
      }>`select group_concat(rowid) as seqs from ${upTo(limit)}`.execute(db);
      const seqs = rows[0]?.seqs;
      return seqs ? seqs.split(',').map(Number) : [];
    },
    async newest(limit) {
      const { rows } = await sql<{ seq: number }>`select rowid as seq from parts_fts
        where parts_fts match ${match} ${stock} order by rowid desc limit ${limit}`.execute(db);
      return rows.map((row) => Number(row.seq));
    },
  };
}
