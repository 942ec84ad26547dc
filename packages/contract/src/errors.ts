import { z } from 'zod';

/** Stable machine-readable error codes; the Italian `error` text is for people. */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'FORBIDDEN',
  'SIGNUP_CLOSED',
  'CROSS_ORIGIN',
  'NOT_FOUND',
  'EMAIL_TAKEN',
  'LAST_ADMIN',
  'SELF_DISABLE',
  'ACCOUNT_DISABLED',
  'ACCOUNT_PENDING',
  'NOT_PENDING',
  'PRECONDITION_FAILED',
  'INVALID_TRANSITION',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INVALID_TOKEN',
  /** The amministratore requires two-factor sign-in and this account has not set it up yet. */
  'TWO_FACTOR_SETUP_REQUIRED',
  /** The sign-in waiting for its code expired, was used or got too many wrong codes. */
  'TWO_FACTOR_EXPIRED',
  /** Two-factor sign-in is not in the state the request needs (already on, not on, required). */
  'TWO_FACTOR_CONFLICT',
  /** Another donor vehicle already has this targa / this telaio (VIN). */
  'TARGA_IN_USE',
  'TELAIO_IN_USE',
  /** A donor vehicle cannot be deleted while parts are linked to it. */
  'VEHICLE_HAS_PARTS',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
] as const;

export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/** Every error answer of the API: an Italian message, a stable code, and per-field messages. */
export const ApiErrorSchema = z
  .object({
    error: z.string(),
    code: ErrorCodeSchema.optional(),
    fields: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: 'ApiError' });
export type ApiErrorBody = z.infer<typeof ApiErrorSchema>;

/** Turns a zod error into the `fields` map of the API: the first message for each top-level field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : '_';
    if (!(key in fields)) fields[key] = issue.message;
  }
  return fields;
}
