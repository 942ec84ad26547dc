import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorSchema,
  VehicleInputSchema,
  VehicleListQuerySchema,
  VehiclePatchSchema,
  VehicleSchema,
} from '@magazzino/contract';
import {
  docs,
  failures,
  guarded,
  IfMatchHeadersSchema,
  IfNoneMatchHeadersSchema,
  VehicleIdParamsSchema,
  VehicleListSchema,
} from './vehicles.schemas.js';
import { namesAnswer } from '../../lib/etags.js';
import { etagOf } from './vehicles.service.js';

/**
 * Routes of /api/veicoli (donor vehicles): validate with the contract, translate to HTTP (status,
 * headers), and leave the decisions to the service. Every route is behind the session guard.
 */
const vehiclesRoutes: FastifyPluginAsyncZod = (app) => {
  app.addHook('onRequest', app.requireSession);
  const service = app.vehicles;

  app.get(
    '/',
    {
      config: { permission: 'parts:read' },
      schema: {
        ...docs,
        summary:
          'Elenco dei veicoli (filtri targa, telaio, marca, modello; ordinamento; pagina di 20 se manca limit)',
        querystring: VehicleListQuerySchema,
        response: { 200: VehicleListSchema, 400: failures[400], ...guarded },
      },
    },
    async (request, reply) => {
      const { vehicles, total } = await service.list(request.query);
      reply.header('x-total-count', total);
      return vehicles;
    },
  );

  app.get(
    '/:id',
    {
      config: { permission: 'parts:read' },
      schema: {
        ...docs,
        summary: 'Un veicolo, con ETag',
        params: VehicleIdParamsSchema,
        headers: IfNoneMatchHeadersSchema,
        response: {
          200: VehicleSchema.describe("Il veicolo; l'header ETag ne identifica la versione"),
          304: z.null().describe('Non modificato: la copia del client è aggiornata'),
          404: failures[404],
          ...guarded,
        },
      },
    },
    async (request, reply) => {
      const vehicle = await service.get(request.params.id);
      const etag = etagOf(vehicle);
      reply.header('etag', etag);
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch !== undefined && namesAnswer(ifNoneMatch, etag)) return reply.code(304).send(null);
      return vehicle;
    },
  );

  app.post(
    '/',
    {
      config: { permission: 'parts:write' },
      schema: {
        ...docs,
        summary: 'Registra un veicolo (targa e telaio unici)',
        body: VehicleInputSchema,
        response: { 201: VehicleSchema, 400: failures[400], 409: failures[409], ...guarded },
      },
    },
    async (request, reply) => {
      const vehicle = await service.create(request.body);
      reply.code(201).header('etag', etagOf(vehicle)).header('location', `/api/veicoli/${vehicle._id}`);
      return vehicle;
    },
  );

  app.patch(
    '/:id',
    {
      config: { permission: 'parts:write' },
      schema: {
        ...docs,
        summary: 'Modifica alcuni campi di un veicolo (If-Match per evitare sovrascritture)',
        params: VehicleIdParamsSchema,
        headers: IfMatchHeadersSchema,
        body: VehiclePatchSchema,
        response: {
          200: VehicleSchema,
          400: failures[400],
          404: failures[404],
          409: failures[409],
          412: failures[412],
          ...guarded,
        },
      },
    },
    async (request, reply) => {
      const vehicle = await service.update(request.params.id, request.body, request.headers['if-match']);
      reply.header('etag', etagOf(vehicle));
      return vehicle;
    },
  );

  app.delete(
    '/:id',
    {
      config: { permission: 'parts:write' },
      schema: {
        ...docs,
        summary: 'Elimina un veicolo e le sue foto, se nessun componente vi è collegato',
        params: VehicleIdParamsSchema,
        headers: IfMatchHeadersSchema,
        response: {
          204: z.null().describe('Eliminato'),
          404: failures[404],
          409: ApiErrorSchema.describe('Il veicolo ha componenti collegati (VEHICLE_HAS_PARTS)'),
          412: failures[412],
          ...guarded,
        },
      },
    },
    async (request, reply) => {
      await service.delete(request.params.id, request.headers['if-match']);
      return reply.code(204).send(null);
    },
  );
  return Promise.resolve();
};

export default vehiclesRoutes;
