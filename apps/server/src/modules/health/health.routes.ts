import { ApiErrorSchema, HealthSchema } from '@magazzino/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errors } from '../../lib/errors.js';

/** Routes of /api/health: 200 once the database answers, 503 otherwise. Public. */
const healthRoutes: FastifyPluginAsyncZod = (app) => {
  const service = app.health;

  app.get(
    '/',
    {
      schema: {
        tags: ['operations'],
        summary: 'Stato del servizio',
        response: { 200: HealthSchema, 503: ApiErrorSchema },
      },
      logLevel: 'warn',
      // Only /api/health itself, as always: no second URL with a trailing slash.
      prefixTrailingSlash: 'no-slash',
    },
    async () => {
      if (!(await service.databaseAnswers())) throw errors.serviceUnavailable();
      return { status: 'ok' as const };
    },
  );
  return Promise.resolve();
};

export default healthRoutes;
