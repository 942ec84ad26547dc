import {
  ApiErrorSchema,
  SessionIdParamsSchema,
  SessionInfoSchema,
  SessionsEndedSchema,
} from '@magazzino/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../../lib/errors.js';
import { requestOrigin } from './security-log.service.js';
import { clearSessionCookie } from './session.cookie.js';
import { currentSession, currentUser } from './session.guard.js';
import { docs as usersDocs, guarded as usersGuarded, UserIdParamsSchema } from './users.schemas.js';

const docs = { tags: ['sessioni'], security: [{ session: [] }] };
const guarded = { 401: ApiErrorSchema.describe('Sessione assente o scaduta') };
const notFound = ApiErrorSchema.describe('Nessuna sessione aperta con questo identificativo');

/**
 * 'Sessioni attive' (/api/sessioni): the caller's own sessions, each ended from here; ending one
 * deletes it, so its very next request is answered 401. Each ending is recorded in the security
 * log (`sessione_chiusa`).
 */
export const sessionsRoutes: FastifyPluginAsyncZod = (app) => {
  app.addHook('onRequest', app.requireSession);
  const { sessions, securityLog } = app;

  app.get(
    '/',
    {
      config: { permission: 'profile:read' },
      schema: {
        ...docs,
        summary: "Le sessioni aperte dell'utente: dispositivo, indirizzo, ultimo uso, quella corrente",
        response: { 200: z.array(SessionInfoSchema), ...guarded },
      },
    },
    (request) => sessions.list(currentUser(request)._id, currentSession(request).idHash),
  );

  app.delete(
    '/',
    {
      config: { permission: 'profile:write' },
      schema: {
        ...docs,
        summary: 'Chiude tutte le altre sessioni: resta aperta solo questa',
        response: { 200: SessionsEndedSchema, ...guarded },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const chiuse = await sessions.endAllOf(user._id, undefined, currentSession(request).idHash);
      if (chiuse > 0) {
        await securityLog.record({
          type: 'sessione_chiusa',
          userId: user._id,
          actorId: user._id,
          origin: requestOrigin(request),
          details: { sessioniChiuse: chiuse, altre: true },
        });
      }
      return { chiuse };
    },
  );

  app.delete(
    '/:id',
    {
      config: { permission: 'profile:write' },
      schema: {
        ...docs,
        summary: "Chiude una sessione dell'utente (anche questa: equivale a uscire)",
        params: SessionIdParamsSchema,
        response: {
          204: z.null().describe('Sessione chiusa'),
          400: ApiErrorSchema,
          404: notFound,
          ...guarded,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const ended = await endSession(request, user._id, request.params.id);
      // This very session: the browser forgets its cookie, as on a sign-out.
      if (ended === 'current') clearSessionCookie(request, reply);
      return reply.code(204).send(null);
    },
  );

  /** Ends session `publicId` of `userId` and records it; 404 when that user has none such. */
  async function endSession(
    request: FastifyRequest,
    userId: string,
    publicId: string,
  ): Promise<'current' | 'other'> {
    const current = currentSession(request).publicId === publicId;
    if (!(await sessions.endByPublicId(userId, publicId))) throw errors.sessionNotFound();
    await securityLog.record({
      type: 'sessione_chiusa',
      userId,
      actorId: currentUser(request)._id,
      origin: requestOrigin(request),
      details: { sessioniChiuse: 1, corrente: current },
    });
    return current ? 'current' : 'other';
  }
  return Promise.resolve();
};

/**
 * Another account's sessions, for an amministratore on 'Utenti' (`users:manage`), under
 * /api/users/{id}/sessioni: to see where an account is signed in and end a session there.
 */
export const userSessionsRoutes: FastifyPluginAsyncZod = (app) => {
  app.addHook('onRequest', app.requireSession);
  const { sessions, securityLog } = app;
  const config = { permission: 'users:manage' } as const;

  app.get(
    '/:id/sessioni',
    {
      config,
      schema: {
        ...usersDocs,
        summary: "Le sessioni aperte di un account (per l'amministratore)",
        params: UserIdParamsSchema,
        response: { 200: z.array(SessionInfoSchema), ...usersGuarded },
      },
    },
    (request) => sessions.list(request.params.id, currentSession(request).idHash),
  );

  app.delete(
    '/:id/sessioni/:session',
    {
      config,
      schema: {
        ...usersDocs,
        summary: "Chiude una sessione di un account (per l'amministratore)",
        params: UserIdParamsSchema.extend({ session: SessionIdParamsSchema.shape.id }),
        response: {
          204: z.null().describe('Sessione chiusa'),
          400: ApiErrorSchema,
          404: notFound,
          ...usersGuarded,
        },
      },
    },
    async (request, reply) => {
      const { id, session } = request.params;
      if (!(await sessions.endByPublicId(id, session))) throw errors.sessionNotFound();
      await securityLog.record({
        type: 'sessione_chiusa',
        userId: id,
        actorId: currentUser(request)._id,
        origin: requestOrigin(request),
        details: { sessioniChiuse: 1, daAmministratore: true },
      });
      return reply.code(204).send(null);
    },
  );
  return Promise.resolve();
};
