import type { Kysely } from 'kysely';
import {
  binCode,
  LOCATIONS_MAX,
  parsePartCode,
  partCode,
  SORT_FIELDS,
  type CategoryCount,
  type CategoryRenameResult,
  type ConditionCount,
  type LocationList,
  type Part,
  type PartInput,
  type PartPatch,
  type PartStatus,
  type SortField,
} from '@magazzino/contract';
import { mayHoldCode } from '../../db/main-connection.js';
import { rendersOnReaderThreads } from '../../db/csv-reads.js';
import { isForeignKeyViolation, type DatabaseHandle } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { errors } from '../../lib/errors.js';
import { joinRecords } from '../../lib/csv.js';
import { answerEtag, namesVersion } from '../../lib/etags.js';
import { newId } from '../../lib/ids.js';
import { codeKey, foldText } from '../../lib/text-fold.js';
import { editChanges } from './parts.history.js';
import { findPartWithSeq, insertEvents, moveToBin, type Actor } from './parts.lifecycle.repository.js';
import { countPartsOfVehicles, setVehicleKeyOfParts } from './parts.fitments.repository.js';
import { findReferencedImageUrls } from './parts.images.repository.js';
import {
  photosOf,
  toInput,
  vehicleKey,
  withVehicle,
  type DonorVehicleKeys,
  type ExportRecords,
  type StoredPart,
} from './parts.mapper.js';
import { patchedPhotos } from './parts.photos.js';
import {
  countByCategory,
  countByCondition,
  countSpellings,
  countParts,
  findPartById,
  findPartsBySeq,
  findPartsBySeqMap,
  findReferencedCoverUrls,
  hasText,
  insertPart,
  insertParts,
  listLocations,
  listMatchingSeqs,
  listPartsAfter,
  listPartsOfCategory,
  listCountedPage,
  listPartsPage,
  type StoredPage,
  readsBySeqBlocks,
  recordsAfter,
  REGISTRATION,
  searchSeqsBeside,
  seqBlocks,
  updatePartIfVersion,
  type ChunkStart,
  type MatchCount,
  type PartCursor,
  type PartFilter,
  type PartSort,
} from './parts.repository.js';
import { SEQ_BLOCK_SIZE } from './parts.tables.js';
import { NO_VEHICLES, PartVehicles, unknownVehicle } from './parts.vehicles.js';

/** Parts read per query while streaming: small enough to keep memory flat, large enough to be quick. */
export const STREAM_CHUNK_SIZE = 500;

/**
 * Parts per query of a narrow stream (`streamRecords`): a few of each part's columns and
 * nothing looked up beside them, so larger reads at once cost little memory (two chunks of 2,000
 * held, under 2 MB) and save a fixed cost per read (the CSV of 10^5 parts on SQLite: 650–690 ms in
 * chunks of 500, 585–610 ms in chunks of 2,000).
 */
export const FIELDS_CHUNK_SIZE = 2_000;

/** Newest first (the latest registered), the order of the list when the client names none. */
const DEFAULT_SORT: PartSort = { field: REGISTRATION, descending: true };

/**
 * A text search counts its matches up to this many: a count then costs at most this many index
 * entries however common the words are ("faro" in a million parts). A larger result is reported
 * as "more than" this (X-Total-Count-Exact: false); nobody pages through a thousand parts.
 */
export const COUNT_LIMIT = 1000;

/** Parts whose code equals the search, listed before the others: a handful, read at most this many. */
const EXACT_CODE_MAX = 100;

/**
 * Parts moved per transaction by a category rename: each is rewritten (its search columns follow
 * the category), so a small chunk keeps every write transaction, and the event loop on SQLite,
 * short, and lets other clerks' writes in between.
 */
const RENAME_CHUNK = 50;

/** Passes of a rename that moved nothing (parts changed meanwhile by others) before it gives up. */
const RENAME_IDLE_PASSES = 3;

/** Attempts of an update without If-Match before giving up on a part that keeps changing. */
const UPDATE_ATTEMPTS = 5;

/** Categories sorted the way an Italian reader expects (accents and case do not scatter them). */
const italianCollator = new Intl.Collator('it', { sensitivity: 'base', numeric: true });

/** Italian alphabetical order; spellings equal to the collator keep a fixed order between them. */
function italianOrder(a: string, b: string): number {
  return italianCollator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

/**
 * The ETag of an answer about a part: its version and, when it has one, its donor vehicle as the
 * answer shows it (lib/etags.ts), so a vehicle renamed since never gets a 304.
 */
export function etagOf(part: Pick<Part, 'version' | 'veicolo'>): string {
  return answerEtag(part.version, part.veicolo ?? undefined);
}

/** If-Match on a part: true when the header names its current version (or is `*`). */
export function etagMatches(header: string, part: Pick<Part, 'version'>): boolean {
  return namesVersion(header, part.version);
}

function isSortField(value: string): value is SortField {
  return (SORT_FIELDS as readonly string[]).includes(value);
}

/** Turns the API's `sort` parameter ('-peso', 'nome', ...) into a sort order (default: newest first). */
function parseSort(sort: string | undefined): PartSort {
  if (!sort) return DEFAULT_SORT;
  const descending = sort.startsWith('-');
  const field = descending ? sort.slice(1) : sort;
  return isSortField(field) ? { field, descending } : DEFAULT_SORT;
}

export interface PageRequest {
  limit: number;
  offset: number;
}

/**
 * The part whose code (R-004213, r4213) the free-text search is, if it is one: that part matches
 * the search whatever its text (the other filters still apply).
 */
function partCodeSegment(filter: PartFilter): PartFilter | undefined {
  const seq = filter.q === undefined ? null : parsePartCode(filter.q);
  return seq === null ? undefined : { ...filter, q: undefined, seqIs: seq };
}

/**
 * The parts of a listing, in the order they are shown: the leading segments, a handful of parts
 * each, then the rest (the last segment). A search that is a part code finds that part first
 * (whatever the sort); with a free-text search and no sort asked for, the parts whose codice is
 * exactly the search come next, then the others.
 */
function segmentsOf(
  filter: PartFilter,
  sort: string | undefined,
  holdsCode: (key: string) => boolean,
): PartFilter[] {
  const leading: PartFilter[] = [];
  let rest = filter;
  const byPartCode = partCodeSegment(filter);
  if (byPartCode?.seqIs !== undefined) {
    leading.push(byPartCode);
    rest = { ...rest, seqIsNot: byPartCode.seqIs };
  }
  const code = sort === undefined && filter.q !== undefined ? codeKey(filter.q) : '';
  // Only when some part has that code (`holdsCode`: on SQLite the main connection's index answers
  // at once): the search's own count counts those parts anyway.
  if (code !== '' && holdsCode(code)) {
    leading.push({ ...rest, codeIs: code });
    rest = { ...rest, codeIsNot: code };
  }
  return [...leading, rest];
}

/** A spelling in use (a category or a condition) and how many parts have it. */
interface SpellingInUse {
  name: string;
  count: number;
}

/**
 * The spelling in use that `value` means, ignoring case and accents ('carrozzeria' → 'Carrozzeria'),
 * or `value` itself when none matches. When several spellings match (a split made before this rule),
 * the one with the most parts wins, so the split heals. `own` is the part's current value when it
 * is being edited: the part itself does not count, so the only part spelled 'carrozzeria' can be
 * corrected to 'Carrozzeria'.
 */
export function knownSpelling(value: string, inUse: readonly SpellingInUse[], own?: string): string {
  const folded = foldText(value);
  let best: SpellingInUse | undefined;
  for (const { name, count } of inUse) {
    const others = name === own ? count - 1 : count;
    if (others <= 0 || foldText(name) !== folded) continue;
    if (!best || others > best.count || (others === best.count && name < best.name)) {
      best = { name, count: others };
    }
  }
  return best?.name ?? value;
}

/**
 * A write that failed on the foreign key of its donor vehicle: the vehicle was deleted between
 * the check and the write (PostgreSQL, another instance or connection). The same 400 as an
 * unknown vehicle, never a 500.
 */
function vehicleGone(error: unknown): never {
  throw isForeignKeyViolation(error) ? unknownVehicle() : error;
}

/** The input with its photos settled: `immagini` the list, `urlImmagine` its cover. */
function withPhotos<T extends PartInput>(input: T, photos: readonly string[]): T {
  return { ...input, immagini: [...photos], urlImmagine: photos[0] ?? null };
}

/** The business rules of parts: existence, versions and ETags, searching, paging and streaming. */
export class PartsService {
  /**
   * `db` writes and reads single parts; `reader` runs the lists, counts and exports (on SQLite, a
   * pool of reader threads, so a long search never holds the event loop; else the same database).
   */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly reader: Kysely<Database>,
    /** Runs a unit of writes in a transaction (on SQLite, writes arriving together commit together). */
    private readonly writes: DatabaseHandle['writes'],
    private readonly clock: Clock,
    /** The parts' donor vehicles, through the vehicles module (none: the demo command's loads). */
    private readonly vehicles: PartVehicles = new PartVehicles(NO_VEHICLES),
  ) {}

  /** The part, or 404. */
  async get(id: string): Promise<Part> {
    return this.vehicles.completeOne(await this.stored(id));
  }

  /** The part with this code ('R-004213', 'r4213'): 400 when the text is no part code, 404 when no part has it. */
  async getByCode(codice: string): Promise<Part> {
    const seq = parsePartCode(codice);
    if (seq === null) {
      throw errors.validation({
        codice: `Il codice deve essere un codice ricambio come ${partCode(4213)}`,
      });
    }
    const [part] = await findPartsBySeq(this.db, [seq]);
    if (!part) throw errors.partCodeNotFound(partCode(seq));
    return this.vehicles.completeOne(part);
  }

  /** The part as stored (its vehicle an id), or 404. */
  private async stored(id: string): Promise<StoredPart> {
    const part = await findPartById(this.db, id);
    if (!part) throw errors.partNotFound();
    return part;
  }

  /**
   * The categoria and condizione of `values` in a spelling already in use when one matches
   * ignoring case and accents (docs/product.md, "Parts: fields and rules"). Only the fields given
   * are looked at; `current` is the part being edited.
   */
  private async withKnownSpellings<T extends { categoria?: string; condizione?: string }>(
    values: T,
    current?: Pick<Part, 'categoria' | 'condizione'>,
    db: Kysely<Database> = this.db,
  ): Promise<T> {
    const result = { ...values };
    if (values.categoria === undefined && values.condizione === undefined) return result;
    const inUse = await countSpellings(db);
    if (values.categoria !== undefined) {
      result.categoria = knownSpelling(values.categoria, inUse.categorie, current?.categoria);
    }
    if (values.condizione !== undefined) {
      result.condizione = knownSpelling(values.condizione, inUse.condizioni, current?.condizione);
    }
    return result;
  }

  /**
   * Stores a new part (version 1, created now, disponibile), its categoria and condizione in a
   * spelling already in use when one matches, linked to its donor vehicle (400 when no vehicle
   * has `veicoloId`) with its fitment and its photos (`immagini`, else the one `urlImmagine`),
   * and records it in the history. Its code (R-004213) is its place in the order of registration.
   */
  async create(input: PartInput, actor: Actor = null): Promise<Part> {
    // The spelling and the vehicle are read first; the part, its fitment, photos and event are
    // then one unit of writes (`writeTogether`: on PostgreSQL one statement, without a transaction
    // around it, where reads in one would have seen no more than this, each statement its own
    // snapshot; on SQLite a unit of the write batch, on the writer thread).
    const spelled = withPhotos(await this.withKnownSpellings(input, undefined, this.db), photosOf(input));
    const vehicle = await this.vehicles.donor(input.veicoloId, this.db);
    const now = this.clock.now();
    const id = newId(now.getTime());
    return insertPart(this.db, spelled, id, now.toISOString(), vehicle, actor, this.writes)
      .then((stored) => withVehicle(stored, vehicle))
      .catch(vehicleGone);
  }

  /**
   * Stores many parts in one transaction (bulk loads such as the demo data, run by the operator's
   * commands, not by a clerk: no history), as given: spellings
   * are not matched against the ones in use. They are spaced
   * `spacingMs` apart in creation time, the last one created now, so "newest first" lists them
   * in reverse order. Returns how many were stored.
   */
  async createMany(inputs: readonly PartInput[], spacingMs = 1000): Promise<number> {
    const end = this.clock.now().getTime();
    const parts = inputs.map((input, index) => {
      const time = end - (inputs.length - 1 - index) * spacingMs;
      return { input, id: newId(time), createdAt: new Date(time).toISOString() };
    });
    return this.db.transaction().execute((trx) => insertParts(trx, parts));
  }

  /**
   * Applies a partial update, and records the fields it changed in the history, in the same
   * transaction. With `ifMatch`, the part must still be the version the client saw (412
   * otherwise); the check and the write are one statement, so two clerks editing the same part
   * cannot overwrite each other unnoticed.
   */
  async update(
    id: string,
    patch: PartPatch,
    ifMatch: string | undefined,
    actor: Actor = null,
  ): Promise<Part> {
    // Fields absent from the body are not changes (a patch never blanks a field by omission); an
    // optional field sent empty arrives as null, and empties it.
    const changes = Object.fromEntries(
      Object.entries(patch).filter(([, value]) => value !== undefined),
    ) as PartPatch;
    if (Object.keys(changes).length === 0) {
      throw errors.badRequest('Nessun campo da modificare: indica almeno un campo del componente.');
    }
    for (let attempt = 0; attempt < UPDATE_ATTEMPTS; attempt += 1) {
      const current = await this.stored(id);
      if (ifMatch !== undefined && !etagMatches(ifMatch, current)) throw errors.preconditionFailed();
      const photos = patchedPhotos(current.immagini, changes);
      const merged: PartInput = withPhotos(
        { ...toInput(current), ...(await this.withKnownSpellings(changes, current)) },
        photos,
      );
      const relinked = (merged.veicoloId ?? null) !== current.veicoloId;
      const updated = await this.writes
        .run(async (trx) => {
          const now = this.clock.now().toISOString();
          const cliente = current.riserva?.cliente ?? null;
          // A new link is checked, and its search key taken, in the write's own transaction.
          const vehicle = relinked ? await this.vehicles.donor(merged.veicoloId, trx) : undefined;
          const stored = await updatePartIfVersion(
            trx,
            id,
            current.version,
            merged,
            now,
            cliente,
            vehicle,
            current.immagini,
          );
          if (!stored) return undefined;
          const [before, part] = await this.vehicles.complete([current, stored], trx);
          if (!before || !part) throw new Error('complete lost a part');
          const fields = editChanges(before, part);
          if (fields.length > 0) {
            await insertEvents(trx, [{ part, kind: 'modificato', actor, changes: fields, at: now }]);
          }
          return part;
        })
        .catch(vehicleGone);
      if (updated) return updated;
      // Someone else wrote in between: the client's version is stale now, unless it sent none.
      if (ifMatch !== undefined && ifMatch.trim() !== '*') {
        if (!(await findPartById(this.db, id))) throw errors.partNotFound();
        throw errors.preconditionFailed();
      }
    }
    throw errors.preconditionFailed();
  }

  /**
   * Deletes the part (only at the version of `ifMatch` when given): it moves to the bin for
   * LIMITS.binDays days, whence it can be restored; 404 when unknown.
   */
  async delete(id: string, ifMatch?: string, actor: Actor = null): Promise<void> {
    for (let attempt = 0; attempt < UPDATE_ATTEMPTS; attempt += 1) {
      const found = await findPartWithSeq(this.db, id);
      if (!found) throw errors.partNotFound();
      if (ifMatch !== undefined && !etagMatches(ifMatch, found.part)) throw errors.preconditionFailed();
      const moved = await this.writes.run(async (trx) => {
        const now = this.clock.now().toISOString();
        if (!(await moveToBin(trx, { ...found, deletedAt: now, deletedBy: actor }))) return false;
        await insertEvents(trx, [{ part: found.part, kind: 'eliminato', actor, changes: [], at: now }]);
        return true;
      });
      if (moved) return;
      if (ifMatch !== undefined && ifMatch.trim() !== '*') {
        if (!(await findPartById(this.db, id))) throw errors.partNotFound();
        throw errors.preconditionFailed();
      }
    }
    throw errors.preconditionFailed();
  }

  /**
   * The number of parts matching `filter` (for a text search, exact up to COUNT_LIMIT), the part
   * whose code the search is included.
   */
  async count(filter: PartFilter): Promise<MatchCount> {
    const byPartCode = partCodeSegment(filter);
    if (byPartCode?.seqIs === undefined) return countParts(this.reader, filter, COUNT_LIMIT);
    const [one, rest] = await Promise.all([
      countParts(this.reader, byPartCode, 1),
      countParts(this.reader, { ...filter, seqIsNot: byPartCode.seqIs }, COUNT_LIMIT),
    ]);
    return { count: one.count + rest.count, exact: rest.exact };
  }

  /**
   * One page of matches and their number. A short page (or an empty first one) already tells
   * the number, without counting; a count that stopped at COUNT_LIMIT reports at least the parts
   * up to this page.
   */
  async page(
    filter: PartFilter,
    sort: string | undefined,
    page: PageRequest,
  ): Promise<{ parts: Part[]; total: number; exact: boolean }> {
    if (
      hasText(filter) &&
      parseSort(sort).field === REGISTRATION &&
      page.offset + page.limit <= COUNT_LIMIT
    ) {
      return this.searchPage(filter, sort, page);
    }
    const { parts, total: listed } = await this.listPage(filter, sort, page);
    if (parts.length < page.limit && (parts.length > 0 || page.offset === 0)) {
      return { parts, total: page.offset + parts.length, exact: true };
    }
    // A plain list's page tells its number (read with the page): no count to ask for.
    if (listed !== undefined) return { parts, total: listed, exact: true };
    const { count, exact } = await this.count(filter);
    return { parts, total: exact ? count : Math.max(count, page.offset + parts.length), exact };
  }

  /** `segmentsOf`, an exact code's segment only for a code some part may have. */
  private segments(filter: PartFilter, sort: string | undefined): PartFilter[] {
    return segmentsOf(filter, sort, (key) => mayHoldCode(this.reader, key));
  }

  /**
   * A page of a text search in the list's own order: the exact codes (a handful) lead, then the
   * newest matches; the count and the page's matches come from the search index (`searchSeqsBeside`).
   * Only the page's parts are then read.
   */
  private async searchPage(
    filter: PartFilter,
    sort: string | undefined,
    page: PageRequest,
  ): Promise<{ parts: Part[]; total: number; exact: boolean }> {
    const leading = this.segments(filter, sort).slice(0, -1);
    const wanted = page.offset + page.limit;
    // The exact codes and the matches are read side by side, one read fewer one after another
    // (q on SQLite, 10 clients: 968 → 1,005–1,031 req/s); an exact code's parts, on PostgreSQL by
    // the statement that counts the matches when that reads the word index alone (one round trip
    // fewer: `searchSeqsBeside`). The newest `wanted` matches are enough whatever leads: less
    // those that lead, they still begin the matches that follow the leaders, and at least
    // `wanted` − leaders of them are left for the page.
    const byCode = leading.filter((segment) => segment.codeIs !== undefined);
    // A first page led by exact codes alone shows the first of the newest matches and of each
    // code's parts: the statement that counts may read them (PostgreSQL's word index).
    const firstPage = page.offset === 0 && byCode.length === leading.length ? page.limit : 0;
    const [others, found] = await Promise.all([
      Promise.all(
        leading.map((segment) =>
          segment.codeIs === undefined
            ? listMatchingSeqs(this.reader, segment, EXACT_CODE_MAX)
            : Promise.resolve([]),
        ),
      ),
      searchSeqsBeside(
        this.reader,
        filter,
        wanted,
        COUNT_LIMIT,
        { segments: byCode, limit: EXACT_CODE_MAX },
        firstPage,
      ),
    ]);
    // In the order of the segments: each exact code's parts where its segment stands.
    let code = 0;
    const firsts = leading.map((segment, index) =>
      segment.codeIs === undefined ? (others[index] ?? []) : (found.alongside[code++] ?? []),
    );
    const first = [...new Set(firsts.flat())];
    // The exact codes match the text too (their segments keep it); the part whose code the search
    // is may not, and then it adds to the count.
    const byPartCode = partCodeSegment(filter)?.seqIs;
    const partCodeMatches =
      byPartCode !== undefined && first.includes(byPartCode)
        ? await countParts(this.reader, { ...filter, seqIs: byPartCode }, 1)
        : undefined;
    const onlyByCode = partCodeMatches?.count === 0 ? 1 : 0;
    const shown = new Set(first);
    const ordered = [...first, ...found.seqs.filter((seq) => !shown.has(seq))];
    // The parts the count's statement read (a first page's), and those it did not apart.
    const shownSeqs = ordered.slice(page.offset, page.offset + page.limit);
    const read = found.parts ?? new Map<number, StoredPart>();
    const missing = shownSeqs.filter((seq) => !read.has(seq));
    const rest = await findPartsBySeqMap(this.reader, missing);
    const stored = shownSeqs.flatMap((seq) => read.get(seq) ?? rest.get(seq) ?? []);
    const parts = await this.vehicles.complete(stored);
    return { parts, total: found.exact ? found.count + onlyByCode : COUNT_LIMIT, exact: found.exact };
  }

  /** A page of the list, and the list's number of parts when its reads told it (`listCountedPage`). */
  private async listPage(
    filter: PartFilter,
    sort: string | undefined,
    page: PageRequest,
  ): Promise<{ parts: Part[]; total: number | undefined }> {
    const { parts, total } = await this.listStoredPage(filter, sort, page);
    return { parts: await this.vehicles.complete(parts), total };
  }

  private async listStoredPage(
    filter: PartFilter,
    sort: string | undefined,
    page: PageRequest,
  ): Promise<StoredPage> {
    const order = parseSort(sort);
    const segments = this.segments(filter, sort);
    const rest = segments.at(-1) ?? filter;
    if (segments.length === 1) return listCountedPage(this.reader, rest, order, page.limit, page.offset);
    // The leading segments first (a handful of parts each): this page takes what is left of
    // them, then the others from the start.
    const firsts = await Promise.all(
      segments.slice(0, -1).map((segment) => listMatchingSeqs(this.reader, segment, EXACT_CODE_MAX)),
    );
    const exactSeqs = [...new Set(firsts.flat())];
    const parts = await findPartsBySeq(this.reader, exactSeqs.slice(page.offset, page.offset + page.limit));
    const wanted = page.limit - parts.length;
    // The rest's number is not the list's: the leading parts are counted with the filter.
    if (wanted === 0) return { parts, total: undefined };
    const offset = Math.max(0, page.offset - exactSeqs.length);
    return {
      parts: [...parts, ...(await listPartsPage(this.reader, rest, order, wanted, offset))],
      total: undefined,
    };
  }

  /**
   * Every match (from `offset`), in chunks read one keyset query at a time, one chunk ahead of the
   * consumer, in the order of the list. The first chunk is read before returning, so a failing database is
   * still a clean error response.
   */
  async stream(filter: PartFilter, sort: string | undefined, offset = 0): Promise<AsyncGenerator<Part[]>> {
    return this.chunks(
      filter,
      sort,
      offset,
      (segment, order, start) => listPartsAfter(this.reader, segment, order, start, STREAM_CHUNK_SIZE),
      (parts) => this.vehicles.complete(parts),
    );
  }

  /**
   * The same list as an export's records (`records`: CSV lines, or the Excel export's rows as JSON
   * arrays), a string per chunk, rendered where the rows are read (recordsAfter): without fitment,
   * photos or donor vehicle, which the exports do not show.
   */
  async streamRecords(
    filter: PartFilter,
    sort: string | undefined,
    records: ExportRecords,
  ): Promise<AsyncGenerator<string>> {
    const order = parseSort(sort);
    if (readsBySeqBlocks(filter, order) && (await rendersOnReaderThreads(this.reader))) {
      return this.recordsByBlocks(filter, order, records);
    }
    return this.chunks(
      filter,
      sort,
      0,
      async (segment, order, start) => {
        const { text, next } = await recordsAfter(
          this.reader,
          segment,
          order,
          start,
          FIELDS_CHUNK_SIZE,
          records,
        );
        return { parts: text ? [text] : [], next };
      },
      (texts) => Promise.resolve(joinRecords(texts, records.format)),
    );
  }

  /**
   * `streamRecords` of every part of `filter` block of seqs by block (`readsBySeqBlocks`): the
   * blocks are known beforehand, not found by reading on from the last row, so two are read and
   * rendered at once, on two of SQLite's reader threads, and sent in order. Keyset chunks one after
   * the other kept one reader thread busy and the other idle (the CSV of 10^5 parts: 710–890 →
   * 501–519 ms). On PostgreSQL, whose records one thread of its own renders (db/pg-csv-thread.ts),
   * blocks were no quicker (10^6 parts: 3.6–4.1 s either way) and held the event loop longer
   * (strings of 4,096 records: its delay's 99th percentile 9 ms against 5): exports stay chunk
   * after chunk.
   */
  private async recordsByBlocks(
    filter: PartFilter,
    order: PartSort,
    records: ExportRecords,
  ): Promise<AsyncGenerator<string>> {
    const reader = this.reader;
    const blocks = await seqBlocks(reader, filter.stato, order.descending);
    // A block holds at most SEQ_BLOCK_SIZE parts: one read each.
    const read = (block: { from: number; below: number }) =>
      recordsAfter(
        reader,
        { ...filter, seqFrom: block.from, seqBelow: block.below },
        order,
        { offset: 0 },
        SEQ_BLOCK_SIZE,
        records,
      ).then((rendered) => rendered.text);
    const reads: Promise<string>[] = [];
    let next = 0;
    const readAhead = () => {
      const block = blocks[next];
      if (!block) return;
      next += 1;
      const text = read(block);
      // A read the consumer no longer waits for (the client went away) must not go unhandled.
      text.catch(() => undefined);
      reads.push(text);
    };
    readAhead();
    readAhead();
    // The first block before anything is sent: a failing read is then an error answer, not a cut file.
    const first = await reads.shift();
    return (async function* byBlocks() {
      let text = first;
      for (;;) {
        readAhead();
        if (text) yield text;
        const pending = reads.shift();
        if (!pending) return;
        text = await pending;
      }
    })();
  }

  /** The chunked, one-ahead read behind `stream` and `streamRecords`. */
  private async chunks<T, R>(
    filter: PartFilter,
    sort: string | undefined,
    offset: number,
    read: (
      segment: PartFilter,
      order: PartSort,
      start: ChunkStart,
    ) => Promise<{ parts: T[]; next: PartCursor | undefined }>,
    finish: (parts: T[]) => Promise<R>,
  ): Promise<AsyncGenerator<R>> {
    const order = parseSort(sort);
    const reader = this.reader;
    const segments = this.segments(filter, sort);
    let segment = 0;
    let cursor: PartCursor | undefined;
    let skip = offset;
    /** The next non-empty chunk in list order, or undefined at the end. Never called twice at once. */
    const pull = async (): Promise<R | undefined> => {
      for (;;) {
        const current = segments[segment];
        if (!current) return undefined;
        const page = await read(current, order, cursor ? { after: cursor } : { offset: skip });
        if (!cursor && skip > 0 && page.parts.length === 0) {
          // The whole segment lay before the offset: count it off and go on with the next one.
          skip = Math.max(0, skip - (await countParts(reader, current, Number.MAX_SAFE_INTEGER)).count);
          segment += 1;
          continue;
        }
        skip = 0;
        cursor = page.next;
        if (!cursor) segment += 1;
        if (page.parts.length > 0) return finish(page.parts);
      }
    };
    const first = await pull();
    return (async function* chunks() {
      let chunk = first;
      while (chunk) {
        // The next chunk is read while this one is formatted and sent: the database and the
        // event loop work side by side, and never more than two chunks are held. The read goes
        // out through several promise steps (Kysely, the pool); yielding at once would let the
        // consumer format this chunk first, in the same turn, with the reader thread idle. One
        // turn of the event loop first sends the read: the CSV of 10^5 parts on SQLite took
        // 574 ms, the reader thread and the main one ~300 ms of CPU each, one after the other;
        // 503 ms with them side by side.
        const ahead = pull();
        ahead.catch(() => undefined);
        await new Promise((resolve) => setImmediate(resolve));
        yield chunk;
        chunk = await ahead;
      }
    })();
  }

  /** How many parts each vehicle is the donor of: the vehicles module's check before a delete. */
  linkedPartCounts(vehicleIds: readonly string[], db: Kysely<Database>): Promise<Map<string, number>> {
    return countPartsOfVehicles(db, vehicleIds);
  }

  /**
   * A vehicle was updated (in its write's transaction `trx`): its parts' search key follows its
   * targa and telaio at once, so `q` finds them by the new plate and no longer by the old one.
   */
  async vehicleChanged(trx: Kysely<Database>, vehicle: DonorVehicleKeys & { _id: string }): Promise<void> {
    await setVehicleKeyOfParts(trx, vehicle._id, vehicleKey(vehicle));
  }

  /**
   * Which of `urls` some part uses as a photo: the parts' answer to the media cleanup (part_images
   * holds the photos of the parts with several; the cover, a one-photo part's only photo, is on
   * the part's row).
   */
  async referencedImageUrls(urls: readonly string[]): Promise<Set<string>> {
    const [photos, covers] = await Promise.all([
      findReferencedImageUrls(this.db, urls),
      findReferencedCoverUrls(this.db, urls),
    ]);
    return new Set([...photos, ...covers]);
  }

  /**
   * The distinct bins (whole locations) under the leading `segments` of a location (1 to 3: the
   * scaffale at least), each with its code and its number of parts in `stati`, in location order;
   * at most LOCATIONS_MAX (`troncato`: there were more).
   */
  async locations(
    segments: readonly string[],
    stati: readonly PartStatus[] | undefined,
  ): Promise<LocationList> {
    const found = await listLocations(this.reader, segments, stati, LOCATIONS_MAX + 1);
    return {
      ubicazioni: found.slice(0, LOCATIONS_MAX).map((location) => ({
        scaffale: location.scaffale,
        campata: location.campata,
        ripiano: location.ripiano,
        cassetta: location.cassetta,
        codice: binCode(location),
        componenti: location.count,
      })),
      troncato: found.length > LOCATIONS_MAX,
    };
  }

  /** Every category with its number of parts in `stati` (every status when left out), in Italian alphabetical order. */
  async categories(stati?: readonly PartStatus[]): Promise<CategoryCount[]> {
    const counts = await countByCategory(this.reader, stati);
    return counts.sort((a, b) => italianOrder(a.categoria, b.categoria));
  }

  /**
   * Moves every part of the category `da` to `a` (docs/product.md, "Categories"). When `a` means
   * a category already in use, ignoring case and accents, the parts join it under its spelling:
   * the two are merged. Each part is rewritten like an edit (new version, updated now, search
   * columns recomputed), a chunk per transaction; a rename cut short is finished by running it
   * again.
   */
  async renameCategory(da: string, a: string, actor: Actor = null): Promise<CategoryRenameResult> {
    const inUse = await countByCategory(this.db);
    if (!inUse.some(({ categoria }) => categoria === da)) throw errors.categoryNotFound();
    const others = inUse
      .filter(({ categoria }) => categoria !== da)
      .map(({ categoria, count }) => ({ name: categoria, count }));
    const target = knownSpelling(a, others);
    if (target === da) throw errors.categoryUnchanged();
    const merged = others.some(({ name }) => name === target);

    let moved = 0;
    for (let idle = 0; idle < RENAME_IDLE_PASSES;) {
      const pass = await this.writes.run(async (trx) => {
        const parts = await listPartsOfCategory(trx, da, RENAME_CHUNK);
        const now = this.clock.now().toISOString();
        let done = 0;
        for (const part of parts) {
          const input: PartInput = { ...toInput(part), categoria: target };
          const cliente = part.riserva?.cliente ?? null;
          const updated = await updatePartIfVersion(
            trx,
            part._id,
            part.version,
            input,
            now,
            cliente,
            undefined,
            part.immagini,
          );
          if (!updated) continue;
          done += 1;
          const changes = editChanges(part, updated);
          await insertEvents(trx, [{ part: updated, kind: 'modificato', actor, changes, at: now }]);
        }
        return { found: parts.length, done };
      });
      moved += pass.done;
      if (pass.found === 0) break;
      idle = pass.done === 0 ? idle + 1 : 0;
      // Let the requests that queued meanwhile run before the next chunk.
      await new Promise((resolve) => setImmediate(resolve));
    }
    const count = (await countByCategory(this.db)).find(({ categoria }) => categoria === target)?.count ?? 0;
    return { categoria: target, spostati: moved, count, unite: merged };
  }

  /** Every condition with its number of parts, in Italian alphabetical order. */
  async conditions(): Promise<ConditionCount[]> {
    const counts = await countByCondition(this.reader);
    return counts.sort((a, b) => italianOrder(a.condizione, b.condizione));
  }
}
