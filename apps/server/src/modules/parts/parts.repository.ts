import { sql, type Expression, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { CategoryCount, Location, Part, PartInput, SortField } from '@magazzino/contract';
import type { Database } from '../../db/schema.js';
import {
  FIELD_COLUMNS,
  locationKey,
  normalizeText,
  PART_COLUMNS,
  toFieldColumns,
  toNewRow,
  toPart,
} from './parts.mapper.js';
import type { NewPartRow, PartsTable } from './parts.tables.js';

/** Every condition a part lookup can combine (ANDed). Text filters are case-insensitive substrings. */
export interface PartFilter {
  nome?: string | undefined;
  marca?: string | undefined;
  modello?: string | undefined;
  /** Free text over nome, codice, descrizione, categoria, marca, modello. */
  q?: string | undefined;
  /** Exact category. */
  categoria?: string | undefined;
  /** Exact location, each segment compared trimmed and ignoring case. */
  location?: Location | undefined;
}

/** A sort order of the API: a field, ascending or descending; ties are broken by id. */
export interface PartSort {
  field: SortField;
  descending: boolean;
}

/** Where a keyset page resumes: the sort value and id of the last part already read. */
export interface PartCursor {
  value: string | number;
  id: string;
}

/** The case-folded columns the substring filters search. */
type FoldedColumn = 'nome_norm' | 'marca_norm' | 'modello_norm' | 'search_norm';

/**
 * The column each sort reads (each has an index). Text sorts use the case-folded copy where
 * there is one, so "alfa" and "Alfa" sort together.
 */
const SORT_COLUMNS = {
  nome: 'nome_norm',
  categoria: FIELD_COLUMNS.categoria,
  codice: FIELD_COLUMNS.codice,
  condizione: FIELD_COLUMNS.condizione,
  peso: FIELD_COLUMNS.peso,
  marca: 'marca_norm',
  modello: 'modello_norm',
  versione: FIELD_COLUMNS.versione,
  annoImmatricolazione: FIELD_COLUMNS.annoImmatricolazione,
  scaffale: FIELD_COLUMNS.scaffale,
  // The whole place, scaffale to cassetta (each segment trimmed and case-folded).
  ubicazione: 'location_key',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
} as const satisfies Record<SortField, keyof PartsTable>;

/** Rows per INSERT: 24 columns each stays well under SQLite's bound-parameter limit. */
const INSERT_BATCH = 400;

type PartsQuery<O> = SelectQueryBuilder<Database, 'parts', O>;

/** `column LIKE %text%` on a case-folded column, with the user's % _ \ taken literally. */
function contains(column: FoldedColumn, text: string): Expression<SqlBool> {
  const escaped = normalizeText(text).replace(/[\\%_]/g, (char) => `\\${char}`);
  return sql<SqlBool>`${sql.ref(column)} like ${`%${escaped}%`} escape '\\'`;
}

function applyFilter<O>(query: PartsQuery<O>, filter: PartFilter): PartsQuery<O> {
  let q = query;
  if (filter.nome) q = q.where(contains('nome_norm', filter.nome));
  if (filter.marca) q = q.where(contains('marca_norm', filter.marca));
  if (filter.modello) q = q.where(contains('modello_norm', filter.modello));
  if (filter.q) q = q.where(contains('search_norm', filter.q));
  if (filter.categoria) q = q.where('categoria', '=', filter.categoria);
  if (filter.location) q = q.where('location_key', '=', locationKey(filter.location));
  return q;
}

function applySort<O>(query: PartsQuery<O>, sort: PartSort): PartsQuery<O> {
  const direction = sort.descending ? 'desc' : 'asc';
  return query.orderBy(SORT_COLUMNS[sort.field], direction).orderBy('id', direction);
}

/** The part with this id, if any. */
export async function findPartById(db: Kysely<Database>, id: string): Promise<Part | undefined> {
  const row = await db.selectFrom('parts').select(PART_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? toPart(row) : undefined;
}

/** Stores a new part and returns it as the API shows it. */
export async function insertPart(
  db: Kysely<Database>,
  input: PartInput,
  id: string,
  createdAt: string,
): Promise<Part> {
  const row = await db
    .insertInto('parts')
    .values(toNewRow(input, id, createdAt))
    .returning(PART_COLUMNS)
    .executeTakeFirstOrThrow();
  return toPart(row);
}

/**
 * Stores many parts in batched INSERTs. Run it inside a transaction (the caller owns it) for
 * bulk loads: demo data, benchmarks, test fixtures.
 */
export async function insertParts(
  db: Kysely<Database>,
  parts: readonly { input: PartInput; id: string; createdAt: string }[],
): Promise<number> {
  for (let start = 0; start < parts.length; start += INSERT_BATCH) {
    const rows: NewPartRow[] = parts
      .slice(start, start + INSERT_BATCH)
      .map((part) => toNewRow(part.input, part.id, part.createdAt));
    await db.insertInto('parts').values(rows).execute();
  }
  return parts.length;
}

/**
 * Replaces a part's fields only if it is still at `expectedVersion` (one atomic statement), and
 * bumps the version. Undefined when the part is gone or another write got there first.
 */
export async function updatePartIfVersion(
  db: Kysely<Database>,
  id: string,
  expectedVersion: number,
  input: PartInput,
  updatedAt: string,
): Promise<Part | undefined> {
  const row = await db
    .updateTable('parts')
    .set({ ...toFieldColumns(input), version: expectedVersion + 1, updated_at: updatedAt })
    .where('id', '=', id)
    .where('version', '=', expectedVersion)
    .returning(PART_COLUMNS)
    .executeTakeFirst();
  return row ? toPart(row) : undefined;
}

/** Deletes a part (only at `expectedVersion` when given); true when a row went away. */
export async function deletePart(
  db: Kysely<Database>,
  id: string,
  expectedVersion?: number,
): Promise<boolean> {
  let query = db.deleteFrom('parts').where('id', '=', id);
  if (expectedVersion !== undefined) query = query.where('version', '=', expectedVersion);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** How many parts match, counted by the database. */
export async function countParts(db: Kysely<Database>, filter: PartFilter): Promise<number> {
  const row = await applyFilter(db.selectFrom('parts'), filter)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * One page by offset. The page's ids are found first on the (covering) sort index, then only
 * those rows are read, so a deep offset skips index entries rather than whole rows.
 */
export async function listPartsPage(
  db: Kysely<Database>,
  filter: PartFilter,
  sort: PartSort,
  limit: number,
  offset: number,
): Promise<Part[]> {
  const pageIds = applySort(applyFilter(db.selectFrom('parts'), filter).select('id'), sort)
    .limit(limit)
    .offset(offset);
  const rows = await applySort(
    db.selectFrom('parts').select(PART_COLUMNS).where('id', 'in', pageIds),
    sort,
  ).execute();
  return rows.map(toPart);
}

/**
 * The next `limit` parts after a cursor (or from an offset) in `sort` order (keyset paging):
 * each call is one short query, so a long read never holds a connection or loads every row.
 * `next` is set while more rows may follow.
 */
export async function listPartsAfter(
  db: Kysely<Database>,
  filter: PartFilter,
  sort: PartSort,
  start: { after: PartCursor } | { offset: number },
  limit: number,
): Promise<{ parts: Part[]; next: PartCursor | undefined }> {
  const column = SORT_COLUMNS[sort.field];
  // Only the API's columns, plus the sort key the next chunk resumes from.
  let query = applyFilter(
    db.selectFrom('parts').select(PART_COLUMNS).select(sql.ref<string | number>(column).as('sort_key')),
    filter,
  );
  if ('after' in start) {
    const cursor = start.after;
    // (column, id) > (value, id), written as `column >= value and (column > value or id > id)`:
    // not every dialect compares row values, and the plain range on `column` lets the (column, id)
    // index seek straight to the cursor instead of rescanning every row already sent.
    const op = sort.descending ? '<' : '>';
    query = query
      .where(sql.ref(column), sort.descending ? '<=' : '>=', cursor.value)
      .where((eb) => eb.or([eb(sql.ref(column), op, cursor.value), eb('id', op, cursor.id)]));
  }
  // Only the first chunk may start at an offset; the following ones resume from the cursor.
  if ('offset' in start && start.offset > 0) query = query.offset(start.offset);
  const rows = await applySort(query, sort).limit(limit).execute();
  const last = rows.at(-1);
  const next = last && rows.length === limit ? { value: last.sort_key, id: last.id } : undefined;
  return { parts: rows.map((row) => toPart(row)), next };
}

/** Every distinct category with its number of parts (unsorted: the service orders them). */
export async function countByCategory(db: Kysely<Database>): Promise<CategoryCount[]> {
  const rows = await db
    .selectFrom('parts')
    .select((eb) => ['categoria', eb.fn.countAll<number>().as('count')])
    .groupBy('categoria')
    .execute();
  return rows.map((row) => ({ categoria: row.categoria, count: Number(row.count) }));
}

/** Which of `urls` some part uses as its image (exact match on `url_immagine`, indexed). */
export async function findReferencedImageUrls(
  db: Kysely<Database>,
  urls: readonly string[],
): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const rows = await db
    .selectFrom('parts')
    .select('url_immagine')
    .distinct()
    .where('url_immagine', 'in', urls)
    .execute();
  return new Set(rows.flatMap((row) => (row.url_immagine === null ? [] : [row.url_immagine])));
}
