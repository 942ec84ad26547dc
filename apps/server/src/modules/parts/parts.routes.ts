import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorSchema,
  CategoryRenameInputSchema,
  CategoryRenameResultSchema,
  csvFileName,
  xlsxFileName,
  LocationSchema,
  lookupSegments,
  PageQuerySchema,
  PartInputSchema,
  PartListQuerySchema,
  PartPatchSchema,
  PartSchema,
  StatusChangeSchema,
  StatusQuerySchema,
  PartEventSchema,
  HistoryQuerySchema,
  type Part,
  type PartStatus,
} from '@magazzino/contract';
import type { Actor } from './parts.lifecycle.repository.js';
import { CSV_RECORDS, csvChunks } from './parts.csv.js';
import { jsonArrayChunks } from './parts.json-stream.js';
import { XLSX_RECORDS, xlsxStream } from './parts.xlsx.js';
import type { PartFilter } from './parts.repository.js';
import {
  CategoryCountListSchema,
  CampataParamsSchema,
  CategoryParamsSchema,
  ConditionCountListSchema,
  docs,
  failures,
  ExportQuerySchema,
  guarded,
  IfMatchHeadersSchema,
  IfNoneMatchHeadersSchema,
  PartCodeParamsSchema,
  PartIdParamsSchema,
  PartListSchema,
  RipianoParamsSchema,
  ScaffaleParamsSchema,
} from './parts.schemas.js';
import { namesAnswer } from '../../lib/etags.js';
import { etagOf } from './parts.service.js';

interface ListQuery {
  limit?: number | undefined;
  offset?: number | undefined;
  sort?: string | undefined;
  stato?: readonly PartStatus[] | undefined;
}

/** Who makes a change on a guarded route, as the history records them. */
export function actorOf(request: FastifyRequest): Actor {
  return request.user ? { _id: request.user._id, username: request.user.username } : null;
}

/** Events of a history or of the activity page sent when the client names no limit. */
export const HISTORY_PAGE = 50;

/** True when the request's query string names `name` (given, even empty), before any default. */
function queryNames(request: FastifyRequest, name: string): boolean {
  const search = request.url.indexOf('?');
  return search >= 0 && new URLSearchParams(request.url.slice(search + 1)).has(name);
}

/** Sends a text stream as it is pulled: nothing is read from the database ahead of the socket. */
function sendStream(reply: FastifyReply, type: string, chunks: AsyncIterable<string>) {
  return reply.type(type).send(Readable.from(chunks, { objectMode: false }));
}

/**
 * Routes of /api/componenti: validate with the contract, translate to HTTP (status, headers),
 * and leave the decisions to the service. Every route is behind the session guard.
 */
const partsRoutes: FastifyPluginAsyncZod = (app) => {
  app.addHook('onRequest', app.requireSession);
  const service = app.parts;

  /**
   * A page when `limit` is given, else every match streamed. X-Total-Count either way, with
   * X-Total-Count-Exact: false when a text search stopped counting (the number is then a floor).
   */
  async function sendParts(
    reply: FastifyReply,
    where: PartFilter,
    query: ListQuery,
  ): Promise<Part[] | FastifyReply> {
    const offset = query.offset ?? 0;
    const filter: PartFilter = query.stato ? { ...where, stato: query.stato } : where;
    if (query.limit !== undefined) {
      const { parts, total, exact } = await service.page(filter, query.sort, { limit: query.limit, offset });
      reply.header('x-total-count', total).header('x-total-count-exact', String(exact));
      return parts;
    }
    const { count, exact } = await service.count(filter);
    const chunks = await service.stream(filter, query.sort, offset);
    reply.header('x-total-count', count).header('x-total-count-exact', String(exact));
    return sendStream(reply, 'application/json; charset=utf-8', jsonArrayChunks(chunks));
  }

  const listResponses = { 200: PartListSchema, 400: failures[400], ...guarded };

  /**
   * The parts under the leading segments of a location (scaffale; scaffale and campata; ...), a
   * stock check of a whole scaffale: sorted by location, then by registration, unless `sort` says.
   */
  const sendLocationPrefix = (reply: FastifyReply, segments: Record<string, string>, query: ListQuery) =>
    sendParts(
      reply,
      { locationPrefix: lookupSegments(segments) },
      { ...query, sort: query.sort ?? 'ubicazione' },
    );

  app.get(
    '/',
    {
      config: { permission: 'parts:read' },
      schema: {
        ...docs,
        summary: 'Elenco dei componenti (filtri, ordinamento, paginazione; senza limit: tutti, in streaming)',
        querystring: PartListQuerySchema,
        response: listResponses,
      },
    },
    async (request, reply) => {
      const { limit, offset, sort, ...filter } = request.query;
      // Parts named by id (a selection's labels) are listed whatever their status, unless asked.
      const stato = filter.ids && !queryNames(request, 'stato') ? undefined : filter.stato;
      return sendParts(reply, { ...filter, stato }, { limit, offset, sort });
    },
  );

  app.get(
    '/categorie',
    {
      config: { permission: 'parts:read' },
      schema: {
        ...docs,
        summary:
          'Categorie con il numero di componenti negli stati chiesti (di default quelli in magazzino), in ordine alfabetico',
        querystring: StatusQuerySchema,
        response: { 200: CategoryCountListSchema, 400: failures[400], ...guarded },
      },
    },
    async (request) => service.categories(request.query.stato),
  );

  app.post(
    '/categorie/rinomina',
    {
      config: { permission: 'categories:manage' },
      schema: {
        ...docs,
        summary:
          'Rinomina una categoria, o la unisce a una esistente (tutti i suoi componenti passano al nuovo nome)',
        body: CategoryRenameInputSchema,
        response: {
          200: CategoryRenameResultSchema,
          400: failures[400],
          404: ApiErrorSchema.describe('Nessun componente ha la categoria da rinominare'),
          ...guarded,
        },
      },
    },
    async (request) => service.renameCategory(request.body.da, request.body.a, actorOf(request)),
  );

  app.get(
    '/condizioni',
    {
      config: { permission: 'parts:read' },
      schema: {
        ...docs,
        summary: 'Condizioni con il numero di componenti, in ordine alfabetico',
        response: { 200: ConditionCountListSchema, ...guarded },
      },
    },
    async () => service.conditions(),
  );

  app.get(
    '/export.csv',
    {
      config: { permission: 'parts:read' },
      schema: {
        ...docs,
        summary: 'Esportazione CSV (stessi filtri dell’elenco), in streaming',
        querystring: ExportQuerySchema,
        response: {
          200: {
            description: 'CSV UTF-8 con BOM, separatore virgola, righe CRLF',
            content: { 'text/csv': { schema: z.string() } },
          },
          400: failures[400],
          ...guarded,
        },
      },
    },
    async (request, reply) => {
      const { sort, ...filter } = request.query;
      const records = await service.streamRecords(filter, sort, CSV_RECORDS);
      reply.header('content-disposition', `attachment; filename="${csvFileName()}"`);
      return sendStream(reply, 'text/csv; charset=utf-8', csvChunks(records));
    },
  );

  app.get(
    '/export.xlsx',
    {
      config: { permission: 'parts:read' },
      schema: {
        ...docs,
        summary: 'Esportazione in Excel (stessi filtri e colonne del CSV), in streaming',
        querystring: ExportQuerySchema,
        response: {
          200: {
            description: 'Foglio XLSX: le colonne del CSV, peso, prezzo e anno come numeri',
            content: {
              'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: z.string() },
            },
          },
          400: failures[400],
          ...guarded,
        },
      },
    },
    async (request, reply) => {
      const { sort, ...filter } = request.query;
      const chunks = await service.streamRecords(filter, sort, XLSX_RECORDS);
      // A byte stream, not the JSON the response map describes for the other statuses.
      const raw: FastifyReply = reply;
      raw.header('content-disposition', `attachment; filename="${xlsxFileName()}"`);
      return raw
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .send(xlsxStream(chunks));
    },
  );

  app.get(
    '/singolacategoria/:categoria',
    {
      config: { permission: 'parts:read' },
      schema: {
        ...docs,
        summary: 'Componenti di una categoria esatta',
        params: CategoryParamsSchema,
        querystring: PageQuerySchema,
        response: listResponses,
      },
    },
    async (request, reply) => sendParts(reply, { categoria: request.params.categoria }, request.query),
  );

  app.get(
    '/magazzino/:scaffale/:campata/:ripiano/:cassetta',
    {
      config: { permission: 'parts:read' },
      schema: {
        ...docs,
        summary: 'Componenti in una posizione esatta (maiuscole e spazi ai bordi non contano)',
        params: LocationSchema,
        querystring: PageQuerySchema,
        response: listResponses,
      },
    },
    async (request, reply) => sendParts(reply, { location: request.params }, request.query),
  );

  app.get(
    '/magazzino/:scaffale',
    {
      config: { permission: 'parts:read' },
      schema: {
        ...docs,
        summary: 'Componenti di uno scaffale, in ordine di ubicazione',
        params: ScaffaleParamsSchema,
        querystring: PageQuerySchema,
        response: listResponses,
      },
    },
    async (request, reply) => sendLocationPrefix(reply, request.params, request.query),
  );

  app.get(
    '/magazzino/:scaffale/:campata',
    {
      config: { permission: 'parts:read' },
      schema: {
        ...docs,
        summary: 'Componenti di una campata, in ordine di ubicazione',
        params: CampataParamsSchema,
        querystring: PageQuerySchema,
        response: listResponses,
      },
    },
    async (request, reply) => sendLocationPrefix(reply, request.params, request.query),
  );

  app.get(
    '/magazzino/:scaffale/:campata/:ripiano',
    {
      config: { permission: 'parts:read' },
      schema: {
        ...docs,
        summary: 'Componenti di un ripiano, in ordine di ubicazione',
        params: RipianoParamsSchema,
        querystring: PageQuerySchema,
        response: listResponses,
      },
    },
    async (request, reply) => sendLocationPrefix(reply, request.params, request.query),
  );

  app.get(
    '/codice/:codice',
    {
      config: { permission: 'parts:read' },
      schema: {
        ...docs,
        summary: 'Un componente dal suo codice ricambio (R-004213; anche r4213, R 4213), con ETag',
        params: PartCodeParamsSchema,
        response: {
          200: PartSchema.describe("Il componente; l'header ETag ne identifica la versione"),
          400: ApiErrorSchema.describe('Il testo non è un codice ricambio'),
          404: ApiErrorSchema.describe('Nessun componente ha questo codice'),
          ...guarded,
        },
      },
    },
    async (request, reply) => {
      const part = await service.getByCode(request.params.codice);
      reply.header('etag', etagOf(part));
      return part;
    },
  );

  app.get(
    '/:id',
    {
      config: { permission: 'parts:read' },
      schema: {
        ...docs,
        summary: 'Un componente, con ETag',
        params: PartIdParamsSchema,
        headers: IfNoneMatchHeadersSchema,
        response: {
          200: PartSchema.describe("Il componente; l'header ETag ne identifica la versione"),
          304: z.null().describe('Non modificato: la copia del client è aggiornata'),
          404: failures[404],
          ...guarded,
        },
      },
    },
    async (request, reply) => {
      const part = await service.get(request.params.id);
      const etag = etagOf(part);
      reply.header('etag', etag);
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch !== undefined && namesAnswer(ifNoneMatch, etag)) return reply.code(304).send(null);
      return part;
    },
  );

  app.post(
    '/crea-componente',
    {
      config: { permission: 'parts:write' },
      schema: {
        ...docs,
        summary: 'Crea un componente',
        body: PartInputSchema,
        response: { 201: PartSchema, 400: failures[400], ...guarded },
      },
    },
    async (request, reply) => {
      const part = await service.create(request.body, actorOf(request));
      reply.code(201).header('etag', etagOf(part)).header('location', `/api/componenti/${part._id}`);
      return part;
    },
  );

  app.patch(
    '/modifica/:id',
    {
      config: { permission: 'parts:write' },
      schema: {
        ...docs,
        summary: 'Modifica alcuni campi di un componente (If-Match per evitare sovrascritture)',
        params: PartIdParamsSchema,
        headers: IfMatchHeadersSchema,
        body: PartPatchSchema,
        response: {
          200: PartSchema,
          400: failures[400],
          404: failures[404],
          412: failures[412],
          ...guarded,
        },
      },
    },
    async (request, reply) => {
      const part = await service.update(
        request.params.id,
        request.body,
        request.headers['if-match'],
        actorOf(request),
      );
      reply.header('etag', etagOf(part));
      return part;
    },
  );

  app.delete(
    '/delete/:id',
    {
      config: { permission: 'parts:write' },
      schema: {
        ...docs,
        summary: 'Elimina un componente: va nel cestino per 30 giorni, da cui si può ripristinare',
        params: PartIdParamsSchema,
        headers: IfMatchHeadersSchema,
        response: {
          204: z.null().describe('Eliminato'),
          404: failures[404],
          412: failures[412],
          ...guarded,
        },
      },
    },
    async (request, reply) => {
      await service.delete(request.params.id, request.headers['if-match'], actorOf(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/stato/:id',
    {
      config: { permission: 'parts:write' },
      schema: {
        ...docs,
        summary:
          'Cambia lo stato di un componente (riserva, vendi, reso, scarta, rendi disponibile), con If-Match facoltativo',
        params: PartIdParamsSchema,
        headers: IfMatchHeadersSchema,
        body: StatusChangeSchema,
        response: {
          200: PartSchema,
          400: failures[400],
          404: failures[404],
          409: ApiErrorSchema.describe('Passaggio di stato non consentito (INVALID_TRANSITION)'),
          412: failures[412],
          ...guarded,
        },
      },
    },
    async (request, reply) => {
      const part = await app.partLifecycle.changeStatus(
        request.params.id,
        request.body,
        request.headers['if-match'],
        actorOf(request),
      );
      reply.header('etag', etagOf(part));
      return part;
    },
  );

  app.get(
    '/storico/:id',
    {
      config: { permission: 'parts:read' },
      schema: {
        ...docs,
        summary:
          'Lo storico di un componente, dal più recente (resta leggibile anche dopo la sua eliminazione)',
        params: PartIdParamsSchema,
        querystring: HistoryQuerySchema,
        response: { 200: z.array(PartEventSchema), 400: failures[400], ...guarded },
      },
    },
    async (request, reply) => {
      const { limit = HISTORY_PAGE, offset = 0 } = request.query;
      const { events, total } = await app.partLifecycle.history(request.params.id, { limit, offset });
      reply.header('x-total-count', total);
      return events;
    },
  );
  return Promise.resolve();
};

export default partsRoutes;
