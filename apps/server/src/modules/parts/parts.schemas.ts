import { z } from 'zod';
import {
  ApiErrorSchema,
  CategoryCountSchema,
  ConditionCountSchema,
  LIMITS,
  LocationSchema,
  PartListQuerySchema,
  PartSchema,
  requiredText,
} from '@magazzino/contract';

/** Schemas of the parts routes that only the server needs (params, headers, response maps). */

export const PartIdParamsSchema = z.object({
  id: z.string().describe('Identificativo (_id) del componente'),
});

export const PartCodeParamsSchema = z.object({
  codice: z
    .string()
    .max(LIMITS.shortTextMax, { error: 'Il codice è troppo lungo' })
    .describe('Codice ricambio del componente (R-004213)'),
});

export const CategoryParamsSchema = z.object({
  categoria: requiredText('La categoria', LIMITS.shortTextMax, true).describe('Categoria esatta'),
});

/** The leading segments of a location, as the partial lookups take them (each like on a part). */
export const ScaffaleParamsSchema = LocationSchema.pick({ scaffale: true });
export const CampataParamsSchema = LocationSchema.pick({ scaffale: true, campata: true });
export const RipianoParamsSchema = LocationSchema.pick({ scaffale: true, campata: true, ripiano: true });

/** The list query minus paging: the filters (and order) of the CSV export. */
export const ExportQuerySchema = PartListQuerySchema.omit({ limit: true, offset: true });

// Loose objects: Fastify replaces request.headers with the validated value, so keep the others.
export const IfMatchHeadersSchema = z.looseObject({
  'if-match': z
    .string()
    .optional()
    .describe('ETag letto in precedenza: se il componente è cambiato nel frattempo la risposta è 412'),
});

export const IfNoneMatchHeadersSchema = z.looseObject({
  'if-none-match': z
    .string()
    .optional()
    .describe('ETag già in possesso del client: se non è cambiato la risposta è 304 senza corpo'),
});

export const PartListSchema = z
  .array(PartSchema)
  .describe(
    "Componenti trovati; l'header X-Total-Count dà il numero totale (con X-Total-Count-Exact: false è un minimo: " +
      'una ricerca testuale conta fino a 1000 risultati). Senza limit arrivano tutti, in streaming',
  );
export const CategoryCountListSchema = z
  .array(CategoryCountSchema)
  .describe('Categorie in ordine alfabetico');
export const ConditionCountListSchema = z
  .array(ConditionCountSchema)
  .describe('Condizioni in ordine alfabetico');

/** Error answers of the parts routes, each with what it means for the client. */
export const failures = {
  400: ApiErrorSchema.describe('Campi o parametri non validi: un messaggio per campo in `fields`'),
  404: ApiErrorSchema.describe('Componente non trovato'),
  412: ApiErrorSchema.describe('If-Match non corrisponde: il componente è stato modificato nel frattempo'),
};

/** The 401 of the session guard, present on every parts route. */
export const guarded = { 401: ApiErrorSchema.describe('Sessione assente o scaduta') };

/** OpenAPI details shared by every parts route. */
export const docs = { tags: ['componenti'], security: [{ session: [] }] };
