import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of /api/componenti, all behind the session guard. (Filled in by the parts module.) */
const partsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireSession);
};

export default partsRoutes;
