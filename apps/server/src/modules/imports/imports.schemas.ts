import { z } from 'zod';
import { ApiErrorSchema, ImportSummarySchema } from '@magazzino/contract';

/** Schemas of the imports routes that only the server needs (params, response maps). */

export const ImportIdParamsSchema = z.object({
  id: z.string().describe("Identificativo (_id) dell'importazione"),
});

export const ImportListSchema = z
  .array(ImportSummarySchema)
  .describe('Le importazioni più recenti, dalla più nuova');

/** Error answers of the imports routes, each with what it means for the client. */
export const failures = {
  400: ApiErrorSchema.describe(
    'File illeggibile o senza righe, mappatura non valida (`fields.mappatura` dice quale colonna manca)',
  ),
  404: ApiErrorSchema.describe('Importazione non trovata (più vecchia di 7 giorni?)'),
  409: ApiErrorSchema.describe("L'importazione è già in corso o già eseguita (INVALID_TRANSITION)"),
  413: ApiErrorSchema.describe('File oltre 20 MB'),
  415: ApiErrorSchema.describe('Né un CSV né un foglio Excel (.xlsx)'),
};

/** The 401 of the session guard and the 403 of a role without parts:write, on every imports route. */
export const guarded = {
  401: ApiErrorSchema.describe('Sessione assente o scaduta'),
  403: ApiErrorSchema.describe('Il ruolo non permette di importare (serve parts:write)'),
};

/** OpenAPI details shared by every imports route. */
export const docs = { tags: ['importazioni'], security: [{ session: [] }] };
