import {
  CENTS_PER_EURO,
  centsFromEuro,
  euroFromCents,
  PART_FIELDS,
  partCode,
  type Fitment,
  type Location,
  type Part,
  type PartField,
  type PartInput,
  type PartStatus,
} from '@magazzino/contract';
import type { CsvColumn, RecordFormat } from '../../lib/csv.js';
import { codeKey, foldText } from '../../lib/text-fold.js';
import { thumbnailUrlFor } from '../media/media-urls.js';
import type { NewPartRow, PartRow, PartsTable } from './parts.tables.js';

/**
 * The column that stores each field of the contract's part. A new field in PART_FIELD_SPECS
 * fails to compile here until it has a column, then in toFieldColumns and toPart until both
 * say how it is written and read.
 */
export const FIELD_COLUMNS = {
  nome: 'nome',
  descrizione: 'descrizione',
  categoria: 'categoria',
  codice: 'codice',
  condizione: 'condizione',
  peso: 'peso_grammi',
  prezzo: 'prezzo_centesimi',
  scaffale: 'scaffale',
  campata: 'campata',
  ripiano: 'ripiano',
  cassetta: 'cassetta',
  marca: 'marca',
  modello: 'modello',
  versione: 'versione',
  annoImmatricolazione: 'anno_immatricolazione',
} as const satisfies Record<PartField, keyof PartsTable>;

/** A column that stores a part field. */
type FieldColumn = (typeof FIELD_COLUMNS)[PartField];

/** The column of a part field, or of its status. */
export function fieldColumn(field: PartField | 'stato'): FieldColumn | 'stato' {
  return field === 'stato' ? 'stato' : FIELD_COLUMNS[field];
}

/** Grams in a Kg: weights are stored in whole grams, exact in both dialects. */
const GRAMS_PER_KG = 1000;

/** The fields whose column holds another unit than the API's, and what divides it: grams for Kg, cents for euro. */
const FIELD_DIVISORS: Partial<Record<PartField | 'stato', number>> = {
  peso: GRAMS_PER_KG,
  prezzo: CENTS_PER_EURO,
};

/** A field's value as the API gives it, from its column's: weight in Kg, price in euro. */
function fieldValue(field: PartField | 'stato', value: unknown): unknown {
  const divisor = FIELD_DIVISORS[field];
  return value === null || divisor === undefined ? value : Number(value) / divisor;
}

/**
 * What an export writes of each part, rendered where its rows are read (lib/csv.js): `fields` in
 * order, as CSV records or as the Excel export's JSON (`format`); the text fields of `asNumbers`
 * written as numbers (the registration year, a number in a spreadsheet).
 */
export interface ExportRecords {
  fields: readonly (PartField | 'stato')[];
  format: RecordFormat;
  asNumbers?: readonly PartField[];
}

/**
 * The cells of an export's records (lib/csv.js): each field's column, converted as the API gives
 * it (fieldValue), a text field of `asNumbers` read as a number.
 */
export function exportCellsOf({ fields, asNumbers = [] }: Omit<ExportRecords, 'format'>): CsvColumn[] {
  return fields.map((field) => {
    const name = fieldColumn(field);
    const divisor = FIELD_DIVISORS[field];
    if (divisor !== undefined) return { name, divisor };
    return field !== 'stato' && asNumbers.includes(field) ? { name, number: true } : { name };
  });
}

/**
 * Joins the fields of search_norm and location_key. A control character a user does not type,
 * so a search never matches across two fields and location segments never run together.
 */
const FIELD_SEPARATOR = '\u001f';

/** The key of a storage location: each segment trimmed and folded (case and accents ignored). */
export function locationKey(location: Location): string {
  return [location.scaffale, location.campata, location.ripiano, location.cassetta]
    .map((segment) => foldText(segment.trim()))
    .join(FIELD_SEPARATOR);
}

/**
 * The location keys of every place under the leading `segments` (1 to 3 of them): the range
 * [from, to) of location_key. Whole segments only, each followed by the separator, so scaffale
 * `G` never takes in `GA`; `to` is `from` with its last separator (U+001F) replaced by the next
 * character (U+0020, a space), the first key past every key that starts with `from`. Keys compare
 * byte by byte (binary collation in SQLite, "C" in PostgreSQL, migration 006), so the range reads
 * the (location_key, seq) index from `from` to `to`.
 */
export function locationRange(segments: readonly string[]): { from: string; to: string } {
  const from = segments.map((segment) => `${foldText(segment.trim())}${FIELD_SEPARATOR}`).join('');
  return { from, to: `${from.slice(0, -1)}\u0020` };
}

/** Kilograms (up to 3 decimals) to whole grams, the stored unit. */
export function gramsFromKg(kg: number): number {
  return Math.round(kg * GRAMS_PER_KG);
}

/** Whole grams back to kilograms. */
export function kgFromGrams(grams: number): number {
  return Number(grams) / GRAMS_PER_KG;
}

/**
 * The folded text the free-text search reads: every text field (the location too), and the
 * customer a reserved part is held for, so "Rossi" finds the part reserved for Rossi.
 */
export function searchNorm(input: PartInput, cliente: string | null = null): string {
  // An empty optional field (null) is searched as empty text. The fitment entries follow, each
  // one's marca, modello and versione as fields of their own (none: nothing added, so the text of
  // a part without fitment is what it was before migration 014).
  const fitment = (input.compatibilita ?? []).flatMap((entry) => [
    entry.marca,
    entry.modello,
    entry.versione,
  ]);
  const everything = [
    input.nome,
    input.descrizione,
    input.categoria,
    input.codice,
    input.condizione,
    input.marca,
    input.modello,
    input.versione,
    input.annoImmatricolazione,
    [input.scaffale, input.campata, input.ripiano, input.cassetta].join(' '),
    ...(cliente === null ? [] : [cliente]),
    ...fitment,
  ];
  return everything.map((text) => foldText(text ?? '')).join(FIELD_SEPARATOR);
}

/** Folded values joined by the field separator; null when there is none (a part without fitment). */
function joinedOrNull(values: readonly (string | null)[]): string | null {
  const present = values.flatMap((value) => (value === null || value === '' ? [] : [foldText(value)]));
  return present.length === 0 ? null : present.join(FIELD_SEPARATOR);
}

/**
 * The folded copies searches read, recomputed on every write: nome, marca and modello for their
 * own filters (the fitment's marcas and modelli beside them), the free-text search's text, and
 * the code with its letters and digits only, so any spelling of it is found.
 */
function derivedColumns(input: PartInput, cliente: string | null) {
  const fitment = input.compatibilita ?? [];
  return {
    nome_norm: foldText(input.nome),
    marca_norm: foldText(input.marca),
    modello_norm: foldText(input.modello),
    search_norm: searchNorm(input, cliente),
    codice_key: codeKey(input.codice ?? ''),
    location_key: locationKey(input),
    fitment_marca_norm: joinedOrNull(fitment.map((entry) => entry.marca)),
    fitment_modello_norm: joinedOrNull(fitment.map((entry) => entry.modello)),
  };
}

/** What a part's search needs of its donor vehicle. */
export interface DonorVehicleKeys {
  targa: string;
  telaio: string | null;
}

/**
 * The donor vehicle's targa and telaio as codes (letters and digits, folded, like codice_key), so
 * 'ab 123 cd' or 'AB-123-CD' finds AB123CD; null without a vehicle.
 */
export function vehicleKey(vehicle: DonorVehicleKeys | null): string | null {
  if (vehicle === null) return null;
  const keys = [vehicle.targa, vehicle.telaio ?? ''].map(codeKey).filter((key) => key !== '');
  return keys.length === 0 ? null : keys.join(FIELD_SEPARATOR);
}

/**
 * The stored columns of a part's fields (without id, version and timestamps); `cliente` is the
 * customer of its reservation, if it is reserved (searched with the rest).
 */
export function toFieldColumns(input: PartInput, cliente: string | null = null) {
  const columns = {
    nome: input.nome,
    descrizione: input.descrizione,
    categoria: input.categoria,
    codice: input.codice,
    condizione: input.condizione,
    peso_grammi: input.peso === null ? null : gramsFromKg(input.peso),
    prezzo_centesimi: input.prezzo === null ? null : centsFromEuro(input.prezzo),
    scaffale: input.scaffale,
    campata: input.campata,
    ripiano: input.ripiano,
    cassetta: input.cassetta,
    marca: input.marca,
    modello: input.modello,
    versione: input.versione,
    anno_immatricolazione: input.annoImmatricolazione,
    vehicle_id: input.veicoloId ?? null,
    ...photoColumns(photosOf(input)),
  } satisfies Record<FieldColumn | 'url_immagine' | 'image_count' | 'vehicle_id', unknown>;
  return { ...columns, ...derivedColumns(input, cliente) };
}

/**
 * A part's photos in order, the first the cover: `immagini` when given, else the one `urlImmagine`
 * (a client of the API before issue 13, an import, the demo), else none.
 */
export function photosOf(input: Pick<PartInput, 'urlImmagine' | 'immagini'>): string[] {
  if (input.immagini !== undefined) return input.immagini;
  return input.urlImmagine ? [input.urlImmagine] : [];
}

/**
 * Whether a part's photos have rows of their own (part_images, parts_bin_images): only when it has
 * more than one; a single photo is its `url_immagine` alone, and `image_count` stays NULL
 * (migration 018).
 */
export function hasPhotoRows(photos: readonly string[]): boolean {
  return photos.length > 1;
}

/** The columns on `parts` that follow the photos: the cover, and how many when more than one. */
export function photoColumns(photos: readonly string[]) {
  return { url_immagine: photos[0] ?? null, image_count: hasPhotoRows(photos) ? photos.length : null };
}

/**
 * A new row: the fields plus identity and creation time (ISO 8601), and the search key of its
 * donor vehicle. The columns of migrations 014 and 017 are left out while empty, so a plain
 * part's row is the one older schemas take (the migration tests fill those with it).
 */
export function toNewRow(
  input: PartInput,
  id: string,
  createdAt: string,
  vehicle: DonorVehicleKeys | null = null,
): NewPartRow {
  const { vehicle_id, fitment_marca_norm, fitment_modello_norm, image_count, ...columns } =
    toFieldColumns(input);
  const linked = {
    vehicle_id,
    fitment_marca_norm,
    fitment_modello_norm,
    vehicle_key: vehicleKey(vehicle),
    image_count,
  };
  const present = Object.fromEntries(Object.entries(linked).filter(([, value]) => value !== null));
  return { id, ...columns, ...present, version: 1, created_at: createdAt, updated_at: createdAt };
}

/** The columns of a part's status, reservation and sale (migration 009). */
export const LIFECYCLE_COLUMNS = [
  'stato',
  'riserva_cliente',
  'riserva_telefono',
  'riserva_fino',
  'vendita_prezzo_centesimi',
  'vendita_data',
] as const satisfies readonly (keyof PartRow)[];

/** The status columns of a part as the API gives them (what a restore writes back). */
export function toLifecycleColumns(part: Pick<Part, 'stato' | 'riserva' | 'vendita'>) {
  return {
    stato: part.stato,
    riserva_cliente: part.riserva?.cliente ?? null,
    riserva_telefono: part.riserva?.telefono ?? null,
    riserva_fino: part.riserva?.fino ?? null,
    vendita_prezzo_centesimi: part.vendita ? centsFromEuro(part.vendita.prezzo) : null,
    vendita_data: part.vendita?.data ?? null,
  } satisfies Record<(typeof LIFECYCLE_COLUMNS)[number], unknown>;
}

/** The columns a part's API shape is read from (the derived search columns stay in the database). */
export const PART_COLUMNS = [
  'id',
  // The order of registration, whence the part's code (R-004213).
  'seq',
  ...PART_FIELDS.map((field) => FIELD_COLUMNS[field]),
  'url_immagine',
  // More photos than the cover to read from part_images (NULL: none, no query).
  'image_count',
  ...LIFECYCLE_COLUMNS,
  'version',
  'created_at',
  'updated_at',
  // The donor vehicle's id, and whether the part has fitment to read (NULL: none, no query).
  'vehicle_id',
  'fitment_marca_norm',
] as const satisfies readonly (keyof PartRow)[];

/** The part of a row that PART_COLUMNS selects. */
export type PartColumns = Pick<PartRow, (typeof PART_COLUMNS)[number]>;

/**
 * A part as the parts tables hold it: the API's part with its donor vehicle as an id, which the
 * service turns into the vehicle's summary (the vehicles module's to give).
 */
export type StoredPart = Omit<Part, 'veicolo'> & { veicoloId: string | null };

/** The API's part: a stored one with its donor vehicle's summary (null when none or gone). */
export function withVehicle(stored: StoredPart, veicolo: Part['veicolo']): Part {
  // Field by field: the object rest and spread this replaces cost 1.6 µs a part (160 ms of a
  // 100,000-part export); the compiler checks that every field of Part is here.
  return {
    _id: stored._id,
    codiceRicambio: stored.codiceRicambio,
    nome: stored.nome,
    descrizione: stored.descrizione,
    categoria: stored.categoria,
    codice: stored.codice,
    condizione: stored.condizione,
    peso: stored.peso,
    prezzo: stored.prezzo,
    scaffale: stored.scaffale,
    campata: stored.campata,
    ripiano: stored.ripiano,
    cassetta: stored.cassetta,
    marca: stored.marca,
    modello: stored.modello,
    versione: stored.versione,
    annoImmatricolazione: stored.annoImmatricolazione,
    urlImmagine: stored.urlImmagine,
    urlMiniatura: stored.urlMiniatura,
    immagini: stored.immagini,
    miniature: stored.miniature,
    stato: stored.stato,
    riserva: stored.riserva,
    vendita: stored.vendita,
    version: stored.version,
    createdAt: stored.createdAt,
    updatedAt: stored.updatedAt,
    compatibilita: stored.compatibilita,
    veicolo,
  };
}

/** A stored row as the API returns it, given its fitment, its photos and its donor vehicle's summary. */
export function toPart(
  row: PartColumns,
  compatibilita: Fitment[] = [],
  veicolo: Part['veicolo'] = null,
  immagini?: readonly string[],
): Part {
  return withVehicle(toStoredPart(row, compatibilita, immagini), veicolo);
}

/**
 * The photos of a row: `immagini` as read from part_images for a part with more than one; the
 * cover alone (or none) otherwise, which url_immagine holds.
 */
function photosOfRow(row: Pick<PartColumns, 'url_immagine' | 'image_count'>, immagini?: readonly string[]) {
  if (row.image_count !== null && immagini === undefined) {
    throw new Error('a part with several photos was read without them');
  }
  return immagini ?? (row.url_immagine === null ? [] : [row.url_immagine]);
}

/**
 * A stored row with its fitment (read from part_fitments) and its photos (read from part_images;
 * may be left out for a part with at most one, its url_immagine), its vehicle still an id.
 */
export function toStoredPart(
  row: PartColumns,
  compatibilita: Fitment[] = [],
  immagini?: readonly string[],
): StoredPart {
  const photos = photosOfRow(row, immagini);
  return {
    _id: row.id,
    codiceRicambio: partCode(Number(row.seq)),
    nome: row.nome,
    descrizione: row.descrizione,
    categoria: row.categoria,
    codice: row.codice,
    condizione: row.condizione,
    peso: fieldValue('peso', row.peso_grammi) as number | null,
    prezzo: fieldValue('prezzo', row.prezzo_centesimi) as number | null,
    scaffale: row.scaffale,
    campata: row.campata,
    ripiano: row.ripiano,
    cassetta: row.cassetta,
    marca: row.marca,
    modello: row.modello,
    versione: row.versione,
    annoImmatricolazione: row.anno_immatricolazione,
    urlImmagine: row.url_immagine,
    urlMiniatura: thumbnailUrlFor(row.url_immagine),
    immagini: [...photos],
    miniature: photos.map((url) => thumbnailUrlFor(url) ?? url),
    stato: row.stato as PartStatus,
    riserva:
      row.riserva_cliente !== null && row.riserva_fino !== null
        ? { cliente: row.riserva_cliente, telefono: row.riserva_telefono, fino: row.riserva_fino }
        : null,
    vendita:
      row.vendita_prezzo_centesimi !== null && row.vendita_data !== null
        ? { prezzo: euroFromCents(row.vendita_prezzo_centesimi), data: row.vendita_data }
        : null,
    version: Number(row.version),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    veicoloId: row.vehicle_id,
    compatibilita,
  };
}

/** The editable fields of a part, ready to be merged with a patch (its vehicle as an id). */
export function toInput(part: Part | StoredPart): PartInput {
  const fields = Object.fromEntries(PART_FIELDS.map((field) => [field, part[field]])) as Pick<
    Part,
    PartField
  >;
  const veicoloId = 'veicoloId' in part ? part.veicoloId : (part.veicolo?._id ?? null);
  return {
    ...fields,
    urlImmagine: part.urlImmagine,
    immagini: part.immagini,
    veicoloId,
    compatibilita: part.compatibilita,
  };
}

/** The part_images rows of a part's photos, in order (position 0: the cover). */
export function toImageRows(partId: string, photos: readonly string[]) {
  return photos.map((url, position) => ({ part_id: partId, position, url }));
}

/** A part_fitments row as the API gives it. */
export function toFitment(row: {
  marca: string;
  modello: string | null;
  versione: string | null;
  anno_da: string | null;
  anno_a: string | null;
}): Fitment {
  return {
    marca: row.marca,
    modello: row.modello,
    versione: row.versione,
    annoDa: row.anno_da,
    annoA: row.anno_a,
  };
}

/** The part_fitments rows of a part's list, in its order. */
export function toFitmentRows(partId: string, list: readonly Fitment[]) {
  return list.map((entry, position) => ({
    part_id: partId,
    position,
    marca: entry.marca,
    modello: entry.modello,
    versione: entry.versione,
    anno_da: entry.annoDa,
    anno_a: entry.annoA,
  }));
}
