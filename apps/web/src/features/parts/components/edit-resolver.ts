import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  PART_FIELDS,
  PartPatchSchema,
  fieldErrors,
  parseDecimal,
  type Part,
  type PartField,
  type PartPatch,
} from '@magazzino/contract';
import { decimalFieldValue } from './PartFields';

/** What the edit form holds: every field as typed. */
export type EditValues = Record<PartField, string>;

/** The form's starting values: the stored part. */
export function editValuesOf(part: Part): EditValues {
  const values = {} as EditValues;
  for (const name of PART_FIELDS) values[name] = name === 'peso' ? decimalFieldValue(part.peso) : part[name];
  return values;
}

/**
 * The fields the user actually changed (DECISIONS #19): a field left empty keeps its stored
 * value, a field equal to the stored one is not sent.
 */
export function changedFields(values: EditValues, part: Part): Partial<EditValues> {
  const patch: Partial<EditValues> = {};
  for (const name of PART_FIELDS) {
    const text = values[name].trim();
    if (text === '') continue;
    const same = name === 'peso' ? parseDecimal(text) === part.peso : text === part[name];
    if (!same) patch[name] = values[name];
  }
  return patch;
}

/**
 * Validates only the changed fields with the contract's PartPatchSchema: the same rules and
 * messages as on creation and on the server.
 */
export function editResolver(part: Part): Resolver<EditValues, unknown, PartPatch> {
  return (values) => {
    const result = PartPatchSchema.safeParse(changedFields(values, part));
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
