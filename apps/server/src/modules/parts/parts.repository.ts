import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import {
  IN_STOCK_STATUSES,
  LIMITS,
  OPTIONAL_PART_FIELDS,
  PART_STATUSES,
  SORT_FIELDS,
  type CategoryCount,
  type ConditionCount,
  type Location,
  type PartInput,
  type PartStatus,
  type SortField,
} from '@magazzino/contract';
import {
  againIfWordListMoved,
  isSqlite,
  newestWalkingFirst,
  pairsToIndex,
  partsMatching,
  wordFormsOf,
  withLazyQuery,
  type MatchingParts,
  type StockScope,
  type TextSearch,
  type WordTerm,
  walkFor,
  type PageRowsRead,
} from '../../db/parts-text-search.js';
import { readRecords } from '../../db/csv-reads.js';
import {
  compiledByShape,
  compiledOnce,
  insertCompiledOnce,
  prepared,
  seqInList,
  seqInSlice,
  seqList,
} from '../../db/prepared-statements.js';
import type { Database } from '../../db/schema.js';
import { statementsOn, writeTogether, type StatementWrites } from '../../db/write-together.js';
import { joinRecords } from '../../lib/csv.js';
import { codeKey, foldText } from '../../lib/text-fold.js';
import {
  insertFitments,
  readStoredPart,
  readStoredParts,
  replaceFitments,
} from './parts.fitments.repository.js';
import { insertImages, replaceImages } from './parts.images.repository.js';
import { toEventRow, type Actor } from './parts.lifecycle.repository.js';
import {
  FIELD_COLUMNS,
  locationKey,
  locationRange,
  exportCellsOf,
  fieldColumn,
  hasPhotoRows,
  PART_COLUMNS,
  photosOf,
  toFieldColumns,
  toFitmentRows,
  toImageRows,
  toNewRow,
  vehicleKey,
  toStoredPart,
  type DonorVehicleKeys,
  type ExportRecords,
  type PartColumns,
  type StoredPart,
} from './parts.mapper.js';
import {
  SEQ_BLOCK_SIZE,
  type NewPartRow,
  type PartRow as PartRowOf,
  type PartsTable,
} from './parts.tables.js';

/** Every condition a part lookup can combine (ANDed). Text filters ignore case and accents. */
export interface PartFilter {
  /** Substrings of one field each. */
  nome?: string | undefined;
  marca?: string | undefined;
  modello?: string | undefined;
  /** Free text: every word must appear in some text field of the part (or, as a code, in its code). */
  q?: string | undefined;
  /** Exact category. */
  categoria?: string | undefined;
  /** Only parts in these statuses (every status when left out). */
  stato?: readonly PartStatus[] | undefined;
  /** Asking price range in cents, both included: a part without a price is outside any range. */
  prezzoMin?: number | undefined;
  prezzoMax?: number | undefined;
  /** Exact location, each segment compared trimmed and ignoring case. */
  location?: Location | undefined;
  /** The leading segments of a location (scaffale; scaffale and campata; ...), compared the same way. */
  locationPrefix?: readonly string[] | undefined;
  /** Only the parts taken from this donor vehicle (its id; by the vehicle_id index). */
  veicolo?: string | undefined;
  /** Only the parts whose code, reduced to letters and digits, is exactly this (or is not). */
  codeIs?: string | undefined;
  codeIsNot?: string | undefined;
  /** Only the parts with these ids (at most a page of them: the labels of a selection). */
  ids?: readonly string[] | undefined;
  /** Only the part with this seq (its part code, R-004213), or every part but it. */
  seqIs?: number | undefined;
  seqIsNot?: number | undefined;
  /** Only the parts whose seq lies in [seqFrom, seqBelow): one block of an export (`seqBlocks`). */
  seqFrom?: number | undefined;
  seqBelow?: number | undefined;
}

/** The order of registration: newest first is the default of every list. */
export const REGISTRATION = 'registration';

/** A sort order: a field of the API or the order of registration; ties are broken by registration. */
export interface PartSort {
  field: SortField | typeof REGISTRATION;
  descending: boolean;
}

/** Where a keyset page resumes: the sort value (null for an empty optional field) and seq of the last part read. */
export interface PartCursor {
  value: string | number | null;
  seq: number;
}

/**
 * The column each sort reads (each has an index). Text sorts use the folded copy where there is
 * one, so "alfa", "Alfa" and "Àlfa" sort together.
 */
const SORT_COLUMNS = {
  nome: 'nome_norm',
  categoria: FIELD_COLUMNS.categoria,
  codice: FIELD_COLUMNS.codice,
  condizione: FIELD_COLUMNS.condizione,
  peso: FIELD_COLUMNS.peso,
  prezzo: FIELD_COLUMNS.prezzo,
  marca: 'marca_norm',
  modello: 'modello_norm',
  versione: FIELD_COLUMNS.versione,
  annoImmatricolazione: FIELD_COLUMNS.annoImmatricolazione,
  scaffale: FIELD_COLUMNS.scaffale,
  // The whole place, scaffale to cassetta (each segment trimmed and folded).
  ubicazione: 'location_key',
  stato: 'stato',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
} as const satisfies Record<SortField, keyof PartsTable>;

/**
 * Sorts on an optional field, whose column may be NULL. An empty value sorts as the smallest one in
 * both dialects (first ascending, last descending: SQLite's own order, and the order of the
 * PostgreSQL indexes rebuilt by migration 006).
 */
const NULLABLE_SORTS: ReadonlySet<SortField> = new Set(
  SORT_FIELDS.filter((field) => (OPTIONAL_PART_FIELDS as readonly string[]).includes(field)),
);

/** Rows per INSERT: 30 columns each stays well under SQLite's bound-parameter limit. */
const INSERT_BATCH = 400;

/** The free text split into folded words, each with its code form, each once ('fa FA' is 'fa'). */
function textSearchOf(filter: PartFilter): TextSearch {
  const fields = (['nome', 'marca', 'modello'] as const).flatMap((field) => {
    const text = foldText(filter[field] ?? '');
    return text === '' ? [] : [{ column: `${field}_norm` as const, text }];
  });
  // The code form follows from the folded text (codeKey folds first): the text is the key.
  const words = new Map<string, WordTerm>();
  for (const word of (filter.q ?? '').split(/\s+/u)) {
    const text = foldText(word);
    if (text !== '' && !words.has(text)) words.set(text, { text, code: codeKey(word) });
  }
  return { fields, words: [...words.values()] };
}

/**
 * The parts matching `filter`, and how to order them by registration, for a read in order (a page,
 * a chunk) or in no order (a count): on PostgreSQL a pair of characters may be read through its
 * index for one and not the other (`pairsToIndex`); on SQLite a search of words the list of words
 * serves reads the word indexes (`wordFormsOf`).
 */
async function matching(
  db: Kysely<Database>,
  filter: PartFilter,
  read: 'ordered' | 'unordered',
  freshWords = false,
): Promise<MatchingParts & { pairsIndexed: boolean }> {
  const search = textSearchOf(filter);
  if (filter.codeIs !== undefined) return matchingWith(db, filter, search, undefined);
  const indexedPairs = await pairsToIndex(db, search, read);
  const { scope, scopeIsFilter } = stockScope(statusCondition(filter));
  const wordForms = await wordFormsOf(db, search, scope, {
    alone: scopeIsFilter && textAlone(filter),
    fresh: freshWords,
  });
  return matchingWith(db, filter, wordForms ? { ...search, wordForms } : search, indexedPairs);
}

/** `matching`, the pairs to read through their index already chosen. */
function matchingWith(
  db: Kysely<Database>,
  filter: PartFilter,
  search: TextSearch,
  indexedPairs: ReadonlySet<string> | undefined,
): MatchingParts & { pairsIndexed: boolean } {
  // An exact code is a handful of rows on its index: the text terms are checked on those rows.
  const stati = statusCondition(filter);
  const { scope, scopeIsFilter } = stockScope(stati);
  const matched = partsMatching(
    db,
    { ...search, indexedPairs },
    { useIndex: filter.codeIs === undefined, scope, scopeIsFilter },
  );
  const statusLeft = matched.statusChecked ? undefined : stati;
  const onRows = matched.onRows;
  const filtered = (matches: SelectQueryBuilder<Database, 'parts', object>) => {
    let query = matches;
    if (filter.categoria !== undefined) query = query.where('parts.categoria', '=', filter.categoria);
    if (filter.veicolo !== undefined) query = query.where('parts.vehicle_id', '=', filter.veicolo);
    // Beside an exact code (a handful of rows on its index) the status is checked on those rows, an
    // expression no index serves: SQLite, which keeps no statistics, took the index of one status
    // instead, for its order, and walked every part in it (`q=faro&stato=disponibile`: 110 ms at 10^5
    // parts, 0.2 ms on the code's index).
    const status = filter.codeIs === undefined ? sql.ref('parts.stato') : sql`(parts.stato || '')`;
    if (statusLeft) query = query.where(status, statusLeft.op, statusLeft.values);
    if (filter.prezzoMin !== undefined) query = query.where('parts.prezzo_centesimi', '>=', filter.prezzoMin);
    if (filter.prezzoMax !== undefined) query = query.where('parts.prezzo_centesimi', '<=', filter.prezzoMax);
    if (filter.location) query = query.where('parts.location_key', '=', locationKey(filter.location));
    if (filter.locationPrefix) {
      // A range on the (location_key, seq) index, never a LIKE that reads every key.
      const { from, to } = locationRange(filter.locationPrefix);
      query = query.where('parts.location_key', '>=', from).where('parts.location_key', '<', to);
    }
    if (filter.codeIs !== undefined) query = query.where('parts.codice_key', '=', filter.codeIs);
    if (filter.codeIsNot !== undefined) query = query.where('parts.codice_key', '<>', filter.codeIsNot);
    if (filter.ids !== undefined)
      query = query.where('parts.id', 'in', filter.ids.length > 0 ? filter.ids : ['']);
    if (filter.seqIs !== undefined) query = query.where('parts.seq', '=', filter.seqIs);
    if (filter.seqIsNot !== undefined) query = query.where('parts.seq', '<>', filter.seqIsNot);
    if (filter.seqFrom !== undefined) query = query.where('parts.seq', '>=', filter.seqFrom);
    if (filter.seqBelow !== undefined) query = query.where('parts.seq', '<', filter.seqBelow);
    return query;
  };
  return withLazyQuery(
    {
      seq: matched.seq,
      statusChecked: matched.statusChecked,
      pairsIndexed: (indexedPairs?.size ?? 0) > 0,
      ...(textAlone(filter) && matched.fromIndex ? { fromIndex: matched.fromIndex } : {}),
      ...(onRows ? { onRows: () => filtered(onRows()) } : {}),
    },
    () => filtered(matched.query),
  );
}

/**
 * True when `filter` holds no condition but its text and the statuses: the index's reads
 * (`fromIndex`) keep the statuses themselves, any other condition needs the rows.
 */
function textAlone(filter: PartFilter): boolean {
  return (
    filter.categoria === undefined &&
    filter.veicolo === undefined &&
    filter.prezzoMin === undefined &&
    filter.prezzoMax === undefined &&
    filter.location === undefined &&
    filter.locationPrefix === undefined &&
    filter.codeIs === undefined &&
    filter.codeIsNot === undefined &&
    filter.ids === undefined &&
    filter.seqIs === undefined &&
    filter.seqIsNot === undefined &&
    filter.seqFrom === undefined &&
    filter.seqBelow === undefined
  );
}

/**
 * The condition on `stato` a filter asks for, or undefined when it keeps every status. The
 * statuses are literals (a handful of fixed words), and the shorter of the list kept and the list
 * left out is written: the default, everything but venduto and scartato, is then exactly the
 * condition of the partial index of the parts in stock (migration 009).
 */
function statusCondition(
  filter: Pick<PartFilter, 'stato'>,
): { op: 'in' | 'not in'; statuses: PartStatus[]; values: RawBuilder<string>[] } | undefined {
  const kept = filter.stato;
  if (kept === undefined) return undefined;
  const left = PART_STATUSES.filter((status) => !kept.includes(status));
  if (left.length === 0) return undefined;
  const literals = (statuses: readonly PartStatus[]) => statuses.map((status) => sql.lit(status));
  const asked = PART_STATUSES.filter((status) => kept.includes(status));
  return left.length < kept.length
    ? { op: 'not in', statuses: left, values: literals(left) }
    : { op: 'in', statuses: asked, values: literals(asked) };
}

const isInStockStatus = (status: PartStatus) => (IN_STOCK_STATUSES as readonly PartStatus[]).includes(status);

/**
 * The index a text search reads for a status condition (SQLite keeps the parts in stock and the
 * others apart: migration 022), and whether reading it is the whole condition: the parts in
 * stock (the default of every list), the parts out of stock, or every part.
 */
function stockScope(condition: ReturnType<typeof statusCondition>): {
  scope: StockScope;
  scopeIsFilter: boolean;
} {
  if (condition === undefined) return { scope: 'any', scopeIsFilter: true };
  const kept =
    condition.op === 'in' ? condition.statuses : PART_STATUSES.filter((s) => !condition.statuses.includes(s));
  const inStock = kept.filter(isInStockStatus).length;
  if (inStock > 0 && inStock < kept.length) return { scope: 'any', scopeIsFilter: false };
  const scope = inStock > 0 ? 'in' : 'out';
  const whole = PART_STATUSES.filter((status) => isInStockStatus(status) === (scope === 'in')).length;
  return { scope, scopeIsFilter: kept.length === whole };
}

/** True when the filter holds a text condition (a count then reads the search index). */
export function hasText(filter: PartFilter): boolean {
  const { fields, words } = textSearchOf(filter);
  return fields.length > 0 || words.length > 0;
}

type SortValue = string | number | null;

function sortRef(sort: PartSort, seq: RawBuilder<number>): RawBuilder<SortValue> {
  return sort.field === REGISTRATION ? seq : sql.ref<SortValue>(`parts.${SORT_COLUMNS[sort.field]}`);
}

function isNullableSort(sort: PartSort): boolean {
  return sort.field !== REGISTRATION && NULLABLE_SORTS.has(sort.field);
}

function ordered<O>(
  query: SelectQueryBuilder<Database, 'parts', O>,
  sort: PartSort,
  seq: RawBuilder<number>,
): SelectQueryBuilder<Database, 'parts', O> {
  const direction = sort.descending ? 'desc' : 'asc';
  if (sort.field === REGISTRATION) return query.orderBy(seq, direction);
  const key = sortRef(sort, seq);
  // Said explicitly only where NULLs can be: elsewhere it would keep PostgreSQL off its indexes.
  const sorted = isNullableSort(sort)
    ? query.orderBy(key, (ob) => (sort.descending ? ob.desc().nullsLast() : ob.asc().nullsFirst()))
    : query.orderBy(key, direction);
  return sorted.orderBy(seq, direction);
}

type PartsQuery<O> = SelectQueryBuilder<Database, 'parts', O>;

/**
 * The conditions that resume a keyset read after `cursor`, one query each, read in turn until a
 * chunk is full. One condition (a range on the (key, seq) index) for most sorts; on a column that
 * may be NULL the empty values form their own run (first ascending, last descending), read by a
 * separate condition, so each stays a plain range on the index instead of an OR that scans.
 */
function resumeConditions<O>(
  sort: PartSort,
  key: RawBuilder<SortValue>,
  seq: RawBuilder<number>,
  cursor: PartCursor,
): ((query: PartsQuery<O>) => PartsQuery<O>)[] {
  const op = sort.descending ? '<' : '>';
  if (sort.field === REGISTRATION) return [(query) => query.where(seq, op, cursor.seq)];
  const { value } = cursor;
  const afterValue = (query: PartsQuery<O>) =>
    value === null
      ? query
      : // (key, seq) > (value, seq), written as `key >= value and (key > value or seq > seq)`: not
        // every dialect compares row values, and the plain range on `key` lets the (key, seq)
        // index seek straight to the cursor instead of rescanning every row already sent.
        query
          .where(key, sort.descending ? '<=' : '>=', value)
          .where((eb) => eb.or([eb(key, op, value), eb(seq, op, cursor.seq)]));
  if (!isNullableSort(sort)) return [afterValue];
  const emptyAfter = (query: PartsQuery<O>) => query.where(key, 'is', null).where(seq, op, cursor.seq);
  const allEmpty = (query: PartsQuery<O>) => query.where(key, 'is', null);
  const allFilled = (query: PartsQuery<O>) => query.where(key, 'is not', null);
  if (sort.descending) return value === null ? [emptyAfter] : [afterValue, allEmpty];
  return value === null ? [emptyAfter, allFilled] : [afterValue];
}

const partById = compiledOnce((db, id: string) =>
  db.selectFrom('parts').select(PART_COLUMNS).where('id', '=', id),
);

/** The part with this id, if any (its donor vehicle as an id). */
export async function findPartById(db: Kysely<Database>, id: string): Promise<StoredPart | undefined> {
  const [row] = await partById(db, id);
  return row ? readStoredPart(db, row) : undefined;
}

/** A create's insert of its part, compiled once per set of columns (`insertCompiledOnce`). */
const partInsert = insertCompiledOnce((db, row: NewPartRow) =>
  db.insertInto('parts').values(row).returning(PART_COLUMNS),
);

/** A create's history row, compiled once. */
const eventInsert = insertCompiledOnce((db, row: ReturnType<typeof toEventRow>) =>
  db.insertInto('part_events').values(row),
);

/**
 * Stores a new part with its fitment and its photos, and its history's 'creato' row by `actor`,
 * and returns it; `vehicle` is its donor vehicle (whose targa and telaio its search key holds),
 * null when none. One statement on PostgreSQL, one unit of `writes` on SQLite (`writeTogether`); by
 * default the unit runs on `db` itself, in the caller's transaction.
 */
export async function insertPart(
  db: Kysely<Database>,
  input: PartInput,
  id: string,
  createdAt: string,
  vehicle: DonorVehicleKeys | null,
  actor: Actor,
  writes: StatementWrites = statementsOn(db),
): Promise<StoredPart> {
  const compatibilita = input.compatibilita ?? [];
  const photos = photosOf(input);
  const fitmentRows = toFitmentRows(id, compatibilita);
  const imageRows = hasPhotoRows(photos) ? toImageRows(id, photos) : [];
  const [row] = await writeTogether(
    writes,
    db,
    partInsert(db, toNewRow(input, id, createdAt, vehicle)),
    [
      ...(fitmentRows.length > 0 ? [db.insertInto('part_fitments').values(fitmentRows)] : []),
      ...(imageRows.length > 0 ? [db.insertInto('part_images').values(imageRows)] : []),
      eventInsert(
        db,
        toEventRow({
          part: { _id: id, nome: input.nome },
          kind: 'creato',
          actor,
          changes: [],
          at: createdAt,
        }),
      ),
    ],
    // The part and its event alone: a few texts (the donor vehicle's columns are there or not).
    { prepare: fitmentRows.length === 0 && imageRows.length === 0 },
  );
  if (!row) throw new Error(`part ${id} was not stored`);
  return toStoredPart(row, compatibilita, photos);
}

/**
 * Stores many parts (with their fitment and photos) in batched INSERTs. Run it inside a transaction (the caller owns it) for
 * bulk loads: demo data, benchmarks, test fixtures.
 */
export async function insertParts(
  db: Kysely<Database>,
  parts: readonly { input: PartInput; id: string; createdAt: string; vehicle?: DonorVehicleKeys | null }[],
): Promise<number> {
  for (let start = 0; start < parts.length; start += INSERT_BATCH) {
    const batch = parts.slice(start, start + INSERT_BATCH);
    const rows: NewPartRow[] = batch.map((part) =>
      toNewRow(part.input, part.id, part.createdAt, part.vehicle ?? null),
    );
    // Rows of one INSERT name the same columns: those toNewRow leaves out while empty are NULL.
    const values = rows.map((row) => ({
      vehicle_id: null,
      fitment_marca_norm: null,
      fitment_modello_norm: null,
      vehicle_key: null,
      image_count: null,
      ...row,
    }));
    await db.insertInto('parts').values(values).execute();
    await insertFitments(
      db,
      batch.map((part) => ({ partId: part.id, list: part.input.compatibilita ?? [] })),
    );
    await insertImages(
      db,
      batch.map((part) => ({ partId: part.id, photos: photosOf(part.input) })),
    );
  }
  return parts.length;
}

/**
 * Replaces a part's fields, fitment list (`input.compatibilita`, none when left out) and photos
 * (`input.immagini`, else the one `urlImmagine`) only if it is still at `expectedVersion` (one
 * atomic statement), and bumps the version (`cliente`: the customer of its reservation, searched
 * with its fields). `vehicle`: the donor vehicle whose targa and telaio the search key takes, when
 * the link changes (undefined leaves the key). `previousPhotos`: the photos it had, when known
 * (the same list is not rewritten). Undefined when the part is gone or another write got there first.
 */
export async function updatePartIfVersion(
  db: Kysely<Database>,
  id: string,
  expectedVersion: number,
  input: PartInput,
  updatedAt: string,
  cliente: string | null = null,
  vehicle?: DonorVehicleKeys | null,
  previousPhotos?: readonly string[],
): Promise<StoredPart | undefined> {
  const row = await db
    .updateTable('parts')
    .set({
      ...toFieldColumns(input, cliente),
      ...(vehicle === undefined ? {} : { vehicle_key: vehicleKey(vehicle) }),
      version: expectedVersion + 1,
      updated_at: updatedAt,
    })
    .where('id', '=', id)
    .where('version', '=', expectedVersion)
    .returning(PART_COLUMNS)
    .executeTakeFirst();
  if (!row) return undefined;
  const compatibilita = input.compatibilita ?? [];
  const photos = photosOf(input);
  await replaceFitments(db, id, compatibilita);
  await replaceImages(db, id, photos, previousPhotos);
  return toStoredPart(row, compatibilita, photos);
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

/** A count of matches: exact, or (`exact: false`) a lower bound where counting stopped. */
export interface MatchCount {
  count: number;
  exact: boolean;
}

/** The name of the statuses a filter keeps (undefined: all), the same for the same set in any order. */
const statusesKey = (stati: readonly PartStatus[] | undefined) =>
  stati === undefined ? '*' : [...new Set(stati)].sort().join(',');

/** The number of parts in the statuses `stati` (all when undefined), summed from the counts table. */
function countedIn(db: Kysely<Database>, stati: readonly PartStatus[] | undefined) {
  const kept = statusCondition({ stato: stati });
  const counts = db.selectFrom('part_category_counts');
  // The counts table is small (a row per category and status): any plan is the right one.
  return (kept ? counts.where('stato', kept.op, kept.values) : counts).select((eb) =>
    eb.fn.coalesce(eb.fn.sum<number>('count'), sql.lit(0)).as('count'),
  );
}

const statusCount = compiledByShape(statusesKey, (db, stati: readonly PartStatus[] | undefined) =>
  countedIn(db, stati),
);

const categoryStatusCount = compiledByShape(
  statusesKey,
  (db, stati: readonly PartStatus[] | undefined, categoria: string) =>
    countedIn(db, stati).where('categoria', '=', categoria),
);

/**
 * How many parts match. A text search counts at most `limit` matches, so a count never reads
 * more than that many entries of the index (more is reported as `limit`, not exact). Without a
 * text condition the answer is exact and cheap: the category counts or an exact index.
 */
export async function countParts(
  db: Kysely<Database>,
  filter: PartFilter,
  limit: number,
): Promise<MatchCount> {
  const plain =
    !hasText(filter) &&
    filter.codeIs === undefined &&
    filter.codeIsNot === undefined &&
    filter.prezzoMin === undefined &&
    filter.prezzoMax === undefined;
  if (
    plain &&
    filter.location === undefined &&
    filter.locationPrefix === undefined &&
    filter.veicolo === undefined
  ) {
    const [row] =
      filter.categoria === undefined
        ? await statusCount(db, filter.stato)
        : await categoryStatusCount(db, filter.stato, filter.categoria);
    return { count: Number(row?.count ?? 0), exact: true };
  }
  return againIfWordListMoved((fresh) => countMatches(db, filter, limit, plain, fresh));
}

/**
 * `countParts` of a filter the counts tables do not answer (`plain` when it has no text), with
 * `freshWords` as `matching` takes them.
 */
async function countMatches(
  db: Kysely<Database>,
  filter: PartFilter,
  limit: number,
  plain: boolean,
  freshWords: boolean,
): Promise<MatchCount> {
  const matched = await matching(db, filter, 'unordered', freshWords);
  if (plain) {
    const row = await matched.query
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), exact: true };
  }
  // One more than the limit tells "exactly limit" from "more than limit".
  let hits: number;
  if (matched.fromIndex) {
    hits = await matched.fromIndex.count(limit + 1);
  } else {
    const row = await db
      .selectFrom(
        matched.query
          .select(sql.lit(1).as('hit'))
          .limit(limit + 1)
          .as('hits'),
      )
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    hits = Number(row.count);
  }
  return hits > limit ? { count: limit, exact: false } : { count: hits, exact: true };
}

/** A page of parts, and the number of parts in the whole list when the page's own reads told it. */
export interface StoredPage {
  parts: StoredPart[];
  /** Undefined when the page's reads did not count the list: the caller counts it if it must. */
  total: number | undefined;
}

/**
 * One page by offset. The page's seqs are found first (on the search index or the sort index,
 * so a deep offset skips index entries rather than whole rows), then only those rows are read.
 * A deep page of a list filtered by status alone, in registration order, starts at the block of
 * seqs its first part is in (`seekBlock`), so it skips at most one block's entries. Such a plain
 * list's page also tells the list's number of parts (`listCountedPage`), read in the same
 * statement from the counts table (`listTotal`) or summed from the blocks it sought, so that no
 * count follows it.
 */
export async function listPartsPage(
  db: Kysely<Database>,
  filter: PartFilter,
  sort: PartSort,
  limit: number,
  offset: number,
): Promise<StoredPart[]> {
  return (await listCountedPage(db, filter, sort, limit, offset)).parts;
}

/** `listPartsPage`, with the list's number of parts when the page's reads told it. */
export async function listCountedPage(
  db: Kysely<Database>,
  filter: PartFilter,
  sort: PartSort,
  limit: number,
  offset: number,
): Promise<StoredPage> {
  // The plain list (by status alone, in registration order) has one SQL text per status filter
  // and a plan that suits every page: compiled once and prepared. Other lists are planned for
  // their own terms.
  if (sort.field === REGISTRATION && byStatusAlone(filter)) {
    const shape = { stati: filter.stato, descending: sort.descending };
    if (offset === 0 && FIRST_PAGE_SIZES.has(limit))
      return countedPage(db, await plainFirstPage(db, { ...shape, limit }));
    let edge: number;
    let skip: number;
    let total: number | undefined;
    if (offset < SEQ_BLOCK_SIZE) {
      if (isSqlite(db)) return countedPage(db, await plainPage(db, shape, limit, offset));
      // From the newest (the oldest): an edge past every seq.
      [edge, skip] = [sort.descending ? Number.MAX_SAFE_INTEGER : 0, offset];
    } else {
      const start = await seekBlock(db, filter, sort.descending, offset);
      if (start.block === undefined) return { parts: [], total: start.total };
      // The block's edge: below the next block newest first, from this block's start oldest first.
      [edge, skip, total] = [
        (sort.descending ? start.block + 1 : start.block) * SEQ_BLOCK_SIZE,
        start.skip,
        start.total,
      ];
      if (isSqlite(db)) return countedPage(db, await plainPageInBlocks(db, shape, edge, limit, skip), total);
    }
    const read = { ...shape, read: pageRead(skip + limit), counted: total === undefined };
    return countedPage(db, await plainPageRead(db, read, edge, skip + 1, skip + limit), total);
  }
  if (sort.field === REGISTRATION && offset === 0 && FIRST_PAGE_SIZES.has(limit)) {
    const shape = { stati: filter.stato, descending: sort.descending, limit };
    if (filter.location && byStatusAlone(filter, 'location')) {
      const key = locationKey(filter.location);
      return countedPage(db, await binFirstPage(db, shape, key, key));
    }
    if (filter.categoria !== undefined && byStatusAlone(filter, 'categoria')) {
      const { categoria } = filter;
      return countedPage(db, await categoryFirstPage(db, shape, categoria, categoria));
    }
  }
  const matched = await matching(db, filter, 'ordered');
  const rows = pageRows(db, matched.query, matched.seq, sort, { limit, offset });
  return { parts: await readStoredParts(db, await rows.execute()), total: undefined };
}

/**
 * A plain list's page from its rows, each carrying the list's number of parts (`listTotal`);
 * `total` when it is already known (summed from the blocks). An empty page tells no number.
 */
async function countedPage(
  db: Kysely<Database>,
  rows: readonly (PartColumns & { list_total?: number | string | null })[],
  total?: number,
): Promise<StoredPage> {
  const counted = rows[0] === undefined ? undefined : Number(rows[0].list_total ?? 0);
  return { parts: await readStoredParts(db, rows), total: total ?? counted };
}

/**
 * The parts of a page: its seqs read first by `query` in `sort` order, then their rows. No
 * `offset`: the page starts at the first.
 */
function pageRows(
  db: Kysely<Database>,
  query: PartsQuery<object>,
  seq: RawBuilder<number>,
  sort: PartSort,
  page: { limit: number | RawBuilder<number>; offset?: number },
) {
  const limited = ordered(query.select(seq.as('seq')), sort, seq).limit(page.limit);
  const pageSeqs = page.offset === undefined ? limited : limited.offset(page.offset);
  return ordered(
    db.selectFrom('parts').select(PART_COLUMNS).where('parts.seq', 'in', pageSeqs),
    sort,
    sql.ref<number>('parts.seq'),
  );
}

/**
 * The number of parts in the statuses `stati` (all when undefined), for a plain list's page to
 * carry on each of its rows (`countedPage`): the counts table read as `countParts` reads it, by a
 * subquery without a reference to the row, which both engines run once per statement. The page
 * and its count are then one round trip, read in one snapshot, instead of two.
 */
function listTotal(db: Kysely<Database>, stati: readonly PartStatus[] | undefined) {
  return countedIn(db, stati).as('list_total');
}

/** What the SQL of a plain list's page depends on: the statuses kept and the direction. */
interface PlainShape {
  stati: readonly PartStatus[] | undefined;
  descending: boolean;
}

const plainKey = ({ stati, descending }: PlainShape) =>
  `${statusesKey(stati)} ${descending ? 'desc' : 'asc'}`;

/** The parts matching a plain list's filter (its statuses), in registration order. */
function plainMatching(db: Kysely<Database>, { stati, descending }: PlainShape) {
  const matched = matchingWith(db, { stato: stati }, textSearchOf({}), undefined);
  const sort: PartSort = { field: REGISTRATION, descending };
  return { ...matched, sort };
}

/** SQLite: a plain list's page in its first block of seqs, past the first page. */
const plainPage = compiledByShape(plainKey, (db, shape: PlainShape, limit: number, offset: number) => {
  const { query, seq, sort } = plainMatching(db, shape);
  return pageRows(db, query, seq, sort, { limit, offset }).select(listTotal(db, shape.stati));
});

/** A plain list's first page: its shape and its size. */
interface FirstPageShape extends PlainShape {
  limit: number;
}

const firstPageKey = ({ limit, ...shape }: FirstPageShape) => `${plainKey(shape)} ${limit}`;

/**
 * A first page in registration order, its size written into the text (see `plainFirstPage`): of
 * the plain list, or of the parts whose `column` holds `value`.
 */
function firstPageWhere(
  db: Kysely<Database>,
  { limit, ...shape }: FirstPageShape,
  where?: { column: 'parts.location_key' | 'parts.categoria'; value: string },
) {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`not a page size: ${limit}`);
  const { query, seq, sort } = plainMatching(db, shape);
  const narrowed = where ? query.where(where.column, '=', where.value) : query;
  return pageRows(db, narrowed, seq, sort, { limit: sql.lit<number>(limit) });
}

/** The page sizes the list offers, whose first page has a statement of its own (`plainFirstPage`). */
const FIRST_PAGE_SIZES: ReadonlySet<number> = new Set(LIMITS.pageSizes);

/**
 * The first page of a plain list (the list's own screen), its size written into the text and no
 * OFFSET, so its statement has no parameter at all. With LIMIT and OFFSET as parameters PostgreSQL
 * costs the generic plan as reading a tenth of the parts and, judging it dearer than a plan made
 * for the values, planned the page again at every request (0.38 ms at each bind at 10^5 parts, the
 * page 0.33 ms a round trip against 0.15 planned once). Only for the sizes the list offers
 * (FIRST_PAGE_SIZES), so that a client cannot name a statement per size: a first page of another
 * size is read as a later one (`plainPageRead` on PostgreSQL).
 */
const plainFirstPage = compiledByShape(firstPageKey, (db, shape: FirstPageShape) =>
  firstPageWhere(db, shape).select(listTotal(db, shape.stati)),
);

/** SQLite: a plain list's page in a later block of seqs, from the block's `edge` (`seekBlock`). */
const plainPageInBlocks = compiledByShape(
  plainKey,
  (db, shape: PlainShape, edge: number, limit: number, offset: number) => {
    const { query, seq, sort } = plainMatching(db, shape);
    const inBlocks = shape.descending ? query.where(seq, '<', edge) : query.where(seq, '>=', edge);
    return pageRows(db, inBlocks, seq, sort, { limit, offset });
  },
);

/** A plain list's page on PostgreSQL (`plainPageRead`): its shape, and the seqs it reads. */
interface PageReadShape extends PlainShape {
  read: number;
  /** Whether each row carries the list's number of parts (not when its blocks were summed). */
  counted: boolean;
}

/** The step of the sizes of the reads of `plainPageRead`. */
const PAGE_READ_STEP = 512;

/**
 * How many seqs from its edge a page of a plain list reads on PostgreSQL to reach its `end`-th (the
 * parts it skips and its own): `end` rounded up to a multiple of 512, so that a few texts serve
 * every page (an end is at most 4,096 + 100 past its edge: nine) and a read takes at most 511 seqs
 * more than the page needs.
 */
function pageRead(end: number): number {
  return Math.ceil(end / PAGE_READ_STEP) * PAGE_READ_STEP;
}

/**
 * PostgreSQL: a plain list's page (but a first page of a size the list offers: `plainFirstPage`),
 * from the `first`-th to the `last`-th part from `edge` (a block's edge, `seekBlock`, or past every
 * seq). Written as on SQLite (`plainPage`, `plainPageInBlocks`), with LIMIT and OFFSET as
 * parameters, PostgreSQL costs a generic plan as reading a tenth of the parts before the edge (a
 * hash join over a scan of every part: 24 ms a page at 10^5 parts), judges it dearer than a plan
 * made for the values and so planned every page again (0.46 ms at each bind). Here the read's
 * LIMIT is written into the text (`pageRead`) and the page is a slice of its seqs as an array,
 * parameters PostgreSQL does not cost: the generic plan is the one for the values and the
 * statement is planned once per connection (the page at offset 50,000 at 10^5 parts: 0.46 ms to
 * bind and 0.30 to run, now 0.03 and 0.36, the read taking up to 511 index entries more than the
 * page needs).
 */
const plainPageRead = compiledByShape(
  ({ read, counted, ...shape }: PageReadShape) => `${plainKey(shape)} ${read}${counted ? ' counted' : ''}`,
  (db, { read, counted, ...shape }: PageReadShape, edge: number, first: number, last: number) => {
    if (!Number.isSafeInteger(read) || read < 1) throw new RangeError(`not a read's size: ${read}`);
    const { query, seq, sort } = plainMatching(db, shape);
    const fromEdge = shape.descending ? query.where(seq, '<', edge) : query.where(seq, '>=', edge);
    const seqs = ordered(fromEdge.select(seq.as('seq')), sort, seq).limit(sql.lit<number>(read));
    return ordered(
      db
        .selectFrom('parts')
        .select(PART_COLUMNS)
        .$if(counted, (query) => query.select(listTotal(db, shape.stati)))
        .where(seqInSlice(seqs, first, last)),
      sort,
      sql.ref<number>('parts.seq'),
    );
  },
);

/**
 * The first page of the parts at one exact location (a cassetta's own list, a scanned label), each
 * row carrying their number (`list_total`, as `countedPage` reads it): one statement where a
 * filtered list reads its page, then counts. The page walks the (location_key, seq) index from the
 * newest and the count reads that index's entries for the key: the same plan whatever the key, so
 * the statement is prepared and, on PostgreSQL, planned once (planned anew at each request, the
 * page and its count spent 1.2 ms planning for 0.3 ms running, at 10^5 parts). The key is given
 * twice (once a parameter each); the size is written into the text, as `plainFirstPage`'s is.
 */
const binFirstPage = compiledByShape(
  firstPageKey,
  (db, shape: FirstPageShape, key: string, countedKey: string) => {
    const total = plainMatching(db, shape)
      .query.where('parts.location_key', '=', countedKey)
      .select((eb) => eb.fn.countAll<number>().as('count'));
    return firstPageWhere(db, shape, { column: 'parts.location_key', value: key }).select(
      total.as('list_total'),
    );
  },
);

/**
 * The first page of one category (its own list, the list filtered by it), each row carrying the
 * category's number of parts from the counts table (as `countParts` reads it): one statement, one
 * round trip (on SQLite one trip to a reader thread) where the page and its count were two. Not
 * prepared: which index serves a category's newest best depends on how many parts it holds (the
 * category's own index for a rare one, the newest parts for a common one), so PostgreSQL plans it
 * for the category asked for, as it did.
 */
const categoryFirstPage = compiledByShape(
  firstPageKey,
  (db, shape: FirstPageShape, categoria: string, countedCategoria: string) =>
    firstPageWhere(db, shape, { column: 'parts.categoria', value: categoria }).select(
      countedIn(db, shape.stati).where('categoria', '=', countedCategoria).as('list_total'),
    ),
  { prepare: false },
);

/**
 * True when `filter` holds no condition but the statuses (which part_seq_blocks counts by) and,
 * when given, `also`.
 */
function byStatusAlone(filter: PartFilter, also?: keyof PartFilter): boolean {
  return Object.entries(filter).every(
    ([key, value]) => key === 'stato' || key === also || value === undefined,
  );
}

/** The parts of each block of seqs in the statuses asked for, in the order asked for. */
const blockCounts = compiledByShape(plainKey, (db, { stati, descending }: PlainShape) => {
  const blocks = db
    .selectFrom('part_seq_blocks')
    .select((eb) => ['block', eb.fn.sum<number>('count').as('count')]);
  const kept = statusCondition({ stato: stati });
  return (kept ? blocks.where('stato', kept.op, kept.values) : blocks)
    .groupBy('block')
    .orderBy('block', descending ? 'desc' : 'asc');
});

/**
 * Whether a read of every part of `filter` in `sort` order may go block of seqs by block
 * (`seqBlocks`), the blocks side by side: in registration order, with no condition but the
 * statuses, and statuses an index on seq serves alone: every part (seq is the rowid) or the parts in
 * stock (the partial index of migration 009, the default of every list). Any other set of statuses
 * would be read through the index of statuses, all of it once per block.
 */
export function readsBySeqBlocks(filter: PartFilter, sort: PartSort): boolean {
  if (sort.field !== REGISTRATION || !byStatusAlone(filter)) return false;
  const condition = statusCondition(filter);
  if (condition === undefined) return true;
  const { scope, scopeIsFilter } = stockScope(condition);
  return scope === 'in' && scopeIsFilter;
}

/**
 * The blocks of seqs (migration 019) holding parts of `stati` (every status when left out), in
 * registration order, each as the range of seqs [from, below) a filter's `seqFrom` and `seqBelow`
 * take. A few hundred rows at 10^6 parts.
 */
export async function seqBlocks(
  db: Kysely<Database>,
  stati: readonly PartStatus[] | undefined,
  descending: boolean,
): Promise<{ from: number; below: number }[]> {
  const rows = await blockCounts(db, { stati, descending });
  return rows
    .filter((row) => Number(row.count) > 0)
    .map((row) => ({
      from: Number(row.block) * SEQ_BLOCK_SIZE,
      below: (Number(row.block) + 1) * SEQ_BLOCK_SIZE,
    }));
}

/**
 * The block of seqs (migration 019) holding the part at `offset` among the parts of `filter`'s
 * statuses in registration order, how many of that block's parts come before it (`block`
 * undefined when there are no more than `offset` parts), and the parts of those statuses in all.
 * Reads one count per block and status, a few hundred rows at 10^6 parts, instead of `offset`
 * entries of the index.
 */
async function seekBlock(
  db: Kysely<Database>,
  filter: PartFilter,
  descending: boolean,
  offset: number,
): Promise<{ block: number; skip: number; total: number } | { block: undefined; total: number }> {
  const rows = await blockCounts(db, { stati: filter.stato, descending });
  let start: { block: number; skip: number } | undefined;
  let total = 0;
  for (const row of rows) {
    const count = Number(row.count);
    if (start === undefined && total + count > offset)
      start = { block: Number(row.block), skip: offset - total };
    total += count;
  }
  return start ? { ...start, total } : { block: undefined, total };
}

/** Where a chunk of a keyset-paged read starts: after a cursor, or (the first) at an offset. */
export type ChunkStart = { after: PartCursor } | { offset: number };

/** The keys a keyset-paged read resumes from: the last row's sort value and seq. */
type ResumeKeys = { sort_key: SortValue | null; sort_seq: number | string };

/** What one keyset query gave, as its caller keeps it: its rows' form, how many, the last one's keys. */
interface KeyedBatch<T> {
  items: T;
  count: number;
  last: ResumeKeys | undefined;
}

/**
 * The next `limit` rows (the given columns of `parts`) after a cursor (or from an offset) in
 * `sort` order (keyset paging): each call is one short query (or one per null/non-null stretch
 * of the sort), so a long read never holds a connection or loads every row. `run` executes each
 * query, as rows or rendered; `next` is set while more rows may follow.
 */
async function chunkAfter<C extends keyof PartsTable, T>(
  db: Kysely<Database>,
  filter: PartFilter,
  sort: PartSort,
  start: ChunkStart,
  limit: number,
  columns: readonly C[],
  run: (query: PartsQuery<Pick<PartRowOf, C> & ResumeKeys>) => Promise<KeyedBatch<T>>,
): Promise<{ batches: T[]; next: PartCursor | undefined }> {
  const matched = await matching(db, filter, 'ordered');
  const key = sortRef(sort, matched.seq);
  // The columns asked for, plus the sort key and seq the next chunk resumes from.
  type Row = Pick<PartRowOf, C> & ResumeKeys;
  const base = matched.query
    .select(columns.map((column) => `parts.${column}` as const))
    .select([key.as('sort_key'), matched.seq.as('sort_seq')]) as unknown as PartsQuery<Row>;
  const batches: T[] = [];
  let count = 0;
  let last: ResumeKeys | undefined;
  const add = (batch: KeyedBatch<T>) => {
    batches.push(batch.items);
    count += batch.count;
    last = batch.last ?? last;
  };
  if ('after' in start) {
    for (const resume of resumeConditions<Row>(sort, key, matched.seq, start.after)) {
      const wanted = limit - count;
      if (wanted === 0) break;
      add(await run(ordered(resume(base), sort, matched.seq).limit(wanted)));
    }
  } else {
    // Only the first chunk may start at an offset; the following ones resume from the cursor.
    const query = start.offset > 0 ? base.offset(start.offset) : base;
    add(await run(ordered(query, sort, matched.seq).limit(limit)));
  }
  const next =
    last && count === limit
      ? { value: last.sort_key === null ? null : last.sort_key, seq: Number(last.sort_seq) }
      : undefined;
  return { batches, next };
}

/** The next `limit` whole parts after a cursor (or from an offset) in `sort` order (`chunkAfter`). */
export async function listPartsAfter(
  db: Kysely<Database>,
  filter: PartFilter,
  sort: PartSort,
  start: ChunkStart,
  limit: number,
): Promise<{ parts: StoredPart[]; next: PartCursor | undefined }> {
  const { batches, next } = await chunkAfter(db, filter, sort, start, limit, PART_COLUMNS, async (query) => {
    const rows = await query.execute();
    return { items: rows, count: rows.length, last: rows.at(-1) };
  });
  return { parts: await readStoredParts(db, batches.flat()), next };
}

/**
 * The same chunks as an export's records (CSV, or the Excel export's JSON), rendered where the rows
 * are read (db/csv-reads.ts): a few of the row's columns, with no fitment, photos or vehicle to
 * look up.
 */
export async function recordsAfter(
  db: Kysely<Database>,
  filter: PartFilter,
  sort: PartSort,
  start: ChunkStart,
  limit: number,
  records: ExportRecords,
): Promise<{ text: string; next: PartCursor | undefined }> {
  const columns = [...new Set(records.fields.map(fieldColumn))];
  const cells = exportCellsOf(records);
  const { batches, next } = await chunkAfter(db, filter, sort, start, limit, columns, async (query) => {
    const rendered = await readRecords<ResumeKeys, Database>(db, query.compile(), cells, records.format);
    // A batch of no rows has no records (an empty JSON array would be one).
    return { items: rendered.count > 0 ? [rendered.text] : [], count: rendered.count, last: rendered.last };
  });
  return { text: joinRecords(batches.flat(), records.format), next };
}

/**
 * The seqs of the parts matching `filter`, newest first, at most `limit` (read from the search
 * index alone when the text is the only condition).
 */
export async function listMatchingSeqs(
  db: Kysely<Database>,
  filter: PartFilter,
  limit: number,
): Promise<number[]> {
  // An exact code's segment (`codeIs`) reads the few rows of that code on its index and checks
  // the terms on them, whatever their values: one plan suits every search, so it is prepared
  // (PostgreSQL planned it anew for every search: 0.3–0.4 ms, where running it takes 0.02).
  return againIfWordListMoved(async (fresh) =>
    newestSeqs(db, await matching(db, filter, 'ordered', fresh), limit, {
      prepare: filter.codeIs !== undefined,
    }),
  );
}

/**
 * The newest `newest` matches of a text search (newest first), and how many there are, exact up
 * to `countLimit`. The matches are read first in whatever order the database finds them, which
 * stops after `countLimit` + 1 and costs what counting them costs, and sorted here; only when
 * there are more than that is the page read newest first, stopping after `newest`. Reading newest
 * first from the start costs more: SQLite's FTS5 reads backwards at up to twice the cost, and
 * PostgreSQL walks the registration index backwards checking each row. 10^5 parts, 'faro' (3,369
 * matches): SQLite 0.75 → 0.42 ms, PostgreSQL 12.9 → 2.4 ms; nome 'pompa' marca 'volks' on SQLite
 * 1.74 → 1.24 ms.
 */
export async function searchSeqs(
  db: Kysely<Database>,
  filter: PartFilter,
  newest: number,
  countLimit: number,
): Promise<{ seqs: number[]; count: number; exact: boolean }> {
  const nothingBeside = { segments: [], limit: 0 };
  const { seqs, count, exact } = await searchSeqsBeside(db, filter, newest, countLimit, nothingBeside);
  return { seqs, count, exact };
}

/** Segments of exact codes read beside a search (`searchSeqsBeside`), and how many parts of each. */
export interface CodesBeside {
  /** Each with `codeIs` set: the handful of parts of that code that match the rest of the filter. */
  segments: readonly PartFilter[];
  limit: number;
}

/**
 * `searchSeqs`, and the newest `beside.limit` parts of each exact code's segment, newest first
 * (what `listMatchingSeqs` reads). When the search reads PostgreSQL's word index alone, they are
 * read by the statement that counts it (`newestCountedWith`): a search of `q` is then one round
 * trip fewer (q of one word on PostgreSQL, 10^5 parts, 10 clients: 476 → 512 req/s). Otherwise
 * each is read apart: on SQLite from the start, beside the search; on PostgreSQL once the search
 * is found to read otherwise.
 */
export async function searchSeqsBeside(
  db: Kysely<Database>,
  filter: PartFilter,
  newest: number,
  countLimit: number,
  beside: CodesBeside,
  firstPage = 0,
): Promise<SearchBeside> {
  if (beside.segments.some((segment) => segment.codeIs === undefined))
    throw new RangeError('a segment read beside a search must name its exact code');
  if (isSqlite(db) && beside.segments.length > 0) {
    // SQLite reads them apart whatever the search reads: from the start, side by side with it.
    const [alongside, found] = await Promise.all([
      readBeside(db, beside),
      searchSeqs(db, filter, newest, countLimit),
    ]);
    return { ...found, alongside };
  }
  return againIfWordListMoved((fresh) =>
    newestMatches(db, filter, newest, countLimit, beside, firstPage, fresh),
  );
}

/**
 * What `searchSeqsBeside` found: the newest matches, their number, each exact code's parts and,
 * when a first page was asked for and the statement that counted could read it, the parts that
 * page can show (the first of the newest and of each code), by seq.
 */
export interface SearchBeside {
  seqs: number[];
  count: number;
  exact: boolean;
  alongside: number[][];
  parts?: ReadonlyMap<number, StoredPart>;
}

/** The newest matches and their count read up to one past `countLimit`: exact, or the limit. */
function countedUpTo(countLimit: number, seqs: number[], count: number) {
  return count <= countLimit ? { seqs, count, exact: true } : { seqs, count: countLimit, exact: false };
}

/** Each exact code's segment read apart (`listMatchingSeqs`). */
function readBeside(db: Kysely<Database>, beside: CodesBeside): Promise<number[][]> {
  return Promise.all(beside.segments.map((segment) => listMatchingSeqs(db, segment, beside.limit)));
}

/** The seqs an exact code's segment holds, newest first: `listMatchingSeqs`' read, as a query. */
function exactCodeSeqs(db: Kysely<Database>, segment: PartFilter, limit: number) {
  return newestQuery(matchingWith(db, segment, textSearchOf(segment), undefined), sql.lit<number>(limit));
}

/** The seqs of the newest `limit` parts `matched` finds, newest first, as a query. */
function newestQuery(matched: MatchingParts, limit: number | RawBuilder<number>) {
  return matched.query.select(matched.seq.as('seq')).orderBy(matched.seq, 'desc').limit(limit);
}

/** `searchSeqsBeside`, with `freshWords` as `matching` takes them. */
async function newestMatches(
  db: Kysely<Database>,
  filter: PartFilter,
  newest: number,
  countLimit: number,
  beside: CodesBeside,
  firstPage: number,
  freshWords: boolean,
): Promise<SearchBeside> {
  const matched = await matching(db, filter, 'unordered', freshWords);
  const index = matched.fromIndex && !matched.pairsIndexed ? matched.fromIndex : undefined;
  if (index?.newestCountedWith && (beside.segments.length > 0 || firstPage > 0)) {
    const queries = beside.segments.map((segment) => exactCodeSeqs(db, segment, beside.limit));
    const page = firstPage > 0 ? firstPageRows(db, firstPage) : undefined;
    const { seqs, count, alongside, rows } = await index.newestCountedWith(newest, countLimit, queries, page);
    return {
      ...countedUpTo(countLimit, seqs, count),
      alongside,
      ...(rows ? { parts: await storedBySeq(db, rows) } : {}),
    };
  }
  if (beside.segments.length === 0)
    return { ...(await newestOf(db, filter, matched, newest, countLimit, freshWords)), alongside: [] };
  const [alongside, found] = await Promise.all([
    readBeside(db, beside),
    newestOf(db, filter, matched, newest, countLimit, freshWords),
  ]);
  return { ...found, alongside };
}

/** PostgreSQL: a first page's parts, read by the statement that counts a search. */
function firstPageRows(db: Kysely<Database>, size: number): PageRowsRead<PartColumns> {
  return {
    size,
    rows: (shown) => db.selectFrom('parts').select(PART_COLUMNS).where(shown),
  };
}

/** Parts' rows as parts, by seq. */
async function storedBySeq(
  db: Kysely<Database>,
  rows: readonly PartColumns[],
): Promise<Map<number, StoredPart>> {
  const parts = await readStoredParts(db, rows);
  return new Map(parts.map((part, at) => [Number(rows[at]?.seq), part]));
}

/** `newestMatches`' own reads, of the parts `matched` finds. */
async function newestOf(
  db: Kysely<Database>,
  filter: PartFilter,
  matched: MatchingParts & { pairsIndexed: boolean },
  newest: number,
  countLimit: number,
  freshWords: boolean,
): Promise<{ seqs: number[]; count: number; exact: boolean }> {
  // SQLite's index alone: one read counts and lists, and reads the newest in order only past the
  // limit (one trip to a reader thread instead of two for a common word: q at 10^5 parts, 10
  // clients, 700 → 781 req/s).
  if (matched.fromIndex && !matched.pairsIndexed) {
    const { seqs, count } = await matched.fromIndex.newestCounted(newest, countLimit);
    return countedUpTo(countLimit, seqs, count);
  }
  const hits = matched.fromIndex
    ? await matched.fromIndex.matches(countLimit + 1)
    : (
        await matched.query
          .select(matched.seq.as('seq'))
          .limit(countLimit + 1)
          .execute()
      ).map((row) => Number(row.seq));
  if (hits.length <= countLimit) {
    return { seqs: hits.sort((a, b) => b - a).slice(0, newest), count: hits.length, exact: true };
  }
  // More than the limit: the newest, read in order. A read in order indexes fewer pairs than one in
  // no order, if any (pairsToIndex): only when this one indexed a pair can that read differ.
  const inOrder = matched.pairsIndexed ? await matching(db, filter, 'ordered', freshWords) : matched;
  const walk = walkFor(hits, newest);
  return { seqs: await newestSeqs(db, inOrder, newest, { walk }), count: countLimit, exact: false };
}

/**
 * The seqs of the newest `limit` matches, newest first; `prepare`: as a prepared statement.
 * `walk` (PostgreSQL, LIKE on the rows, `walkFor`): the newest `walk` registrations are walked
 * first (`newestWalkingFirst`).
 */
async function newestSeqs(
  db: Kysely<Database>,
  matched: MatchingParts,
  limit: number,
  { prepare = false, walk }: { prepare?: boolean; walk?: number | undefined } = {},
): Promise<number[]> {
  if (matched.fromIndex) return matched.fromIndex.newest(limit);
  if (walk !== undefined && matched.onRows) {
    const reads = { onRows: matched.onRows(), query: matched.query, seq: matched.seq };
    return newestWalkingFirst(db, reads, limit, walk);
  }
  const query = newestQuery(matched, limit);
  const rows = await (prepare ? prepared(query) : query).execute();
  return rows.map((row) => Number(row.seq));
}

// SQLite: one SQL text per number of seqs, each kept by the connection's statement cache.
const partsBySeq = compiledByShape(
  String,
  (db, _count: number, ...seqs: number[]) =>
    db.selectFrom('parts').select(PART_COLUMNS).where('seq', 'in', seqs),
  { prepare: false },
);

// PostgreSQL: one named statement for any number of seqs, the list one parameter.
const partsBySeqList = compiledOnce((db, list: string) =>
  db.selectFrom('parts').select(PART_COLUMNS).where(seqInList(list)),
);

/** The parts with these seqs, in the order given. */
export async function findPartsBySeq(db: Kysely<Database>, seqs: readonly number[]): Promise<StoredPart[]> {
  const bySeq = await findPartsBySeqMap(db, seqs);
  return seqs.flatMap((seq) => bySeq.get(seq) ?? []);
}

/** The parts with these seqs, by seq (a seq of no part has none). */
export async function findPartsBySeqMap(
  db: Kysely<Database>,
  seqs: readonly number[],
): Promise<Map<number, StoredPart>> {
  if (seqs.length === 0) return new Map();
  const rows = isSqlite(db)
    ? await partsBySeq(db, seqs.length, ...seqs)
    : await partsBySeqList(db, seqList(seqs));
  return storedBySeq(db, rows);
}

/** Up to `limit` parts whose category is exactly `categoria`, oldest first (by the category index). */
export async function listPartsOfCategory(
  db: Kysely<Database>,
  categoria: string,
  limit: number,
): Promise<StoredPart[]> {
  const rows = await db
    .selectFrom('parts')
    .select(PART_COLUMNS)
    .where('categoria', '=', categoria)
    .limit(limit)
    .execute();
  return readStoredParts(db, rows);
}

/**
 * The rows of the category counts grouped by category, to select their sum from: a key's rows (its
 * shards on PostgreSQL, migration 020) are added up, and a category whose sum is 0 (every part gone,
 * its shards not folded yet) is left out.
 */
function categoryCounts(db: Kysely<Database>) {
  return db
    .selectFrom('part_category_counts')
    .groupBy('categoria')
    .having((eb) => eb.fn.sum('count'), '>', 0);
}

/** The same for the conditions. */
function conditionCounts(db: Kysely<Database>) {
  return db
    .selectFrom('part_condition_counts')
    .groupBy('condizione')
    .having((eb) => eb.fn.sum('count'), '>', 0);
}

/**
 * Every category with its number of parts in the statuses asked for (every status when left out;
 * kept by triggers per category, status and, on PostgreSQL, shard; unsorted: the service orders them).
 */
export async function countByCategory(
  db: Kysely<Database>,
  stati?: readonly PartStatus[],
): Promise<CategoryCount[]> {
  const rows = await categoryCountsIn(db, stati);
  return rows.map((row) => ({ categoria: row.categoria, count: Number(row.count) }));
}

const categoryCountsIn = compiledByShape(statusesKey, (db, stati: readonly PartStatus[] | undefined) => {
  const query = categoryCounts(db).select((eb) => ['categoria', eb.fn.sum<number>('count').as('count')]);
  const kept = statusCondition({ stato: stati });
  return kept ? query.where('stato', kept.op, kept.values) : query;
});

const conditionCountsAll = compiledOnce((db) =>
  conditionCounts(db).select((eb) => ['condizione', eb.fn.sum<number>('count').as('count')]),
);

/** Every condition with its number of parts (kept by triggers; unsorted: the service orders them). */
export async function countByCondition(db: Kysely<Database>): Promise<ConditionCount[]> {
  const rows = await conditionCountsAll(db);
  return rows.map((row) => ({ condizione: row.condizione, count: Number(row.count) }));
}

/** A spelling of a category or a condition in use, and how many parts have it. */
export interface SpellingCount {
  name: string;
  count: number;
}

const spellingCounts = compiledOnce((db) => {
  const categories = categoryCounts(db).select((eb) => [
    sql.lit('categoria').as('field'),
    'categoria as name',
    eb.fn.sum<number>('count').as('count'),
  ]);
  const conditions = conditionCounts(db).select((eb) => [
    sql.lit('condizione').as('field'),
    'condizione as name',
    eb.fn.sum<number>('count').as('count'),
  ]);
  return categories.unionAll(conditions);
});

/**
 * The categories and the conditions in use with their numbers of parts, in one read (what a write
 * matches the spelling it is given against): one statement where two were, for every create,
 * edit and import.
 */
export async function countSpellings(
  db: Kysely<Database>,
): Promise<{ categorie: SpellingCount[]; condizioni: SpellingCount[] }> {
  const rows = await spellingCounts(db);
  const of = (field: string) =>
    rows.filter((row) => row.field === field).map((row) => ({ name: row.name, count: Number(row.count) }));
  return { categorie: of('categoria'), condizioni: of('condizione') };
}

/** Which of `urls` some part uses as its cover (exact match on `url_immagine`, indexed). */
export async function findReferencedCoverUrls(
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

/** A storage location (a bin: scaffale to cassetta) and how many parts it holds. */
export interface LocationCount {
  scaffale: string;
  campata: string;
  ripiano: string;
  cassetta: string;
  count: number;
}

/**
 * The distinct bins under the leading `segments` (1 to 3) with their parts in `stati`, in
 * location order, at most `limit`: one range of the (location_key, seq) index, grouped by key
 * (spellings that differ only in case or accents are one bin, shown as the first spelling).
 */
export async function listLocations(
  db: Kysely<Database>,
  segments: readonly string[],
  stati: readonly PartStatus[] | undefined,
  limit: number,
): Promise<LocationCount[]> {
  const { from, to } = locationRange(segments);
  let query = db
    .selectFrom('parts')
    .select((eb) => [
      'location_key',
      eb.fn.min('scaffale').as('scaffale'),
      eb.fn.min('campata').as('campata'),
      eb.fn.min('ripiano').as('ripiano'),
      eb.fn.min('cassetta').as('cassetta'),
      eb.fn.countAll<number>().as('count'),
    ])
    .where('location_key', '>=', from)
    .where('location_key', '<', to);
  const kept = statusCondition({ stato: stati });
  if (kept) query = query.where('stato', kept.op, kept.values);
  const rows = await query.groupBy('location_key').orderBy('location_key').limit(limit).execute();
  return rows.map((row) => ({
    scaffale: row.scaffale,
    campata: row.campata,
    ripiano: row.ripiano,
    cassetta: row.cassetta,
    count: Number(row.count),
  }));
}
