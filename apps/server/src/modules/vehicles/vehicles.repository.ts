import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Fuel, Vehicle, VehicleInput, VehicleSortField, VehicleSummary } from '@magazzino/contract';
import type { Database } from '../../db/schema.js';
import { codeKey, foldText } from '../../lib/text-fold.js';
import { thumbnailUrlFor } from '../media/media-urls.js';
import type { NewVehicleRow, VehicleRow, VehiclesTable } from './vehicles.tables.js';

/** A vehicle as stored: everything the API shows but the count of its parts (another module's). */
export type StoredVehicle = Omit<Vehicle, 'componenti'>;

/** The list's filters, ANDed: substrings ignoring case and accents (and, for targa and telaio, spaces). */
export interface VehicleFilter {
  targa?: string | undefined;
  telaio?: string | undefined;
  marca?: string | undefined;
  modello?: string | undefined;
}

/** A sort of the list; ties are broken by id (time-ordered: the later registered first when descending). */
export interface VehicleSort {
  field: VehicleSortField;
  descending: boolean;
}

/** The column each sort reads (each has an index ending with id); text sorts read the folded copy. */
const SORT_COLUMNS = {
  targa: 'targa',
  marca: 'marca_norm',
  modello: 'modello_norm',
  annoImmatricolazione: 'anno_immatricolazione',
  dataIngresso: 'data_ingresso',
  createdAt: 'created_at',
} as const satisfies Record<VehicleSortField, keyof VehiclesTable>;

/** The columns a vehicle's API shape is read from (the folded copies stay in the database). */
const VEHICLE_COLUMNS = [
  'id',
  'targa',
  'telaio',
  'marca',
  'modello',
  'versione',
  'anno_immatricolazione',
  'km',
  'codice_motore',
  'alimentazione',
  'colore',
  'data_ingresso',
  'note',
  'version',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof VehicleRow)[];

type VehicleColumns = Pick<VehicleRow, (typeof VEHICLE_COLUMNS)[number]>;

const SUMMARY_COLUMNS = [
  'id',
  'targa',
  'telaio',
  'marca',
  'modello',
  'versione',
  'anno_immatricolazione',
] as const satisfies readonly (keyof VehicleRow)[];

/** The stored columns of a vehicle's fields, with the folded copies the filters read. */
function toFieldColumns(input: VehicleInput) {
  return {
    targa: input.targa,
    telaio: input.telaio,
    marca: input.marca,
    modello: input.modello,
    versione: input.versione,
    anno_immatricolazione: input.annoImmatricolazione,
    km: input.km,
    codice_motore: input.codiceMotore,
    alimentazione: input.alimentazione,
    colore: input.colore,
    data_ingresso: input.dataIngresso,
    note: input.note,
    targa_key: codeKey(input.targa),
    marca_norm: foldText(input.marca),
    modello_norm: foldText(input.modello),
  } satisfies Omit<NewVehicleRow, 'id' | 'version' | 'created_at' | 'updated_at'>;
}

function toSummary(row: Pick<VehicleRow, (typeof SUMMARY_COLUMNS)[number]>): VehicleSummary {
  return {
    _id: row.id,
    targa: row.targa,
    telaio: row.telaio,
    marca: row.marca,
    modello: row.modello,
    versione: row.versione,
    annoImmatricolazione: row.anno_immatricolazione,
  };
}

function toVehicle(row: VehicleColumns, immagini: readonly string[]): StoredVehicle {
  return {
    ...toSummary(row),
    km: row.km === null ? null : Number(row.km),
    codiceMotore: row.codice_motore,
    alimentazione: row.alimentazione as Fuel | null,
    colore: row.colore,
    dataIngresso: row.data_ingresso,
    note: row.note,
    immagini: [...immagini],
    miniature: immagini.map((url) => thumbnailUrlFor(url) ?? url),
    version: Number(row.version),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The editable fields of a stored vehicle, ready to be merged with a patch. */
export function toInput(vehicle: StoredVehicle): VehicleInput {
  return {
    targa: vehicle.targa,
    telaio: vehicle.telaio,
    marca: vehicle.marca,
    modello: vehicle.modello,
    versione: vehicle.versione,
    annoImmatricolazione: vehicle.annoImmatricolazione,
    km: vehicle.km,
    codiceMotore: vehicle.codiceMotore,
    alimentazione: vehicle.alimentazione,
    colore: vehicle.colore,
    dataIngresso: vehicle.dataIngresso,
    note: vehicle.note,
    immagini: vehicle.immagini,
  };
}

/** The photos of each vehicle of `ids`, in order. */
async function imagesOf(db: Kysely<Database>, ids: readonly string[]): Promise<Map<string, string[]>> {
  const images = new Map<string, string[]>();
  if (ids.length === 0) return images;
  const rows = await db
    .selectFrom('vehicle_images')
    .select(['vehicle_id', 'url'])
    .where('vehicle_id', 'in', ids)
    .orderBy('vehicle_id')
    .orderBy('position')
    .execute();
  for (const row of rows) {
    const list = images.get(row.vehicle_id) ?? [];
    list.push(row.url);
    images.set(row.vehicle_id, list);
  }
  return images;
}

/** Replaces the photos of a vehicle with `urls`, in order. */
async function writeImages(db: Kysely<Database>, id: string, urls: readonly string[]): Promise<void> {
  await db.deleteFrom('vehicle_images').where('vehicle_id', '=', id).execute();
  if (urls.length === 0) return;
  await db
    .insertInto('vehicle_images')
    .values(urls.map((url, position) => ({ vehicle_id: id, position, url })))
    .execute();
}

/** The vehicle with this id, if any. */
export async function findVehicleById(db: Kysely<Database>, id: string): Promise<StoredVehicle | undefined> {
  const row = await db.selectFrom('vehicles').select(VEHICLE_COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  return toVehicle(row, (await imagesOf(db, [id])).get(id) ?? []);
}

/** Stores a new vehicle with its photos (run it in a transaction) and returns it as the API shows it. */
export async function insertVehicle(
  db: Kysely<Database>,
  input: VehicleInput,
  id: string,
  createdAt: string,
): Promise<StoredVehicle> {
  const row = await db
    .insertInto('vehicles')
    .values({ id, ...toFieldColumns(input), version: 1, created_at: createdAt, updated_at: createdAt })
    .returning(VEHICLE_COLUMNS)
    .executeTakeFirstOrThrow();
  await writeImages(db, id, input.immagini);
  return toVehicle(row, input.immagini);
}

/**
 * Replaces a vehicle's fields, and its photos, only if it is still at `expectedVersion` (one
 * statement decides), bumping the version. Undefined when it is gone or another write got there first.
 */
export async function updateVehicleIfVersion(
  db: Kysely<Database>,
  id: string,
  expectedVersion: number,
  input: VehicleInput,
  updatedAt: string,
): Promise<StoredVehicle | undefined> {
  const row = await db
    .updateTable('vehicles')
    .set({ ...toFieldColumns(input), version: expectedVersion + 1, updated_at: updatedAt })
    .where('id', '=', id)
    .where('version', '=', expectedVersion)
    .returning(VEHICLE_COLUMNS)
    .executeTakeFirst();
  if (!row) return undefined;
  await writeImages(db, id, input.immagini);
  return toVehicle(row, input.immagini);
}

/** Deletes a vehicle (only at `expectedVersion` when given) and its photos; true when a row went away. */
export async function deleteVehicle(
  db: Kysely<Database>,
  id: string,
  expectedVersion?: number,
): Promise<boolean> {
  let query = db.deleteFrom('vehicles').where('id', '=', id);
  if (expectedVersion !== undefined) query = query.where('version', '=', expectedVersion);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** `text` as a LIKE pattern matching it anywhere, its own wildcards taken literally (escape `\`). */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The conditions of a filter; a filter that folds to nothing (only spaces or symbols) is no condition. */
function conditions(filter: VehicleFilter): Expression<SqlBool>[] {
  const like = (column: keyof VehiclesTable, text: string) =>
    sql<SqlBool>`${sql.ref(`vehicles.${column}`)} like ${containsPattern(text)} escape '\\'`;
  const found: Expression<SqlBool>[] = [];
  const targa = codeKey(filter.targa ?? '');
  if (targa !== '') found.push(like('targa_key', targa));
  // A VIN holds only ASCII letters and digits, stored upper case.
  const telaio = (filter.telaio ?? '').replace(/[^A-Za-z0-9]/g, '').toUpperCase();
  if (telaio !== '') found.push(like('telaio', telaio));
  const marca = foldText((filter.marca ?? '').trim());
  if (marca !== '') found.push(like('marca_norm', marca));
  const modello = foldText((filter.modello ?? '').trim());
  if (modello !== '') found.push(like('modello_norm', modello));
  return found;
}

function filtered(db: Kysely<Database>, filter: VehicleFilter) {
  let query = db.selectFrom('vehicles');
  for (const condition of conditions(filter)) query = query.where(condition);
  return query;
}

/** How many vehicles match the filter. */
export async function countVehicles(db: Kysely<Database>, filter: VehicleFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One page of matching vehicles, in `sort` order (ties by id), with their photos. */
export async function listVehiclesPage(
  db: Kysely<Database>,
  filter: VehicleFilter,
  sort: VehicleSort,
  limit: number,
  offset: number,
): Promise<StoredVehicle[]> {
  const direction = sort.descending ? 'desc' : 'asc';
  const rows = await filtered(db, filter)
    .select(VEHICLE_COLUMNS)
    .orderBy(SORT_COLUMNS[sort.field], direction)
    .orderBy('id', direction)
    .limit(limit)
    .offset(offset)
    .execute();
  const images = await imagesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toVehicle(row, images.get(row.id) ?? []));
}

/** The id of the vehicle with this targa (as stored), if any. */
export async function findVehicleIdByTarga(db: Kysely<Database>, targa: string): Promise<string | undefined> {
  const row = await db.selectFrom('vehicles').select('id').where('targa', '=', targa).executeTakeFirst();
  return row?.id;
}

/** The id of the vehicle with this telaio (as stored), if any. */
export async function findVehicleIdByTelaio(
  db: Kysely<Database>,
  telaio: string,
): Promise<string | undefined> {
  const row = await db.selectFrom('vehicles').select('id').where('telaio', '=', telaio).executeTakeFirst();
  return row?.id;
}

/** The summaries of the vehicles of `ids` that exist. */
export async function findSummaries(db: Kysely<Database>, ids: readonly string[]): Promise<VehicleSummary[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('vehicles').select(SUMMARY_COLUMNS).where('id', 'in', ids).execute();
  return rows.map(toSummary);
}

/** Which of `urls` some vehicle uses as a photo (exact match on `url`, indexed). */
export async function findReferencedImageUrls(
  db: Kysely<Database>,
  urls: readonly string[],
): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const rows = await db
    .selectFrom('vehicle_images')
    .select('url')
    .distinct()
    .where('url', 'in', urls)
    .execute();
  return new Set(rows.map((row) => row.url));
}
