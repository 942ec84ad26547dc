import { z } from 'zod';
import { requiredText } from './common.js';
import { parseDecimal } from './decimal.js';
import { LIMITS, PART_LIMITS } from './limits.js';
import { PartStatusSchema, ReservationSchema, SaleSchema, StatusFilterSchema } from './lifecycle.js';
import {
  LOCATION_FIELDS,
  PART_FIELD_SPECS,
  PART_FIELDS,
  SORT_FIELDS,
  type FieldSpec,
  type LocationField,
  type PartField,
} from './part-fields.js';
import { yearFromNumber, yearText } from './year.js';
import { FitmentListSchema, FitmentSchema } from './fitment.js';
import { VehicleSummarySchema } from './vehicle.js';

export { maxRegistrationYear } from './year.js';

/** A decimal field ('1,8' or 1.8) with its range and precision, messages naming the field. */
function decimalField(spec: FieldSpec) {
  const max = spec.maxValue ?? Number.MAX_SAFE_INTEGER;
  const decimals = spec.decimals ?? 0;
  const scale = 10 ** decimals;
  const notANumber = `${spec.subject} deve essere un numero`;
  return z.preprocess(
    parseDecimal,
    z
      .number({
        error: (issue) =>
          issue.input === undefined
            ? `${spec.subject} è ${spec.feminine ? 'obbligatoria' : 'obbligatorio'}`
            : notANumber,
      })
      .finite({ error: notANumber })
      .min(0, { error: `${spec.subject} non può essere negativ${spec.feminine ? 'a' : 'o'}` })
      .max(max, { error: `${spec.subject} non può superare ${max} ${spec.unit ?? ''}`.trimEnd() })
      .refine((n) => Math.abs(Math.round(n * scale) - n * scale) < 1e-6, {
        error: `${spec.subject} può avere al massimo ${decimals} decimali`,
      }),
  );
}

/** A registration year: 4 digits, from LIMITS.annoMin to next year (a number is read as its text). */
function yearField(spec: FieldSpec) {
  return z.preprocess(yearFromNumber, yearText(spec.subject, spec.feminine));
}

/** A required text of at most `maxLength` characters, trimmed. */
function textField(spec: FieldSpec) {
  return requiredText(spec.subject, spec.maxLength ?? LIMITS.shortTextMax, spec.feminine);
}

const FIELD_SCHEMAS = { text: textField, longText: textField, decimal: decimalField, year: yearField };
type KindSchema<S extends FieldSpec> = ReturnType<(typeof FIELD_SCHEMAS)[S['kind']]>;

/** Nothing given: absent, null, or text that is only spaces. */
function emptyToNull(value: unknown): unknown {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
    ? null
    : value;
}

/** An optional field's value in a patch: absent leaves it as it is, empty (null or '') empties it. */
type Emptiable<T extends z.ZodType> = z.ZodPipe<z.ZodTransform, z.ZodNullable<T>>;
function emptiable<T extends z.ZodType>(schema: T): Emptiable<T> {
  return z.preprocess(emptyToNull, schema.nullable()) as unknown as Emptiable<T>;
}

/** An optional field on creation: absent, null or empty is stored as null; anything else as the kind says. */
type Optional<T extends z.ZodType> = z.ZodPipe<
  z.ZodOptional<Emptiable<T>>,
  z.ZodTransform<z.output<T> | null, z.output<T> | null | undefined>
>;
function optionalField<T extends z.ZodType>(schema: T): Optional<T> {
  return emptiable(schema)
    .optional()
    .transform((value) => value ?? null);
}

type Spec<K extends PartField> = (typeof PART_FIELD_SPECS)[K];
type FieldShape = {
  [K in PartField]: Spec<K>['required'] extends false ? Optional<KindSchema<Spec<K>>> : KindSchema<Spec<K>>;
};
type PatchShape = {
  [K in PartField]: Spec<K>['required'] extends false
    ? z.ZodOptional<Emptiable<KindSchema<Spec<K>>>>
    : z.ZodOptional<KindSchema<Spec<K>>>;
};

/** The schema of a field's kind, with the field's rules and messages. */
function kindSchema(name: PartField) {
  const spec: FieldSpec = PART_FIELD_SPECS[name];
  return FIELD_SCHEMAS[spec.kind](spec);
}

/**
 * The input schema of every part field on creation, built from PART_FIELD_SPECS: a required
 * field must be there; an optional one left out, null or empty becomes null.
 */
const FIELD_SHAPE = Object.fromEntries(
  PART_FIELDS.map((name) => {
    const schema = kindSchema(name);
    return [name, PART_FIELD_SPECS[name].required ? schema : optionalField(schema)];
  }),
) as unknown as FieldShape;

/**
 * The same fields in a patch: every one may be left out (unchanged); an optional one sent empty
 * (null or '') is emptied; a required one sent empty is refused ("Il nome è obbligatorio").
 */
const PATCH_SHAPE = Object.fromEntries(
  PART_FIELDS.map((name) => {
    const schema = kindSchema(name);
    return [name, (PART_FIELD_SPECS[name].required ? schema : emptiable(schema)).optional()];
  }),
) as unknown as PatchShape;

/** What a stored field holds: a number for decimal kinds, text for the others; null when left empty. */
type StoredValue<K extends PartField> = Spec<K>['kind'] extends 'decimal' ? z.ZodNumber : z.ZodString;
type StoredShape = {
  [K in PartField]: Spec<K>['required'] extends false ? z.ZodNullable<StoredValue<K>> : StoredValue<K>;
};
const STORED_SHAPE = Object.fromEntries(
  PART_FIELDS.map((name) => {
    const value = PART_FIELD_SPECS[name].kind === 'decimal' ? z.number() : z.string();
    return [name, PART_FIELD_SPECS[name].required ? value : value.nullable()];
  }),
) as unknown as StoredShape;

/** A stored image of the app: `/media/<name>`, optionally after the app's own origin. */
const MEDIA_URL = /^(?:https?:\/\/[^/?#\s]+)?(\/media\/[A-Za-z0-9_-]+\.[A-Za-z0-9]+)$/;

/**
 * The app's own stored images only (`/media/<name>`, as the upload answers; an absolute URL is kept
 * as its path, so the browser always fetches it from the app itself): another host's image, a
 * protocol-relative `//host/x.png` or an API path (every list would fetch it) is refused.
 */
const urlImmagineSchema = z
  .string({ error: "L'immagine deve essere un indirizzo" })
  .trim()
  .max(2000, { error: "L'indirizzo dell'immagine è troppo lungo" })
  .refine((url) => url === '' || MEDIA_URL.test(url), {
    error: "L'immagine deve essere una foto caricata nel Magazzino (/media/...)",
  })
  .transform((url) => (url === '' ? null : (MEDIA_URL.exec(url)?.[1] ?? null)))
  .nullable();

/** One photo of `immagini`: the same rule as urlImmagine, but never empty. */
const immagineSchema = z
  .string({ error: "Ogni foto deve essere l'indirizzo di un'immagine" })
  .trim()
  .max(2000, { error: "L'indirizzo di una foto è troppo lungo" })
  .refine((url) => MEDIA_URL.test(url), {
    error: 'Le foto devono essere immagini caricate nel Magazzino (/media/...)',
  })
  .transform((url) => MEDIA_URL.exec(url)?.[1] ?? url);

/** The message of a photo listed twice (an absolute URL and its path are the same photo). */
export const REPEATED_PHOTO = 'La stessa foto compare due volte';

/**
 * A part's photos: at most PART_LIMITS.immaginiMax `/media/...` URLs in order, the first is the
 * cover; a repeat is refused (unlike a vehicle's, silently dropped), so a client that sends the
 * same upload twice learns of it.
 */
const immaginiSchema = z
  .array(immagineSchema, { error: 'Le foto devono essere un elenco di indirizzi' })
  .max(PART_LIMITS.immaginiMax, {
    error: `Un componente può avere al massimo ${PART_LIMITS.immaginiMax} foto`,
  })
  .refine((urls) => new Set(urls).size === urls.length, { error: REPEATED_PHOTO });

/**
 * The donor vehicle a part was taken from: its `_id` (GET /api/veicoli). Null or empty unlinks; an
 * id no vehicle has is refused by the server ('Il veicolo indicato non esiste').
 */
const veicoloIdSchema = z.preprocess(
  emptyToNull,
  z
    .string({ error: 'Il veicolo deve essere indicato con il suo identificativo' })
    .trim()
    .max(100, { error: 'Il veicolo indicato non esiste' })
    .nullable(),
);

/** The message for a body that is not a JSON object at all (an array, a string, null). */
const NOT_AN_OBJECT = 'Il corpo della richiesta deve essere un oggetto JSON con i campi del componente';

/**
 * The fields a client sends to create a part: every field of PART_FIELD_SPECS, and the photos.
 * Optional fields (descrizione, codice, peso, versione) may be left out, null or empty: they are
 * stored and returned as null. `immagini` lists the photos in order (the first is the cover); left
 * out or null, `urlImmagine` alone is the one photo. `veicoloId` links the donor vehicle;
 * `compatibilita` lists the other vehicles it fits (left out: none).
 */
export const PartInputSchema = z.object(
  {
    ...FIELD_SHAPE,
    urlImmagine: urlImmagineSchema.optional(),
    immagini: z.preprocess((value) => (value === null ? undefined : value), immaginiSchema.optional()),
    veicoloId: veicoloIdSchema.optional(),
    compatibilita: FitmentListSchema.optional(),
  },
  { error: NOT_AN_OBJECT },
);
export type PartInput = z.output<typeof PartInputSchema>;
/** What a form holds before validation (peso may still be text). */
export type PartInputDraft = z.input<typeof PartInputSchema>;

/**
 * A complete, valid part: a reference example for API clients, and the base every test factory
 * overrides (so the tests of contract, server, web and browser agree on one part).
 */
export const EXAMPLE_PART_INPUT = {
  nome: 'Faro anteriore sinistro',
  descrizione: 'Completo di lampade, nessuna crepa',
  categoria: 'Illuminazione',
  codice: '51787654',
  condizione: 'Buona',
  peso: 1.5,
  prezzo: 45,
  scaffale: 'A',
  campata: '1',
  ripiano: '2',
  cassetta: '3',
  marca: 'Fiat',
  modello: 'Punto',
  versione: '1.2 8V',
  annoImmatricolazione: '2004',
} as const satisfies PartInput;

/**
 * A partial update: any subset of the creation fields, with the same rules. An optional field sent
 * empty (null or '') is emptied; a required one cannot be. `immagini` replaces the whole list of
 * photos (null: none); `urlImmagine` alone replaces the cover only (null removes it, the next photo
 * becomes the cover); both given, urlImmagine must be immagini[0]. `veicoloId: null` unlinks the
 * vehicle; `compatibilita` replaces the whole list ([] or null empties it), absent leaves it.
 */
export const PartPatchSchema = z.object(
  {
    ...PATCH_SHAPE,
    urlImmagine: urlImmagineSchema.optional(),
    immagini: z.preprocess((value) => (value === null ? [] : value), immaginiSchema.optional()),
    veicoloId: veicoloIdSchema.optional(),
    compatibilita: FitmentListSchema.optional(),
  },
  { error: NOT_AN_OBJECT },
);
export type PartPatch = z.output<typeof PartPatchSchema>;

/** A stored part as the API returns it. */
export const PartSchema = z
  .object({
    _id: z.string(),
    codiceRicambio: z
      .string()
      .describe("Codice del ricambio nel magazzino (R-004213), dato in ordine d'inserimento e mai riusato"),
    ...STORED_SHAPE,
    urlImmagine: z.string().nullable().describe('La copertina: la prima di immagini, null senza foto'),
    immagini: z.array(z.string()).describe('Foto (/media/...), in ordine: la prima è la copertina'),
    miniature: z.array(z.string()).describe('Miniature (240 px) delle foto, nello stesso ordine'),
    veicolo: VehicleSummarySchema.nullable().describe('Il veicolo da cui è stato smontato, se indicato'),
    compatibilita: z
      .array(FitmentSchema)
      .describe('Altri veicoli su cui si monta (Compatibile anche con), nell’ordine dato'),
    stato: PartStatusSchema.describe('Disponibile, riservato, venduto, reso o scartato'),
    riserva: ReservationSchema.nullable().describe('Per chi e fino a quando, quando lo stato è riservato'),
    vendita: SaleSchema.nullable().describe('Prezzo pagato e giorno, quando lo stato è venduto'),
    urlMiniatura: z
      .string()
      .nullable()
      .describe('Thumbnail (240 px wide) of urlImmagine for lists; null without an image'),
    version: z.number().int().describe('Incremented by every update; the ETag derives from it'),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Part' });
export type Part = z.infer<typeof PartSchema>;

const SORT_VALUES = SORT_FIELDS.flatMap((field) => [field, `-${field}`] as const);

/** Most parts the `ids` filter names at once (a sheet of labels). */
export const IDS_FILTER_MAX = 100;

/** 'a,b,c': part ids, at most IDS_FILTER_MAX, blanks dropped; none given is no filter. */
const idsFilter = z
  .string({ error: 'Il filtro ids deve essere un elenco di identificativi separati da virgole' })
  .optional()
  .transform((text, ctx) => {
    const ids = (text ?? '')
      .split(',')
      .map((id) => id.trim())
      .filter((id) => id !== '');
    if (ids.length > IDS_FILTER_MAX) {
      ctx.addIssue({
        code: 'custom',
        message: `Il filtro ids può indicare al massimo ${IDS_FILTER_MAX} componenti`,
      });
      return z.NEVER;
    }
    if (ids.some((id) => id.length > 100)) {
      ctx.addIssue({ code: 'custom', message: 'Il filtro ids contiene un identificativo troppo lungo' });
      return z.NEVER;
    }
    return ids.length === 0 ? undefined : [...new Set(ids)];
  });

const optionalFilter = (label: string) =>
  z
    .string({ error: `Il filtro ${label} deve essere un testo` })
    .trim()
    .max(LIMITS.shortTextMax, { error: `Il filtro ${label} è troppo lungo` })
    .optional()
    .transform((v) => (v === '' ? undefined : v));

/** An optional whole number of a query string ('20'), from `min` to `max`, messages naming it. */
export const integerParam = (label: string, min: number, max: number) =>
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

/** A bound of the price filter, in euro ('45,50' or 45.5). */
const priceBound = (label: string) =>
  z
    .string({ error: `${label} deve essere un numero` })
    .trim()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text === '') return undefined;
      const value = parseDecimal(text);
      if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
        ctx.addIssue({ code: 'custom', message: `${label} deve essere un numero di euro non negativo` });
        return z.NEVER;
      }
      // A bound past any price is kept within what both databases compare (bigint).
      return Math.min(Math.round(value * 100), Number.MAX_SAFE_INTEGER);
    });

/**
 * Query of GET /api/componenti and of the CSV export. `stato` defaults to the parts in stock
 * (disponibile, riservato, reso); `prezzoMin` and `prezzoMax` (euro, both included) arrive as cents.
 * A `q` that is a part code ('R-004213', 'r4213') finds that part first; `ids` keeps only the
 * parts named (comma-separated, at most 100: the labels of a selection).
 */
export const PartListQuerySchema = z.object({
  nome: optionalFilter('nome'),
  marca: optionalFilter('marca'),
  modello: optionalFilter('modello'),
  q: optionalFilter('q').describe(
    'Ricerca libera; un codice del ricambio (R-004213, r4213) trova quel componente per primo',
  ),
  ids: idsFilter.describe('Solo questi componenti: i loro _id separati da virgole, al massimo 100'),
  categoria: optionalFilter('categoria'),
  veicolo: optionalFilter('veicolo').describe('Solo i componenti smontati da questo veicolo (il suo _id)'),
  stato: StatusFilterSchema,
  prezzoMin: priceBound('Il prezzo minimo'),
  prezzoMax: priceBound('Il prezzo massimo'),
  limit: integerParam('limit', 1, LIMITS.pageSizeMax),
  offset: integerParam('offset', 0, Number.MAX_SAFE_INTEGER),
  sort: z
    .enum(SORT_VALUES as unknown as [string, ...string[]], {
      error: `sort deve essere uno di: ${SORT_FIELDS.join(', ')} (con '-' davanti per l'ordine decrescente)`,
    })
    .optional(),
});

/** Query of the single-category and location routes: paging and the status filter. */
export const PageQuerySchema = PartListQuerySchema.pick({
  limit: true,
  offset: true,
  sort: true,
  stato: true,
});

/** Query of the categories with their counts: the status filter. */
export const StatusQuerySchema = PartListQuerySchema.pick({ stato: true });

export const CategoryCountSchema = z
  .object({ categoria: z.string(), count: z.number().int() })
  .meta({ id: 'CategoryCount' });
export type CategoryCount = z.infer<typeof CategoryCountSchema>;

export const ConditionCountSchema = z
  .object({ condizione: z.string(), count: z.number().int() })
  .meta({ id: 'ConditionCount' });
export type ConditionCount = z.infer<typeof ConditionCountSchema>;

/** The four segments of a storage location, with the same rules as on a part. */
export const LocationSchema = PartInputSchema.pick({
  scaffale: true,
  campata: true,
  ripiano: true,
  cassetta: true,
} satisfies Record<LocationField, true>);
export type Location = z.output<typeof LocationSchema>;

/** A segment of the lookup form: trimmed, at most as long as on a part, '' when not given. */
function lookupSegment(name: LocationField) {
  const spec: FieldSpec = PART_FIELD_SPECS[name];
  const max = spec.maxLength ?? LIMITS.locationMax;
  return z
    .string({ error: `${spec.subject} deve essere un testo` })
    .trim()
    .max(max, { error: `${spec.subject} può avere al massimo ${max} caratteri` });
}

/** 'Indica prima lo scaffale': the message of a segment left out before one that is given. */
function indicateFirst(name: LocationField): string {
  const subject = PART_FIELD_SPECS[name].subject;
  return `Indica prima ${subject.charAt(0).toLowerCase()}${subject.slice(1)}`;
}

/**
 * The location lookup ('Consulta Magazzino'): any leading part of a location, from the scaffale
 * alone to all four segments (the exact place). The scaffale is required; a segment given after
 * one left empty is refused on the empty one ('Indica prima la campata').
 */
export const LocationLookupSchema = z
  .object({
    scaffale: lookupSegment('scaffale'),
    campata: lookupSegment('campata'),
    ripiano: lookupSegment('ripiano'),
    cassetta: lookupSegment('cassetta'),
  } satisfies Record<LocationField, z.ZodType>)
  .superRefine((lookup, ctx) => {
    const spec = PART_FIELD_SPECS.scaffale;
    if (LOCATION_FIELDS.every((name) => lookup[name] === '')) {
      ctx.addIssue({ code: 'custom', path: ['scaffale'], message: `${spec.subject} è obbligatorio` });
      return;
    }
    const last = LOCATION_FIELDS.findLastIndex((name) => lookup[name] !== '');
    const gap = LOCATION_FIELDS.slice(0, last).find((name) => lookup[name] === '');
    if (gap) ctx.addIssue({ code: 'custom', path: [gap], message: indicateFirst(gap) });
  });
export type LocationLookup = z.output<typeof LocationLookupSchema>;

/** Most bins GET /api/ubicazioni lists at once (`troncato` says when there were more). */
export const LOCATIONS_MAX = 1000;

/**
 * Query of GET /api/ubicazioni: the leading segments of a location (scaffale required, then
 * campata, ripiano), with the lookup's rules and messages, and the status filter of the parts
 * counted (the parts in stock when left out).
 */
export const LocationsQuerySchema = z
  .object({
    scaffale: lookupSegment('scaffale').default(''),
    campata: lookupSegment('campata').default(''),
    ripiano: lookupSegment('ripiano').default(''),
    stato: StatusFilterSchema,
  })
  .superRefine((lookup, ctx) => {
    const spec = PART_FIELD_SPECS.scaffale;
    if (lookup.scaffale === '') {
      ctx.addIssue({ code: 'custom', path: ['scaffale'], message: `${spec.subject} è obbligatorio` });
      return;
    }
    if (lookup.campata === '' && lookup.ripiano !== '') {
      ctx.addIssue({ code: 'custom', path: ['campata'], message: indicateFirst('campata') });
    }
  });
export type LocationsQuery = z.output<typeof LocationsQuerySchema>;

/** A bin (a whole location, scaffale to cassetta) with its code and how many parts it holds. */
export const LocationEntrySchema = z
  .object({
    scaffale: z.string(),
    campata: z.string(),
    ripiano: z.string(),
    cassetta: z.string(),
    codice: z
      .string()
      .describe("Codice dell'ubicazione (B-04-3-12): i segmenti in maiuscolo uniti da trattini"),
    componenti: z.number().int().describe('Componenti in questa ubicazione, negli stati chiesti'),
  })
  .meta({ id: 'LocationEntry' });
export type LocationEntry = z.infer<typeof LocationEntrySchema>;

export const LocationListSchema = z
  .object({
    ubicazioni: z.array(LocationEntrySchema).describe(`In ordine di ubicazione, al massimo ${LOCATIONS_MAX}`),
    troncato: z.boolean().describe(`Vero quando le ubicazioni sono più di ${LOCATIONS_MAX}: manca il resto`),
  })
  .meta({ id: 'LocationList' });
export type LocationList = z.infer<typeof LocationListSchema>;

/** The leading segments a lookup gives (1 to 4), in order: ['G', '2'] for scaffale G, campata 2. */
export function lookupSegments(lookup: Partial<LocationLookup>): string[] {
  const segments: string[] = [];
  for (const name of LOCATION_FIELDS) {
    const value = (lookup[name] ?? '').trim();
    if (value === '') break;
    segments.push(value);
  }
  return segments;
}

/**
 * Columns of the CSV export, in order: a fixed file format (docs/product.md, "Export"), so a new
 * part field joins it only when listed here. `anno` is filled from annoImmatricolazione.
 */
export const CSV_COLUMNS = [
  'nome',
  'categoria',
  'codice',
  'condizione',
  'peso',
  'scaffale',
  'campata',
  'ripiano',
  'cassetta',
  'marca',
  'modello',
  'versione',
  'anno',
  'stato',
  'prezzo',
] as const satisfies readonly (PartField | 'anno' | 'stato')[];

/** File name of the CSV export for a given day: ListaComponenti-YYYY-MM-DD.csv. */
export function csvFileName(date: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `ListaComponenti-${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}.csv`;
}

export const UploadResultSchema = z
  .object({
    secure_url: z
      .string()
      .describe('Display image URL (same origin, /media/<sha256>.webp), to store in urlImmagine'),
    thumbnail_url: z.string().describe('240 px wide thumbnail for lists (/media/<sha256>-thumb.webp)'),
    width: z.number().int().describe('Width of the display image, after EXIF rotation'),
    height: z.number().int().describe('Height of the display image, after EXIF rotation'),
    bytes: z.number().int().describe('Size of the display image file'),
    format: z.string().describe('Format of the stored images: webp'),
  })
  .meta({ id: 'UploadResult' });
export type UploadResult = z.infer<typeof UploadResultSchema>;

/** File name of the XLSX export for a given day: ListaComponenti-YYYY-MM-DD.xlsx. */
export function xlsxFileName(date: Date = new Date()): string {
  return csvFileName(date).replace(/\.csv$/, '.xlsx');
}
