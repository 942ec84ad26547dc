import {
  ApiErrorSchema,
  HealthSchema,
  ReadinessSchema,
  ReadinessUnavailableSchema,
} from '@magazzino/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errors } from '../../lib/errors.js';

/** What the 503 of /api/health/ready names, in Italian, for each check. */
const CHECK_LABELS: Record<string, string> = { database: 'database', media: 'archivio delle foto' };

/**
 * Routes of /api/health, public. /api/health: 200 once the database answers, 503 otherwise
 * (liveness). /api/health/ready: 200 when every readiness check passes (the database, the photo
 * storage), 503 naming what is down, so a proxy takes the instance out until it recovers.
 */
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

  app.get(
    '/ready',
    {
      schema: {
        tags: ['operations'],
        summary: 'Servizio pronto a ricevere richieste',
        response: { 200: ReadinessSchema, 503: ReadinessUnavailableSchema },
      },
      logLevel: 'warn',
    },
    async (_request, reply) => {
      const { ready, checks } = await service.readiness();
      if (ready) return { status: 'ok' as const, checks };
      const down = Object.keys(checks)
        .filter((name) => checks[name] !== 'ok')
        .map((name) => CHECK_LABELS[name] ?? name);
      return reply.code(503).send({
        error: `Servizio non pronto: ${down.join(', ')} non raggiungibile.`,
        code: 'SERVICE_UNAVAILABLE' as const,
        checks,
      });
    },
  );
  return Promise.resolve();
};

export default healthRoutes;
