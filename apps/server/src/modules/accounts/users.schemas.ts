import { ApiErrorSchema, UserAccountSchema } from '@magazzino/contract';
import { z } from 'zod';

/** Schemas of the 'Utenti' routes that only the server needs (params, response maps, docs). */

export const UserIdParamsSchema = z.object({
  id: z.string().describe("Identificativo (_id) dell'account"),
});

export const UserAccountListSchema = z
  .array(UserAccountSchema)
  .describe('Tutti gli account, dal più vecchio');

/** Error answers of the 'Utenti' routes, each with what it means for the client. */
export const failures = {
  400: ApiErrorSchema.describe('Corpo non valido: un messaggio per campo in `fields`'),
  404: ApiErrorSchema.describe('Account non trovato'),
  409: ApiErrorSchema.describe(
    "Regola degli account: LAST_ADMIN (resterebbe senza amministratori attivi), SELF_DISABLE (il proprio account), ACCOUNT_DISABLED (link a un account disabilitato), ACCOUNT_PENDING (l'account aspetta l'approvazione: approvalo o rifiutalo), NOT_PENDING (non c'è nulla da approvare o rifiutare)",
  ),
};

/** The answers of the guard: no session (401), a role without `users:manage` (403). */
export const guarded = {
  401: ApiErrorSchema.describe('Sessione assente o scaduta'),
  403: ApiErrorSchema.describe('Solo un amministratore gestisce gli utenti'),
};

/** OpenAPI details shared by every 'Utenti' route. */
export const docs = { tags: ['users'], security: [{ session: [] }] };
