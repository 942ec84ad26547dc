import type { FieldError, FieldErrors, Resolver } from 'react-hook-form';
import {
  PART_FIELD_SPECS,
  PART_FIELDS,
  parseDecimal,
  type FieldSpec,
  type Part,
  type PartField,
  type PartInput,
  type PartPatch,
} from '@magazzino/contract';
import type { ZodType } from 'zod';
import type * as PartSchemasModule from './part-schemas';
import { formatNumber } from '../../../lib/format';
import { loadOnce } from '../../../lib/load-once';
import { isMoney } from './format';
import {
  FITMENT_FIELDS,
  fitmentRowsOf,
  sameFitment,
  type FitmentRow,
  type PartFormValues,
} from './part-form-values';

/** What the edit form holds: every field as typed, the donor vehicle and the fitment rows. */
export type EditValues = PartFormValues;

/** The text a field shows for its stored value: a number the Italian way ('1,5', never '1.5'); '' when empty. */
function storedText(part: Part, name: PartField): string {
  const value = part[name];
  if (value === null) return '';
  if (typeof value === 'string') return value;
  const spec: FieldSpec = PART_FIELD_SPECS[name];
  return formatNumber(value, spec.decimals, isMoney(spec) ? spec.decimals : 0);
}

/** The form's starting values: the stored part. */
export function editValuesOf(part: Part): EditValues {
  const fields = {} as Record<PartField, string>;
  for (const name of PART_FIELDS) fields[name] = storedText(part, name);
  return { ...fields, veicoloId: part.veicolo?._id ?? '', compatibilita: fitmentRowsOf(part.compatibilita) };
}

/**
 * The fields the user actually changed, as typed: a field equal to the stored one (a number
 * written another way included) is not sent. A field emptied is a change too: an optional one is
 * then emptied by the server, a required one is refused by the schema ('Il nome è obbligatorio').
 * The donor vehicle counts when linked or unlinked, the fitment list when any row differs.
 */
export function changedFields(values: EditValues, part: Part): Partial<EditValues> {
  const patch: Partial<EditValues> = {};
  for (const name of PART_FIELDS) {
    const text = values[name].trim();
    const stored = part[name];
    const same =
      text === ''
        ? stored === null
        : typeof stored === 'number'
          ? parseDecimal(text) === stored
          : text === stored;
    if (!same) patch[name] = values[name];
  }
  if (values.veicoloId !== (part.veicolo?._id ?? '')) patch.veicoloId = values.veicoloId;
  if (!sameFitment(values.compatibilita, fitmentRowsOf(part.compatibilita))) {
    patch.compatibilita = values.compatibilita;
  }
  return patch;
}

/** The values as the contract reads them: no donor vehicle is null. */
function contractValues(values: Partial<EditValues>): Record<string, unknown> {
  const { veicoloId, ...rest } = values;
  return veicoloId === undefined ? rest : { ...rest, veicoloId: veicoloId === '' ? null : veicoloId };
}

const issue = (message: string): FieldError => ({ type: 'validation', message });

type PartSchemas = typeof PartSchemasModule;
/**
 * The contract's part schemas, and zod with them (23 KB brotli), loaded once, on first use: the
 * add and edit screens show without waiting for them.
 */
const partSchemas = loadOnce<PartSchemas>(() => import('./part-schemas'));

/** Starts loading the schemas (the forms call it when the clerk first focuses a field). */
export const preloadPartSchemas = partSchemas.preload;

/**
 * A resolver checking what `select` takes of the form's values with a contract schema: each
 * message goes to its field, a fitment row's to the row's own box ('compatibilita.2.annoA').
 * Should the schema fail to load (the connection dropped), the values go as typed and the
 * server's answer marks the fields, with the same rules and messages.
 */
function contractResolver<T>(
  pick: (schemas: PartSchemas) => ZodType<T>,
  select: (values: EditValues) => Partial<EditValues>,
): Resolver<EditValues, unknown, T> {
  return async (values) => {
    const selected = contractValues(select(values));
    let schema: ZodType<T>;
    try {
      schema = pick(await partSchemas.get());
    } catch {
      return { values: selected as T, errors: {} };
    }
    const result = schema.safeParse(selected);
    if (result.success) return { values: result.data, errors: {} };
    const errors: FieldErrors<EditValues> = {};
    const rows: Partial<Record<keyof FitmentRow, FieldError>>[] = [];
    for (const { path, message } of result.error.issues) {
      const [name, index, key] = path;
      if (name === 'compatibilita') {
        if (typeof index === 'number' && FITMENT_FIELDS.includes(key as keyof FitmentRow)) {
          const row = (rows[index] ??= {});
          row[key as keyof FitmentRow] ??= issue(message);
        } else {
          errors.compatibilita ??= { root: issue(message) } as FieldErrors<EditValues>['compatibilita'];
        }
      } else if (
        typeof name === 'string' &&
        ((PART_FIELDS as readonly string[]).includes(name) || name === 'veicoloId')
      ) {
        errors[name as PartField | 'veicoloId'] ??= issue(message);
      }
    }
    if (rows.length > 0) {
      errors.compatibilita = Object.assign(rows, errors.compatibilita);
    }
    return { values: {}, errors };
  };
}

/** Validates the add form with the contract's PartInputSchema (optional fields left empty are null). */
export function addResolver(): Resolver<EditValues, unknown, PartInput> {
  return contractResolver(
    (schemas) => schemas.PartInputSchema,
    (values) => values,
  );
}

/**
 * Validates only the changed fields with the contract's PartPatchSchema: the same rules and
 * messages as on creation and on the server.
 */
export function editResolver(part: Part): Resolver<EditValues, unknown, PartPatch> {
  return contractResolver(
    (schemas) => schemas.PartPatchSchema,
    (values) => changedFields(values, part),
  );
}

/** The fields the server may name in its `fields` (for applyServerErrors). */
export const SERVER_ERROR_FIELDS = [...PART_FIELDS, 'veicoloId', 'compatibilita'] as const;
