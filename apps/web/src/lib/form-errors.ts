import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Shows a failed submit on the form: the server's per-field messages (`fields` of its error) go
 * next to their inputs, for the fields the form has. Returns the server's `error`, the message
 * for the whole form (or the failure's own message when the server never answered).
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
