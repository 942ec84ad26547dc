import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LocationListSchema, LocationsQuerySchema, lookupSegments } from '@magazzino/contract';
import { failures, guarded } from './parts.schemas.js';

const locationDocs = { tags: ['ubicazioni'], security: [{ session: [] }] };

/**
 * The bins of the warehouse (/api/ubicazioni): the whole locations under a scaffale (campata,
 * ripiano) that hold parts, with their codes, for the bins' labels. Read like the parts.
 */
export const locationsRoutes: FastifyPluginAsyncZod = (app) => {
  app.addHook('onRequest', app.requireSession);
  const service = app.parts;

  app.get(
    '/',
    {
      config: { permission: 'parts:read' },
      schema: {
        ...locationDocs,
        summary:
          'Le ubicazioni (scaffale, campata, ripiano, cassetta) sotto uno scaffale, una campata o un ripiano, ' +
          'con il loro codice e il numero di componenti (di default quelli in magazzino), in ordine di ubicazione',
        querystring: LocationsQuerySchema,
        response: { 200: LocationListSchema, 400: failures[400], ...guarded },
      },
    },
    async (request) => {
      const { stato, ...segments } = request.query;
      return service.locations(lookupSegments(segments), stato);
    },
  );
  return Promise.resolve();
};
