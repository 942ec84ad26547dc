import { LIMITS } from './limits.js';

/**
 * How a field is entered and checked: a short text, a long text, a decimal number (the Italian
 * way: '1,8'), or a registration year.
 */
export type FieldKind = 'text' | 'longText' | 'decimal' | 'year';

/** Where a field sits on the part's forms and page. */
export type FieldGroup = 'componente' | 'veicolo' | 'ubicazione';

/** Everything the contract, the server and the web app need to know about one part field. */
export interface FieldSpec {
  /** The label the forms and the list show ('Peso (Kg)'). */
  label: string;
  /** The field with its article, as messages name it ('Il peso'). */
  subject: string;
  /** Picks 'obbligatoria' over 'obbligatorio' in messages. */
  feminine: boolean;
  kind: FieldKind;
  /**
   * Whether a part needs it. An optional field may be left empty: it is stored and returned as
   * `null` (a used part often has no readable code), and shown as '—'.
   */
  required: boolean;
  /** Longest text accepted (text kinds). */
  maxLength?: number;
  /** Largest value and decimal places kept (decimal kinds), and the unit shown after the number. */
  maxValue?: number;
  decimals?: number;
  unit?: string;
  group: FieldGroup;
}

/**
 * The editable fields of a part, described once, in the order of the forms and of the CSV export.
 * The input schemas, the field list, the location schema, the server's column mapping and the
 * web forms are all derived from this map: a new field is one entry here, and the compiler then
 * points at every place (`satisfies Record<PartField, …>`) that has to say how to store or show it.
 */
export const PART_FIELD_SPECS = {
  nome: {
    label: 'Nome',
    subject: 'Il nome',
    feminine: false,
    required: true,
    kind: 'text',
    maxLength: LIMITS.shortTextMax,
    group: 'componente',
  },
  descrizione: {
    label: 'Descrizione',
    subject: 'La descrizione',
    feminine: true,
    required: false,
    kind: 'longText',
    maxLength: LIMITS.descrizioneMax,
    group: 'componente',
  },
  categoria: {
    label: 'Categoria',
    subject: 'La categoria',
    feminine: true,
    required: true,
    kind: 'text',
    maxLength: LIMITS.shortTextMax,
    group: 'componente',
  },
  codice: {
    label: 'Codice',
    subject: 'Il codice',
    feminine: false,
    required: false,
    kind: 'text',
    maxLength: LIMITS.shortTextMax,
    group: 'componente',
  },
  condizione: {
    label: 'Condizione',
    subject: 'La condizione',
    feminine: true,
    required: true,
    kind: 'text',
    maxLength: LIMITS.shortTextMax,
    group: 'componente',
  },
  peso: {
    label: 'Peso (Kg)',
    subject: 'Il peso',
    feminine: false,
    required: false,
    kind: 'decimal',
    maxValue: LIMITS.pesoMax,
    decimals: LIMITS.pesoDecimals,
    unit: 'Kg',
    group: 'componente',
  },
  prezzo: {
    label: 'Prezzo (€)',
    subject: 'Il prezzo',
    feminine: false,
    required: false,
    kind: 'decimal',
    maxValue: LIMITS.prezzoMax,
    decimals: LIMITS.prezzoDecimals,
    unit: '€',
    group: 'componente',
  },
  scaffale: {
    label: 'Scaffale',
    subject: 'Lo scaffale',
    feminine: false,
    required: true,
    kind: 'text',
    maxLength: LIMITS.locationMax,
    group: 'ubicazione',
  },
  campata: {
    label: 'Campata',
    subject: 'La campata',
    feminine: true,
    required: true,
    kind: 'text',
    maxLength: LIMITS.locationMax,
    group: 'ubicazione',
  },
  ripiano: {
    label: 'Ripiano',
    subject: 'Il ripiano',
    feminine: false,
    required: true,
    kind: 'text',
    maxLength: LIMITS.locationMax,
    group: 'ubicazione',
  },
  cassetta: {
    label: 'Cassetta',
    subject: 'La cassetta',
    feminine: true,
    required: true,
    kind: 'text',
    maxLength: LIMITS.locationMax,
    group: 'ubicazione',
  },
  marca: {
    label: 'Marca',
    subject: 'La marca',
    feminine: true,
    required: true,
    kind: 'text',
    maxLength: LIMITS.shortTextMax,
    group: 'veicolo',
  },
  modello: {
    label: 'Modello',
    subject: 'Il modello',
    feminine: false,
    required: true,
    kind: 'text',
    maxLength: LIMITS.shortTextMax,
    group: 'veicolo',
  },
  versione: {
    label: 'Versione',
    subject: 'La versione',
    feminine: true,
    required: false,
    kind: 'text',
    maxLength: LIMITS.shortTextMax,
    group: 'veicolo',
  },
  annoImmatricolazione: {
    label: 'Anno di immatricolazione',
    subject: "L'anno di immatricolazione",
    feminine: false,
    required: true,
    kind: 'year',
    maxLength: 4,
    group: 'veicolo',
  },
} as const satisfies Record<string, FieldSpec>;

/** The name of an editable part field (the API's Italian name). */
export type PartField = keyof typeof PART_FIELD_SPECS;

/** The editable part fields, in the order of the forms and of the CSV export. */
export const PART_FIELDS = Object.keys(PART_FIELD_SPECS) as PartField[];

/** The four segments of a storage location, from the largest to the smallest. */
export const LOCATION_FIELDS = [
  'scaffale',
  'campata',
  'ripiano',
  'cassetta',
] as const satisfies readonly PartField[];
export type LocationField = (typeof LOCATION_FIELDS)[number];

/** The fields a part may leave empty (stored and returned as null). */
export type OptionalPartField = {
  [K in PartField]: (typeof PART_FIELD_SPECS)[K]['required'] extends false ? K : never;
}[PartField];

/** The fields a part may leave empty, in form order. */
export const OPTIONAL_PART_FIELDS = PART_FIELDS.filter(
  (name) => !PART_FIELD_SPECS[name].required,
) as OptionalPartField[];

/** True for a field a part may leave empty. */
export function isOptionalField(name: PartField): name is OptionalPartField {
  return !PART_FIELD_SPECS[name].required;
}

/** The fields of one group, in form order. */
export function fieldsOfGroup(group: FieldGroup): PartField[] {
  return PART_FIELDS.filter((name) => PART_FIELD_SPECS[name].group === group);
}

/**
 * The tag of a part's version: a client holding a part from a list (which carries no ETag per
 * part) sends this in If-Match. It matches any ETag the server sends for that version (GET, PATCH
 * and the status change add a digest of the donor vehicle shown, when the part has one).
 */
export function partEtag(part: { readonly version: number }): string {
  return `"v${part.version}"`;
}

/** Fields the list may be sorted by (each has an index on the server); a leading '-' sorts descending. */
export const SORT_FIELDS = [
  'nome',
  'categoria',
  'codice',
  'condizione',
  'peso',
  'prezzo',
  'marca',
  'modello',
  'versione',
  'annoImmatricolazione',
  'scaffale',
  'ubicazione',
  'stato',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (PartField | 'ubicazione' | 'stato' | 'createdAt' | 'updatedAt')[];
export type SortField = (typeof SORT_FIELDS)[number];
