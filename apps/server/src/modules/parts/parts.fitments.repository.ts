import type { Kysely } from 'kysely';
import type { Fitment } from '@magazzino/contract';
import type { Database } from '../../db/schema.js';
import { readImages } from './parts.images.repository.js';
import { toFitment, toFitmentRows, toStoredPart, type PartColumns, type StoredPart } from './parts.mapper.js';

/** Rows per INSERT of fitment entries: 7 columns each, well under SQLite's bound-parameter limit. */
const FITMENT_BATCH = 500;

/** Parts whose fitment one query reads: the `in` list stays well under every parameter limit. */
const READ_BATCH = 500;

/**
 * The rows as stored parts, each with its fitment list and its photos. Only the parts that have
 * fitment (their `fitment_marca_norm` is set) or more than one photo (`image_count` set) are
 * looked up, in one query per READ_BATCH parts each: a list of parts without fitment and with at
 * most one photo (the cover, on the row) costs no query at all.
 */
export async function readStoredParts(
  db: Kysely<Database>,
  rows: readonly PartColumns[],
): Promise<StoredPart[]> {
  const ids = rows.filter((row) => row.fitment_marca_norm !== null).map((row) => row.id);
  const lists = new Map<string, Fitment[]>();
  for (let start = 0; start < ids.length; start += READ_BATCH) {
    const found = await db
      .selectFrom('part_fitments')
      .select(['part_id', 'marca', 'modello', 'versione', 'anno_da', 'anno_a'])
      .where('part_id', 'in', ids.slice(start, start + READ_BATCH))
      .orderBy('part_id')
      .orderBy('position')
      .execute();
    for (const row of found) {
      const list = lists.get(row.part_id) ?? [];
      list.push(toFitment(row));
      lists.set(row.part_id, list);
    }
  }
  const images = await readImages(
    db,
    rows.filter((row) => row.image_count !== null).map((row) => row.id),
  );
  return rows.map((row) =>
    toStoredPart(
      row,
      lists.get(row.id) ?? [],
      row.image_count === null ? undefined : (images.get(row.id) ?? []),
    ),
  );
}

/** One stored part with its fitment. */
export async function readStoredPart(db: Kysely<Database>, row: PartColumns): Promise<StoredPart> {
  const [part] = await readStoredParts(db, [row]);
  if (!part) throw new Error('readStoredParts lost a row');
  return part;
}

/** Replaces a part's fitment list with `list`, in its order (run it in the part's write). */
export async function replaceFitments(
  db: Kysely<Database>,
  partId: string,
  list: readonly Fitment[],
): Promise<void> {
  await db.deleteFrom('part_fitments').where('part_id', '=', partId).execute();
  await insertFitments(db, list.length === 0 ? [] : [{ partId, list }]);
}

/** Stores the fitment lists of new parts (none: no statement). */
export async function insertFitments(
  db: Kysely<Database>,
  lists: readonly { partId: string; list: readonly Fitment[] }[],
): Promise<void> {
  const rows = lists.flatMap(({ partId, list }) => toFitmentRows(partId, list));
  for (let start = 0; start < rows.length; start += FITMENT_BATCH) {
    await db
      .insertInto('part_fitments')
      .values(rows.slice(start, start + FITMENT_BATCH))
      .execute();
  }
}

/** How many parts each of these vehicles is the donor of (by the partial vehicle_id index); absent: none. */
export async function countPartsOfVehicles(
  db: Kysely<Database>,
  vehicleIds: readonly string[],
): Promise<Map<string, number>> {
  if (vehicleIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('parts')
    .select((eb) => ['vehicle_id', eb.fn.countAll<number>().as('count')])
    .where('vehicle_id', 'in', vehicleIds)
    .groupBy('vehicle_id')
    .execute();
  return new Map(
    rows.flatMap((row) => (row.vehicle_id === null ? [] : [[row.vehicle_id, Number(row.count)]])),
  );
}

/**
 * Rewrites the search key of a vehicle's parts (its targa or telaio changed), in the caller's
 * transaction; the parts' versions are left alone (none of their own fields changed). Returns how
 * many parts it touched.
 */
export async function setVehicleKeyOfParts(
  db: Kysely<Database>,
  vehicleId: string,
  key: string | null,
): Promise<number> {
  const result = await db
    .updateTable('parts')
    .set({ vehicle_key: key })
    .where('vehicle_id', '=', vehicleId)
    .where((eb) =>
      key === null
        ? eb('vehicle_key', 'is not', null)
        : eb.or([eb('vehicle_key', 'is', null), eb('vehicle_key', '<>', key)]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
