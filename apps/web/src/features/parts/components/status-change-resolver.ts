import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import {
  fieldErrors,
  StatusChangeSchema,
  type StatusChange,
  type StatusChangeDraft,
} from '@magazzino/contract';

/**
 * A resolver checking a status change form with the contract's StatusChangeSchema, the same rules
 * and messages as the server's: `toDraft` turns what the form holds into the body it means
 * (adding its `stato`). A message lands on the form's field of the same name.
 */
export function statusChangeResolver<V extends FieldValues>(
  toDraft: (values: V) => StatusChangeDraft,
): Resolver<V, unknown, StatusChange> {
  return (values) => {
    const result = StatusChangeSchema.safeParse(toDraft(values));
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const [name, message] of Object.entries(fieldErrors(result.error))) {
      if (name in values) errors[name] = { type: 'validation', message };
    }
    return { values: {}, errors: errors as FieldErrors<V> };
  };
}
