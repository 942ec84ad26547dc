import { sql } from 'kysely';
import { ApiErrorSchema, HealthSchema } from '@magazzino/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errors } from '../../lib/errors.js';

/** GET /api/health: 200 once the database answers, 503 otherwise. Public. */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
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
      try {
        await sql`select 1`.execute(app.db);
      } catch (error) {
        app.log.error({ err: error }, 'health check: database unavailable');
        throw errors.serviceUnavailable();
      }
      return { status: 'ok' as const };
    },
  );

  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
};

export default healthRoutes;
