import { useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { applyServerErrors } from '../lib/form-errors';

/**
 * The server's answer to a failed submit, shown on a react-hook-form form: its per-field messages go
 * next to the inputs named in `fields`, its `error` is kept as `serverError` for FormError.
 * Call `showServerError(error)` where the request fails (a submit's catch, a mutation's onError)
 * and `clearServerError()` when a new attempt starts.
 */
export function useServerErrors<T extends FieldValues>(
  form: { setError: UseFormSetError<T> },
  fields: readonly Path<T>[],
) {
  const [serverError, setServerError] = useState<string | null>(null);
  return {
    serverError,
    showServerError: (error: unknown) => setServerError(applyServerErrors(error, form.setError, fields)),
    clearServerError: () => setServerError(null),
  };
}
