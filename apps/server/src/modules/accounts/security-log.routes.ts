import { ApiErrorSchema, SecurityEventSchema, SecurityLogQuerySchema } from '@magazzino/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** A page of the log when the client asks for none. */
const LOG_PAGE = 50;

/**
 * The security log (/api/sicurezza/registro), for amministratori (`security-log:read`): sign-ins,
 * sign-outs, password and account changes, with who, when and from where.
 */
const securityLogRoutes: FastifyPluginAsyncZod = (app) => {
  app.addHook('onRequest', app.requireSession);

  app.get(
    '/registro',
    {
      config: { permission: 'security-log:read' },
      schema: {
        tags: ['sicurezza'],
        security: [{ session: [] }],
        summary:
          'Il registro di sicurezza, dal più recente: per tipo di evento, per utente e in un intervallo di tempo [dal, al)',
        description:
          "Accessi riusciti e falliti, uscite, cambi e reimpostazioni di password, sessioni chiuse, cambi di ruolo e di stato degli account, impostazioni. `utente` trova gli eventi dell'account e quelli fatti da lui. Gli eventi restano 180 giorni. Header `X-Total-Count`: quanti corrispondono (fino a 10.000).",
        querystring: SecurityLogQuerySchema,
        response: {
          200: z.array(SecurityEventSchema),
          400: ApiErrorSchema.describe('Filtro non valido: un messaggio per campo in `fields`'),
          401: ApiErrorSchema.describe('Sessione assente o scaduta'),
        },
      },
    },
    async (request, reply) => {
      const { tipo, utente, dal, al, limit = LOG_PAGE, offset = 0 } = request.query;
      const { events, total } = await app.securityLog.list(
        { types: tipo, userId: utente, from: dal, to: al },
        { limit, offset },
      );
      reply.header('x-total-count', total);
      return events;
    },
  );
  return Promise.resolve();
};

export default securityLogRoutes;
