import { z } from 'zod';
import { CONTROL_CHARACTERS, controlCharactersMessage, requiredText } from './common.js';
import { LIMITS } from './limits.js';
import { isCalendarDay } from './statuses.js';
import { normaliseTarga, normaliseVin, VEHICLE_LIMITS, vinProblem } from './vin.js';
import { FUELS, parseKm } from './vehicle-fields.js';
import { yearFromNumber, yearText } from './year.js';

// Nothing here is imported from part.ts: a part carries its donor vehicle (VehicleSummarySchema),
// so part.ts imports this file; the list query's whole number is written again below rather than
// making a cycle.

/** An optional whole number of a query string ('20'), from `min` to `max` (as part.ts's integerParam). */
const wholeParam = (label: string, min: number, max: number) =>
  z
    .string({ error: `${label} deve essere un numero intero` })
    .regex(/^\d+$/, { error: `${label} deve essere un numero intero` })
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(min, { error: `${label} deve essere almeno ${min}` })
        .max(max, { error: `${label} può essere al massimo ${max}` }),
    )
    .optional();

/** The latest day anywhere on Earth now (UTC+14): the contract's bound for "not in the future". */
export function latestDayOnEarth(now: Date = new Date()): string {
  return new Date(now.getTime() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------------
// Field schemas.

export const FuelSchema = z.enum(FUELS, {
  error: `L'alimentazione deve essere una di: ${FUELS.join(', ')}`,
});

/** Nothing given: absent, null, or text that is only spaces. */
function emptyToNull(value: unknown): unknown {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
    ? null
    : value;
}

/** An optional field: absent, null or empty is null; anything else as `schema` says. */
function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess(emptyToNull, schema.nullable());
}

/** A text with a normalisation applied before the checks (a string is normalised, anything else refused later). */
function normalised<T extends z.ZodType>(normalise: (text: string) => string, schema: T) {
  return z.preprocess((value) => (typeof value === 'string' ? normalise(value) : value), schema);
}

const targaSchema = normalised(
  normaliseTarga,
  requiredText('La targa', VEHICLE_LIMITS.targaMax, true).regex(/^[\p{L}\p{N}-]+$/u, {
    error: 'La targa può contenere solo lettere, cifre e trattini',
  }),
);

const telaioSchema = normalised(
  normaliseVin,
  z.string({ error: 'Il telaio deve essere un testo' }).superRefine((vin, ctx) => {
    const problem = vinProblem(vin);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
);

/** An optional short text of at most `max` characters, messages naming the field. */
function optionalText(subject: string, max: number) {
  return z
    .string({ error: `${subject} deve essere un testo` })
    .trim()
    .max(max, { error: `${subject} può avere al massimo ${max} caratteri` })
    .refine((text) => !CONTROL_CHARACTERS.test(text), { error: controlCharactersMessage(subject) });
}

/** The registration year: 4 digits, from LIMITS.annoMin to next year (the same rule as a part's). */
const annoSchema = z.preprocess(yearFromNumber, yearText("L'anno di immatricolazione"));

const KM_NOT_WHOLE = 'I km devono essere un numero intero';
const kmSchema = z.preprocess(
  parseKm,
  z
    .number({ error: KM_NOT_WHOLE })
    .int({ error: KM_NOT_WHOLE })
    .min(0, { error: 'I km non possono essere negativi' })
    .max(VEHICLE_LIMITS.kmMax, { error: 'I km non possono superare 2.000.000' }),
);

const fuelSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
  FuelSchema,
);

const dataIngressoRequired = 'La data di ingresso è obbligatoria';
/**
 * The day the vehicle came in (YYYY-MM-DD), not in the future. The contract's bound is the latest
 * day anywhere (a server in UTC must not refuse a clerk's today); the server checks it again
 * against the yard's own day.
 */
const dataIngressoSchema = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? dataIngressoRequired
        : 'La data di ingresso deve essere una data',
  })
  .trim()
  .min(1, { error: dataIngressoRequired })
  .refine(isCalendarDay, { error: 'La data di ingresso deve essere una data valida (AAAA-MM-GG)' })
  .refine((day) => day >= `${LIMITS.annoMin}-01-01`, {
    error: `La data di ingresso non può essere prima del ${LIMITS.annoMin}`,
  })
  .refine((day) => day <= latestDayOnEarth(), { error: 'La data di ingresso non può essere nel futuro' });

/** The message of a day after the yard's today (the server's own check). */
export const FUTURE_DATA_INGRESSO = 'La data di ingresso non può essere nel futuro';

/** A stored image of the app: `/media/<name>`, optionally after the app's own origin (as a part's urlImmagine). */
const MEDIA_URL = /^(?:https?:\/\/[^/?#\s]+)?(\/media\/[A-Za-z0-9_-]+\.[A-Za-z0-9]+)$/;

const immagineSchema = z
  .string({ error: "Ogni foto deve essere l'indirizzo di un'immagine" })
  .trim()
  .max(2000, { error: "L'indirizzo di una foto è troppo lungo" })
  .refine((url) => MEDIA_URL.test(url), {
    error: 'Le foto devono essere immagini caricate nel Magazzino (/media/...)',
  })
  .transform((url) => MEDIA_URL.exec(url)?.[1] ?? url);

/** The photos: at most 12 `/media/...` URLs, in order (the first is the cover), repeats dropped. */
const immaginiSchema = z
  .array(immagineSchema, { error: 'Le foto devono essere un elenco di indirizzi' })
  .max(VEHICLE_LIMITS.immaginiMax, {
    error: `Un veicolo può avere al massimo ${VEHICLE_LIMITS.immaginiMax} foto`,
  })
  .transform((urls) => [...new Set(urls)]);

const NOT_AN_OBJECT = 'Il corpo della richiesta deve essere un oggetto JSON con i campi del veicolo';

const REQUIRED_FIELDS = {
  targa: targaSchema,
  marca: requiredText('La marca', LIMITS.shortTextMax, true),
  modello: requiredText('Il modello', LIMITS.shortTextMax),
  annoImmatricolazione: annoSchema,
  dataIngresso: dataIngressoSchema,
};

const OPTIONAL_FIELDS = {
  telaio: optional(telaioSchema),
  versione: optional(optionalText('La versione', LIMITS.shortTextMax)),
  km: optional(kmSchema),
  codiceMotore: optional(optionalText('Il codice motore', VEHICLE_LIMITS.codiceMotoreMax)),
  alimentazione: optional(fuelSchema),
  colore: optional(optionalText('Il colore', VEHICLE_LIMITS.coloreMax)),
  note: optional(optionalText('Le note', VEHICLE_LIMITS.noteMax)),
};

/**
 * A new donor vehicle. targa, marca, modello, annoImmatricolazione and dataIngresso are required;
 * the others may be left out, null or empty (stored as null); `immagini` defaults to none.
 */
export const VehicleInputSchema = z.object(
  {
    ...REQUIRED_FIELDS,
    telaio: OPTIONAL_FIELDS.telaio.optional().transform((value) => value ?? null),
    versione: OPTIONAL_FIELDS.versione.optional().transform((value) => value ?? null),
    km: OPTIONAL_FIELDS.km.optional().transform((value) => value ?? null),
    codiceMotore: OPTIONAL_FIELDS.codiceMotore.optional().transform((value) => value ?? null),
    alimentazione: OPTIONAL_FIELDS.alimentazione.optional().transform((value) => value ?? null),
    colore: OPTIONAL_FIELDS.colore.optional().transform((value) => value ?? null),
    note: OPTIONAL_FIELDS.note.optional().transform((value) => value ?? null),
    immagini: z
      .preprocess((value) => (value === null ? undefined : value), immaginiSchema.optional())
      .transform((value) => value ?? []),
  },
  { error: NOT_AN_OBJECT },
);
export type VehicleInput = z.output<typeof VehicleInputSchema>;
/** What the form holds before validation (km may still be text). */
export type VehicleInputDraft = z.input<typeof VehicleInputSchema>;

/**
 * A partial update: any subset of the fields, with the same rules. An optional field sent empty
 * (null or '') is emptied, a required one cannot be; `immagini` replaces the whole list (null: none).
 */
export const VehiclePatchSchema = z.object(
  {
    targa: REQUIRED_FIELDS.targa.optional(),
    marca: REQUIRED_FIELDS.marca.optional(),
    modello: REQUIRED_FIELDS.modello.optional(),
    annoImmatricolazione: REQUIRED_FIELDS.annoImmatricolazione.optional(),
    dataIngresso: REQUIRED_FIELDS.dataIngresso.optional(),
    telaio: OPTIONAL_FIELDS.telaio.optional(),
    versione: OPTIONAL_FIELDS.versione.optional(),
    km: OPTIONAL_FIELDS.km.optional(),
    codiceMotore: OPTIONAL_FIELDS.codiceMotore.optional(),
    alimentazione: OPTIONAL_FIELDS.alimentazione.optional(),
    colore: OPTIONAL_FIELDS.colore.optional(),
    note: OPTIONAL_FIELDS.note.optional(),
    immagini: z.preprocess((value) => (value === null ? [] : value), immaginiSchema.optional()),
  },
  { error: NOT_AN_OBJECT },
);
export type VehiclePatch = z.output<typeof VehiclePatchSchema>;

/** A complete, valid vehicle: a reference for API clients and the base of the test factories. */
export const EXAMPLE_VEHICLE_INPUT = {
  targa: 'AB123CD',
  telaio: 'ZFA18800000123456',
  marca: 'Fiat',
  modello: 'Punto',
  versione: '1.2 8V',
  annoImmatricolazione: '2004',
  km: 187_000,
  codiceMotore: '188A4000',
  alimentazione: 'benzina',
  colore: 'Grigio',
  dataIngresso: '2024-03-15',
  note: 'Urto anteriore, motore funzionante',
  immagini: [],
} as const satisfies VehicleInput;

// ---------------------------------------------------------------------------------------------
// Output.

/** What a part shows of its donor vehicle, and what other modules read of a vehicle. */
export const VehicleSummarySchema = z
  .object({
    _id: z.string(),
    targa: z.string(),
    telaio: z.string().nullable(),
    marca: z.string(),
    modello: z.string(),
    versione: z.string().nullable(),
    annoImmatricolazione: z.string(),
  })
  .meta({ id: 'VehicleSummary' });
export type VehicleSummary = z.infer<typeof VehicleSummarySchema>;

/** A stored donor vehicle as the API returns it. */
export const VehicleSchema = z
  .object({
    ...VehicleSummarySchema.shape,
    km: z.number().int().nullable(),
    codiceMotore: z.string().nullable(),
    alimentazione: FuelSchema.nullable(),
    colore: z.string().nullable(),
    dataIngresso: z.string().describe('Giorno di ingresso del veicolo (AAAA-MM-GG)'),
    note: z.string().nullable(),
    immagini: z.array(z.string()).describe('Foto (/media/...), in ordine: la prima è la copertina'),
    miniature: z.array(z.string()).describe('Miniature (240 px) delle foto, nello stesso ordine'),
    componenti: z.number().int().describe('Numero di componenti collegati a questo veicolo'),
    version: z.number().int().describe('Incremented by every update; the ETag derives from it'),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Vehicle' });
export type Vehicle = z.infer<typeof VehicleSchema>;

/**
 * The tag of a vehicle's version, for If-Match from a list: it matches any ETag the server sends
 * for that version (those add a digest of the vehicle's parts count once it has parts).
 */
export function vehicleEtag(vehicle: { readonly version: number }): string {
  return `"v${vehicle.version}"`;
}

/** Fields the vehicles list may be sorted by; a leading '-' sorts descending. */
export const VEHICLE_SORT_FIELDS = [
  'targa',
  'marca',
  'modello',
  'annoImmatricolazione',
  'dataIngresso',
  'createdAt',
] as const;
export type VehicleSortField = (typeof VEHICLE_SORT_FIELDS)[number];

/** The order of the list when the client names none: the latest vehicles in first. */
export const DEFAULT_VEHICLE_SORT = '-dataIngresso';

const VEHICLE_SORT_VALUES = VEHICLE_SORT_FIELDS.flatMap((field) => [field, `-${field}`] as const);

const vehicleFilter = (label: string) =>
  z
    .string({ error: `Il filtro ${label} deve essere un testo` })
    .trim()
    .max(LIMITS.shortTextMax, { error: `Il filtro ${label} è troppo lungo` })
    .optional()
    .transform((value) => (value === '' ? undefined : value));

/**
 * Query of GET /api/veicoli: substrings of targa, telaio, marca, modello (case, accents and, for
 * targa and telaio, spaces ignored), a page (limit 1–100, default 20; offset) and the order.
 */
export const VehicleListQuerySchema = z.object({
  targa: vehicleFilter('targa'),
  telaio: vehicleFilter('telaio'),
  marca: vehicleFilter('marca'),
  modello: vehicleFilter('modello'),
  limit: wholeParam('limit', 1, LIMITS.pageSizeMax),
  offset: wholeParam('offset', 0, Number.MAX_SAFE_INTEGER),
  sort: z
    .enum(VEHICLE_SORT_VALUES as unknown as [string, ...string[]], {
      error: `sort deve essere uno di: ${VEHICLE_SORT_FIELDS.join(', ')} (con '-' davanti per l'ordine decrescente)`,
    })
    .optional(),
});
export type VehicleListQuery = z.output<typeof VehicleListQuerySchema>;
