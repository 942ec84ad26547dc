import type { Kysely } from 'kysely';
import {
  partCode,
  type FieldChange,
  type Part,
  type PartEvent,
  type PartEventKind,
} from '@magazzino/contract';
import type { Database } from '../../db/schema.js';
import { insertFitments, readStoredPart, readStoredParts } from './parts.fitments.repository.js';
import { insertImages } from './parts.images.repository.js';
import {
  PART_COLUMNS,
  searchNorm,
  toFieldColumns,
  toInput,
  toLifecycleColumns,
  hasPhotoRows,
  toImageRows,
  toStoredPart,
  vehicleKey,
  type DonorVehicleKeys,
  type StoredPart,
} from './parts.mapper.js';
import type { PartEventsTable } from './parts.tables.js';

/** Who made a change: an account (its name kept as it was then), or the system (null). */
export type Actor = { _id: string; username: string } | null;

/** A change to record in a part's history. */
export interface NewPartEvent {
  part: Pick<Part, '_id' | 'nome'>;
  kind: PartEventKind;
  actor: Actor;
  changes: readonly FieldChange[];
  at: string;
}

/** The part_events row of `event`. */
export function toEventRow(event: NewPartEvent) {
  return {
    part_id: event.part._id,
    part_nome: event.part.nome,
    kind: event.kind,
    user_id: event.actor?._id ?? null,
    user_name: event.actor?.username ?? null,
    changes: JSON.stringify(event.changes),
    at: event.at,
  };
}

/** Rows per INSERT of events: 7 columns each, well under SQLite's bound-parameter limit. */
const EVENT_BATCH = 500;

/** Records changes in the history (run it in the transaction of the changes themselves). */
export async function insertEvents(db: Kysely<Database>, events: readonly NewPartEvent[]): Promise<void> {
  for (let start = 0; start < events.length; start += EVENT_BATCH) {
    await db
      .insertInto('part_events')
      .values(events.slice(start, start + EVENT_BATCH).map(toEventRow))
      .execute();
  }
}

type EventRow = Pick<
  PartEventsTable,
  'part_id' | 'part_nome' | 'kind' | 'user_id' | 'user_name' | 'changes' | 'at'
> & { seq: number };

function toEvent(row: EventRow): PartEvent {
  return {
    _id: String(row.seq),
    componente: { _id: row.part_id, nome: row.part_nome },
    tipo: row.kind as PartEventKind,
    utente: row.user_id === null ? null : { _id: row.user_id, username: row.user_name ?? '' },
    modifiche: JSON.parse(row.changes) as FieldChange[],
    at: row.at,
  };
}

/** Which events a history or the activity page lists. */
export interface EventFilter {
  partId?: string | undefined;
  userId?: string | undefined;
  /** [from, to): ISO instants. */
  from?: string | undefined;
  to?: string | undefined;
}

function eventsMatching(db: Kysely<Database>, filter: EventFilter) {
  let query = db.selectFrom('part_events');
  if (filter.partId !== undefined) query = query.where('part_id', '=', filter.partId);
  if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
  if (filter.from !== undefined) query = query.where('at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('at', '<', filter.to);
  return query;
}

/**
 * One page of events, newest first (by the time of the change, then by the order of recording),
 * and how many match, stopping at `countLimit`.
 */
export async function listEvents(
  db: Kysely<Database>,
  filter: EventFilter,
  page: { limit: number; offset: number },
  countLimit: number,
): Promise<{ events: PartEvent[]; total: number }> {
  const rows = await eventsMatching(db, filter)
    .select(['seq', 'part_id', 'part_nome', 'kind', 'user_id', 'user_name', 'changes', 'at'])
    .orderBy('at', 'desc')
    .orderBy('seq', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const counted = await db
    .selectFrom(eventsMatching(db, filter).select('seq').limit(countLimit).as('matches'))
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return {
    events: rows.map((row) => toEvent({ ...row, seq: Number(row.seq) })),
    total: Number(counted.count),
  };
}

/** The part with this id and its seq (what the bin keeps to put it back in its place). */
export async function findPartWithSeq(
  db: Kysely<Database>,
  id: string,
): Promise<{ part: StoredPart; seq: number } | undefined> {
  const row = await db.selectFrom('parts').select(PART_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? { part: await readStoredPart(db, row), seq: Number(row.seq) } : undefined;
}

/**
 * Writes the status, reservation and sale of `current` only if it is still at its version (one
 * statement), bumping the version; the searched text follows the reservation's customer.
 * Undefined when the part is gone or changed meanwhile.
 */
export async function updateStatusIfVersion(
  db: Kysely<Database>,
  current: StoredPart,
  lifecycle: Pick<Part, 'stato' | 'riserva' | 'vendita'>,
  updatedAt: string,
): Promise<StoredPart | undefined> {
  const row = await db
    .updateTable('parts')
    .set({
      ...toLifecycleColumns(lifecycle),
      search_norm: searchNorm(toInput(current), lifecycle.riserva?.cliente ?? null),
      version: current.version + 1,
      updated_at: updatedAt,
    })
    .where('id', '=', current._id)
    .where('version', '=', current.version)
    .returning(PART_COLUMNS)
    .executeTakeFirst();
  // The fitment and the photos did not change: the part keeps the lists it had.
  return row ? toStoredPart(row, current.compatibilita, current.immagini) : undefined;
}

/** Up to `limit` reserved parts whose last day is before `today` (YYYY-MM-DD), by the day's index. */
export async function findExpiredReservations(
  db: Kysely<Database>,
  today: string,
  limit: number,
): Promise<StoredPart[]> {
  const rows = await db
    .selectFrom('parts')
    .select(PART_COLUMNS)
    .where('riserva_fino', '<', today)
    .where('stato', '=', 'riservato')
    .limit(limit)
    .execute();
  return readStoredParts(db, rows);
}

/** A part in the bin, as the bin's rows hold it. */
export interface BinRow {
  part: StoredPart;
  seq: number;
  deletedAt: string;
  deletedBy: Actor;
}

const BIN_COLUMNS = ['id', 'seq', 'part', 'deleted_at', 'deleted_by', 'deleted_by_name'] as const;

function toBinRow(row: {
  seq: number;
  part: string;
  deleted_at: string;
  deleted_by: string | null;
  deleted_by_name: string | null;
}): BinRow {
  // A part deleted before migration 014 has neither a vehicle nor fitment in its JSON; before
  // 017, neither its code nor its list of photos (its one photo is urlImmagine).
  const part = JSON.parse(row.part) as Partial<StoredPart> &
    Omit<StoredPart, 'veicoloId' | 'compatibilita' | 'codiceRicambio' | 'immagini' | 'miniature'>;
  const immagini = part.immagini ?? (part.urlImmagine ? [part.urlImmagine] : []);
  return {
    part: {
      ...part,
      codiceRicambio: partCode(Number(row.seq)),
      immagini,
      miniature: part.miniature ?? (part.urlMiniatura ? [part.urlMiniatura] : []),
      veicoloId: part.veicoloId ?? null,
      compatibilita: part.compatibilita ?? [],
    },
    seq: Number(row.seq),
    deletedAt: row.deleted_at,
    deletedBy: row.deleted_by === null ? null : { _id: row.deleted_by, username: row.deleted_by_name ?? '' },
  };
}

/**
 * Moves a part to the bin: its row leaves `parts` (and with it every list, count and index; its
 * fitment and photos rows go with it), its JSON keeps them for a restore.
 */
export async function moveToBin(
  db: Kysely<Database>,
  entry: { part: StoredPart; seq: number; deletedAt: string; deletedBy: Actor },
): Promise<boolean> {
  const removed = await db
    .deleteFrom('parts')
    .where('id', '=', entry.part._id)
    .where('version', '=', entry.part.version)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) return false;
  await db
    .insertInto('parts_bin')
    .values({
      id: entry.part._id,
      seq: entry.seq,
      part: JSON.stringify(entry.part),
      url_immagine: entry.part.urlImmagine,
      deleted_at: entry.deletedAt,
      deleted_by: entry.deletedBy?._id ?? null,
      deleted_by_name: entry.deletedBy?.username ?? null,
    })
    .execute();
  // Its photos stay in use while it can be restored: the cover is on the bin's row, and when it
  // has several, all of them are in parts_bin_images (the media cleanup asks both).
  if (hasPhotoRows(entry.part.immagini)) {
    await db
      .insertInto('parts_bin_images')
      .values(toImageRows(entry.part._id, entry.part.immagini))
      .execute();
  }
  return true;
}

/** The bin, latest deleted first, one page, and its size. */
export async function listBin(
  db: Kysely<Database>,
  page: { limit: number; offset: number },
): Promise<{ entries: BinRow[]; total: number }> {
  const rows = await db
    .selectFrom('parts_bin')
    .select(BIN_COLUMNS)
    .orderBy('deleted_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const counted = await db
    .selectFrom('parts_bin')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return { entries: rows.map(toBinRow), total: Number(counted.count) };
}

export async function findBinEntry(db: Kysely<Database>, id: string): Promise<BinRow | undefined> {
  const row = await db.selectFrom('parts_bin').select(BIN_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? toBinRow(row) : undefined;
}

/**
 * Puts a part of the bin back among the parts, in its place in the order of registration (its
 * seq, hence its code), with its fitment and its photos, at a new version; false when it is no longer in the bin. `vehicle` is
 * its donor vehicle as it is now; null when it had none or it was deleted meanwhile (the part
 * comes back unlinked).
 */
export async function restoreFromBin(
  db: Kysely<Database>,
  entry: BinRow,
  restoredAt: string,
  vehicle: (DonorVehicleKeys & { _id: string }) | null = null,
): Promise<StoredPart | undefined> {
  const removed = await db.deleteFrom('parts_bin').where('id', '=', entry.part._id).executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) return undefined;
  const part = { ...entry.part, veicoloId: vehicle?._id ?? null };
  const row = await db
    .insertInto('parts')
    .values({
      seq: entry.seq,
      id: part._id,
      ...toFieldColumns(toInput(part), part.riserva?.cliente ?? null),
      vehicle_key: vehicleKey(vehicle),
      ...toLifecycleColumns(part),
      version: part.version + 1,
      created_at: part.createdAt,
      updated_at: restoredAt,
    })
    .returning(PART_COLUMNS)
    .executeTakeFirstOrThrow();
  await insertFitments(db, [{ partId: part._id, list: part.compatibilita }]);
  await insertImages(db, [{ partId: part._id, photos: part.immagini }]);
  return toStoredPart(row, part.compatibilita, part.immagini);
}

/** Deletes one part of the bin for good; false when it was not there. */
export async function deleteBinEntry(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('parts_bin').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Deletes for good up to `limit` parts of the bin deleted before `cutoff` (every one when no
 * cutoff), oldest first; returns how many.
 */
export async function purgeBin(
  db: Kysely<Database>,
  cutoff: string | undefined,
  limit: number,
): Promise<number> {
  let oldest = db.selectFrom('parts_bin').select('id').orderBy('deleted_at').limit(limit);
  if (cutoff !== undefined) oldest = oldest.where('deleted_at', '<', cutoff);
  const ids = (await oldest.execute()).map((row) => row.id);
  if (ids.length === 0) return 0;
  const result = await db.deleteFrom('parts_bin').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Which of `urls` a part in the bin uses as a photo (the bin's answer to the media cleanup): any
 * of its photos (parts_bin_images), or its cover as the bin's row holds it.
 */
export async function findBinImageUrls(db: Kysely<Database>, urls: readonly string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const [photos, covers] = await Promise.all([
    db.selectFrom('parts_bin_images').select('url').distinct().where('url', 'in', urls).execute(),
    db.selectFrom('parts_bin').select('url_immagine').distinct().where('url_immagine', 'in', urls).execute(),
  ]);
  return new Set([
    ...photos.map((row) => row.url),
    ...covers.flatMap((row) => (row.url_immagine === null ? [] : [row.url_immagine])),
  ]);
}
