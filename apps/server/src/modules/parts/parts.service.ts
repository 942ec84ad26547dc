import type { Kysely } from 'kysely';
import {
  SORT_FIELDS,
  type CategoryCount,
  type Part,
  type PartInput,
  type PartPatch,
  type SortField,
} from '@magazzino/contract';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { errors } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { toInput } from './parts.mapper.js';
import {
  countByCategory,
  countParts,
  deletePart,
  findPartById,
  findReferencedImageUrls,
  insertPart,
  insertParts,
  listPartsAfter,
  listPartsPage,
  updatePartIfVersion,
  type PartFilter,
  type PartSort,
} from './parts.repository.js';

/** Parts read per query while streaming: small enough to keep memory flat, large enough to be quick. */
export const STREAM_CHUNK_SIZE = 500;

/** Newest first, the order of the list when the client names none. */
const DEFAULT_SORT: PartSort = { field: 'createdAt', descending: true };

/** Attempts of an update without If-Match before giving up on a part that keeps changing. */
const UPDATE_ATTEMPTS = 5;

/** Categories sorted the way an Italian reader expects (accents and case do not scatter them). */
const italianCollator = new Intl.Collator('it', { sensitivity: 'base', numeric: true });

/** The ETag of a part: its version, which every update increments. */
export function etagOf(part: Pick<Part, 'version'>): string {
  return `"v${part.version}"`;
}

/**
 * True when an If-Match / If-None-Match header names the part's current ETag (or is `*`).
 * Weak tags are compared by their value: our versions mean the same thing either way.
 */
export function etagMatches(header: string, part: Pick<Part, 'version'>): boolean {
  if (header.trim() === '*') return true;
  const current = etagOf(part);
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === current);
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

/** The business rules of parts: existence, versions and ETags, paging and streaming. */
export class PartsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /** The part, or 404. */
  async get(id: string): Promise<Part> {
    const part = await findPartById(this.db, id);
    if (!part) throw errors.partNotFound();
    return part;
  }

  /** Stores a new part (version 1, created now). */
  async create(input: PartInput): Promise<Part> {
    const now = this.clock.now();
    return insertPart(this.db, input, newId(now.getTime()), now.toISOString());
  }

  /**
   * Stores many parts in one transaction (bulk loads such as the demo data). They are spaced
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
   * Applies a partial update. With `ifMatch`, the part must still be the version the client
   * saw (412 otherwise); the check and the write are one statement, so two clerks editing the
   * same part cannot overwrite each other unnoticed.
   */
  async update(id: string, patch: PartPatch, ifMatch: string | undefined): Promise<Part> {
    // Fields absent from the body are not changes (a patch never blanks a field by omission).
    const changes = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
    if (Object.keys(changes).length === 0) {
      throw errors.badRequest('Nessun campo da modificare: indica almeno un campo del componente.');
    }
    for (let attempt = 0; attempt < UPDATE_ATTEMPTS; attempt += 1) {
      const current = await this.get(id);
      if (ifMatch !== undefined && !etagMatches(ifMatch, current)) throw errors.preconditionFailed();
      const merged: PartInput = { ...toInput(current), ...changes };
      const updated = await updatePartIfVersion(
        this.db,
        id,
        current.version,
        merged,
        this.clock.now().toISOString(),
      );
      if (updated) return updated;
      // Someone else wrote in between: the client's version is stale now, unless it sent none.
      if (ifMatch !== undefined && ifMatch.trim() !== '*') {
        if (!(await findPartById(this.db, id))) throw errors.partNotFound();
        throw errors.preconditionFailed();
      }
    }
    throw errors.preconditionFailed();
  }

  /** Deletes the part (only at the version of `ifMatch` when given); 404 when unknown. */
  async delete(id: string, ifMatch?: string): Promise<void> {
    if (ifMatch === undefined) {
      if (!(await deletePart(this.db, id))) throw errors.partNotFound();
      return;
    }
    const current = await this.get(id);
    if (!etagMatches(ifMatch, current)) throw errors.preconditionFailed();
    if (!(await deletePart(this.db, id, current.version))) {
      if (!(await findPartById(this.db, id))) throw errors.partNotFound();
      throw errors.preconditionFailed();
    }
  }

  /** The number of parts matching `filter`. */
  count(filter: PartFilter): Promise<number> {
    return countParts(this.db, filter);
  }

  /** One page of matches and the total number of matches. */
  async page(
    filter: PartFilter,
    sort: string | undefined,
    page: PageRequest,
  ): Promise<{ parts: Part[]; total: number }> {
    const parts = await listPartsPage(this.db, filter, parseSort(sort), page.limit, page.offset);
    // A short, non-empty page (or an empty first one) already tells the total: a rare search
    // then scans the table once instead of twice.
    const knownTotal = parts.length < page.limit && (parts.length > 0 || page.offset === 0);
    const total = knownTotal ? page.offset + parts.length : await countParts(this.db, filter);
    return { parts, total };
  }

  /**
   * Every match (from `offset`), in chunks read one keyset query at a time as the consumer pulls.
   * The first chunk is read before returning, so a failing database is still a clean error response.
   */
  async stream(filter: PartFilter, sort: string | undefined, offset = 0): Promise<AsyncGenerator<Part[]>> {
    const order = parseSort(sort);
    const db = this.db;
    let page = await listPartsAfter(db, filter, order, { offset }, STREAM_CHUNK_SIZE);
    return (async function* chunks() {
      if (page.parts.length > 0) yield page.parts;
      while (page.next) {
        page = await listPartsAfter(db, filter, order, { after: page.next }, STREAM_CHUNK_SIZE);
        if (page.parts.length > 0) yield page.parts;
      }
    })();
  }

  /** Which of `urls` some part uses as its image: the parts' answer to the media cleanup. */
  referencedImageUrls(urls: readonly string[]): Promise<Set<string>> {
    return findReferencedImageUrls(this.db, urls);
  }

  /** Every category with its number of parts, in Italian alphabetical order. */
  async categories(): Promise<CategoryCount[]> {
    const counts = await countByCategory(this.db);
    return counts.sort(
      (a, b) => italianCollator.compare(a.categoria, b.categoria) || (a.categoria < b.categoria ? -1 : 1),
    );
  }
}
