import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  PART_FIELD_SPECS,
  PART_FIELDS,
  PartInputSchema,
  PartPatchSchema,
  fieldErrors,
  parseDecimal,
  type FieldSpec,
  type Part,
  type PartField,
  type PartInput,
  type PartPatch,
} from '@magazzino/contract';
import type { ZodType } from 'zod';
import { formatNumber } from '../../../lib/format';
import { isMoney } from './format';

/** What the edit form holds: every field as typed. */
export type EditValues = Record<PartField, string>;

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
  const values = {} as EditValues;
  for (const name of PART_FIELDS) values[name] = storedText(part, name);
  return values;
}

/**
 * The fields the user actually changed, as typed: a field equal to the stored one (a number
 * written another way included) is not sent. A field emptied is a change too: an optional one is
 * then emptied by the server, a required one is refused by the schema ('Il nome è obbligatorio').
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
  return patch;
}

/** A resolver checking what `select` takes of the form's values with a contract schema. */
function contractResolver<T>(
  schema: ZodType<T>,
  select: (values: EditValues) => unknown,
): Resolver<EditValues, unknown, T> {
  return (values) => {
    const result = schema.safeParse(select(values));
    if (result.success) return { values: result.data, errors: {} };
    const errors: FieldErrors<EditValues> = {};
    for (const [name, message] of Object.entries(fieldErrors(result.error))) {
      if ((PART_FIELDS as readonly string[]).includes(name)) {
        errors[name as PartField] = { type: 'validation', message };
      }
    }
    return { values: {}, errors };
  };
}

/** Validates the add form with the contract's PartInputSchema (optional fields left empty are null). */
export function addResolver(): Resolver<EditValues, unknown, PartInput> {
  return contractResolver(PartInputSchema, (values) => values);
}

/**
 * Validates only the changed fields with the contract's PartPatchSchema: the same rules and
 * messages as on creation and on the server.
 */
export function editResolver(part: Part): Resolver<EditValues, unknown, PartPatch> {
  return contractResolver(PartPatchSchema, (values) => changedFields(values, part));
}
