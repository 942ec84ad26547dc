import { ApiErrorSchema, HealthSchema } from '@magazzino/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errors } from '../../lib/errors.js';

/** GET /api/health: 200 once the database answers, 503 otherwise. GET /api/docs: the OpenAPI document. Public. */
const healthRoutes: FastifyPluginAsyncZod = (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['operations'],
        summary: 'Stato del servizio',
        response: { 200: HealthSchema, 503: ApiErrorSchema },
      },
      logLevel: 'warn',
    },
    async () => {
      if (!(await app.health.databaseAnswers())) throw errors.serviceUnavailable();
      return { status: 'ok' as const };
    },
  );

  app.get('/api/docs', { schema: { hide: true } }, () => app.swagger());
  return Promise.resolve();
};

export default healthRoutes;
