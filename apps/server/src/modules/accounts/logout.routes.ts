import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestOrigin } from './security-log.service.js';
import { clearSessionCookie, readSessionCookie } from './session.cookie.js';
import { logAsUser } from './session.guard.js';

/**
 * POST /api/users/logout, in a scope of its own: the session ends as the request arrives, before
 * any body is read, and any body (none, empty JSON, broken JSON, text) is read and thrown away. A
 * sign-out never fails to end the session because of what came with it.
 */
const logoutRoutes: FastifyPluginAsyncZod = (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => done(null, undefined));

  const endSession = async (request: FastifyRequest, reply: FastifyReply) => {
    const userId = await app.sessions.end(readSessionCookie(request));
    if (userId !== undefined) {
      logAsUser(request, reply, userId);
      await app.securityLog.record({
        type: 'uscita',
        userId,
        actorId: userId,
        origin: requestOrigin(request),
      });
    }
    clearSessionCookie(request, reply);
  };

  app.post(
    '/logout',
    {
      onRequest: endSession,
      schema: {
        tags: ['users'],
        summary: 'Chiude la sessione (anche lato server), qualunque corpo abbia la richiesta',
        response: { 204: z.undefined() },
      },
    },
    (_request, reply) => reply.code(204).send(),
  );
  return Promise.resolve();
};

export default logoutRoutes;
