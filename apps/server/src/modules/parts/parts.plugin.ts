import fp from 'fastify-plugin';
import partsRoutes from './parts.routes.js';
import { PartsService } from './parts.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The parts of the warehouse: lookups, versions, streaming, bulk loads. */
    parts: PartsService;
  }
}

/**
 * The parts module: `app.parts`, the /api/componenti routes (behind the session guard), and the
 * parts' answer to the media cleanup (which images a part still uses).
 */
export default fp(
  async (app) => {
    const parts = new PartsService(app.db, app.readDb, app.writes, app.clock);
    app.decorate('parts', parts);
    app.media.registerImageOwner({
      name: 'parts',
      referencedUrls: (urls) => parts.referencedImageUrls(urls),
    });
    await app.register(partsRoutes, { prefix: '/api/componenti' });
  },
  { name: 'parts', dependencies: ['clock', 'database', 'accounts', 'media'] },
);
