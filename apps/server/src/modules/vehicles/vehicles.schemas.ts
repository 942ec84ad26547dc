import { z } from 'zod';
import { ApiErrorSchema, VehicleSchema } from '@magazzino/contract';

/** Schemas of the vehicles routes that only the server needs (params, headers, response maps). */

export const VehicleIdParamsSchema = z.object({
  id: z.string().describe('Identificativo (_id) del veicolo'),
});

// Loose objects: Fastify replaces request.headers with the validated value, so keep the others.
export const IfMatchHeadersSchema = z.looseObject({
  'if-match': z
    .string()
    .optional()
    .describe('ETag letto in precedenza: se il veicolo è cambiato nel frattempo la risposta è 412'),
});

export const IfNoneMatchHeadersSchema = z.looseObject({
  'if-none-match': z
    .string()
    .optional()
    .describe('ETag già in possesso del client: se non è cambiato la risposta è 304 senza corpo'),
});

export const VehicleListSchema = z
  .array(VehicleSchema)
  .describe("Veicoli trovati (una pagina: limit, di default 20); l'header X-Total-Count dà il numero totale");

/** Error answers of the vehicles routes, each with what it means for the client. */
export const failures = {
  400: ApiErrorSchema.describe('Campi o parametri non validi: un messaggio per campo in `fields`'),
  404: ApiErrorSchema.describe('Veicolo non trovato'),
  409: ApiErrorSchema.describe(
    'Targa o telaio già di un altro veicolo (TARGA_IN_USE, TELAIO_IN_USE), con il messaggio in `fields`',
  ),
  412: ApiErrorSchema.describe('If-Match non corrisponde: il veicolo è stato modificato nel frattempo'),
};

/** The 401 of the session guard, present on every vehicles route. */
export const guarded = { 401: ApiErrorSchema.describe('Sessione assente o scaduta') };

/** OpenAPI details shared by every vehicles route. */
export const docs = { tags: ['veicoli'], security: [{ session: [] }] };
