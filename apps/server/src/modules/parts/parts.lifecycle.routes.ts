import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccountNameSchema,
  ActivityQuerySchema,
  ApiErrorSchema,
  BinEmptyResultSchema,
  BinEntrySchema,
  BinQuerySchema,
  PartEventSchema,
  PartSchema,
} from '@magazzino/contract';
import { failures, guarded, PartIdParamsSchema } from './parts.schemas.js';
import { actorOf, HISTORY_PAGE } from './parts.routes.js';

const binDocs = { tags: ['cestino'], security: [{ session: [] }] };
const activityDocs = { tags: ['attività'], security: [{ session: [] }] };

const notInBin = ApiErrorSchema.describe('Il componente non è nel cestino');

/** The bin (/api/cestino): the deleted parts for 30 days, restored or deleted for good from here. */
export const binRoutes: FastifyPluginAsyncZod = (app) => {
  app.addHook('onRequest', app.requireSession);
  const lifecycle = app.partLifecycle;

  app.get(
    '/',
    {
      config: { permission: 'parts:write' },
      schema: {
        ...binDocs,
        summary: "I componenti eliminati negli ultimi 30 giorni, dall'ultimo eliminato",
        querystring: BinQuerySchema,
        response: { 200: z.array(BinEntrySchema), 400: failures[400], ...guarded },
      },
    },
    async (request, reply) => {
      const { limit = HISTORY_PAGE, offset = 0 } = request.query;
      const { entries, total } = await lifecycle.bin({ limit, offset });
      reply.header('x-total-count', total);
      return entries;
    },
  );

  app.post(
    '/:id/ripristina',
    {
      config: { permission: 'parts:write' },
      schema: {
        ...binDocs,
        summary: 'Ripristina un componente dal cestino, con la sua foto e il suo storico',
        params: PartIdParamsSchema,
        response: { 200: PartSchema, 404: notInBin, ...guarded },
      },
    },
    async (request) => lifecycle.restore(request.params.id, actorOf(request)),
  );

  app.delete(
    '/:id',
    {
      config: { permission: 'bin:empty' },
      schema: {
        ...binDocs,
        summary: 'Elimina per sempre un componente del cestino',
        params: PartIdParamsSchema,
        response: { 204: z.null().describe('Eliminato per sempre'), 404: notInBin, ...guarded },
      },
    },
    async (request, reply) => {
      await lifecycle.deleteForGood(request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/',
    {
      config: { permission: 'bin:empty' },
      schema: {
        ...binDocs,
        summary: 'Svuota il cestino: i componenti eliminati vanno via per sempre',
        response: { 200: BinEmptyResultSchema, ...guarded },
      },
    },
    async () => ({ eliminati: await lifecycle.emptyBin() }),
  );
  return Promise.resolve();
};

/** The activity page (/api/attivita): every part's changes across the warehouse. */
export const activityRoutes: FastifyPluginAsyncZod = (app) => {
  app.addHook('onRequest', app.requireSession);

  app.get(
    '/',
    {
      config: { permission: 'parts:read' },
      schema: {
        ...activityDocs,
        summary:
          'Le modifiche ai componenti, dalla più recente, di un utente e in un intervallo di tempo [dal, al)',
        querystring: ActivityQuerySchema,
        response: { 200: z.array(PartEventSchema), 400: failures[400], ...guarded },
      },
    },
    async (request, reply) => {
      const { utente, dal, al, limit = HISTORY_PAGE, offset = 0 } = request.query;
      const { events, total } = await app.partLifecycle.activity(
        { userId: utente, from: dal, to: al },
        { limit, offset },
      );
      reply.header('x-total-count', total);
      return events;
    },
  );

  app.get(
    '/utenti',
    {
      config: { permission: 'parts:read' },
      schema: {
        ...activityDocs,
        summary: "Gli utenti (nome e identificativo), per il filtro dell'attività",
        response: { 200: z.array(AccountNameSchema), ...guarded },
      },
    },
    async () => {
      const accounts = await app.users.list();
      return accounts
        .map((account) => ({ _id: account._id, username: account.username }))
        .sort((a, b) => a.username.localeCompare(b.username, 'it'));
    },
  );
  return Promise.resolve();
};
