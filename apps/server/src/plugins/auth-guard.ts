import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The one guard of every data route: an onRequest hook that answers 401 without a valid
     * session. Route groups add it with `app.addHook('onRequest', app.requireSession)`.
     */
    requireSession: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

// Placeholder until the accounts module lands: it lets every request through.
export default fp(
  (app) => {
    app.decorate('requireSession', async () => {});
    return Promise.resolve();
  },
  { name: 'auth-guard' },
);
