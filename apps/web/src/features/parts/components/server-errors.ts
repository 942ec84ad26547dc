import { PART_FIELDS, type PartField } from '@magazzino/contract';
import { ApiError } from '../../../lib/api-client';

/** The server's per-field messages that belong to a part field (shown beside that field). */
export function serverFieldErrors(error: unknown): [PartField, string][] {
  if (!(error instanceof ApiError)) return [];
  return PART_FIELDS.flatMap((name) => {
    const message = error.fields[name];
    return message === undefined ? [] : [[name, message] as [PartField, string]];
  });
}
