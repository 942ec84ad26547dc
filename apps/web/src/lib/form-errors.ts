import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Shows a failed submit: the server's per-field messages go next to their inputs (for the fields
 * the form has), and the returned text is the server's `error`, shown under the form.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  formFields: readonly Path<T>[],
): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  for (const field of formFields) {
    const message = error.fields[field];
    if (message) setError(field, { type: 'server', message });
  }
  return error.message;
}
