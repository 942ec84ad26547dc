import fp from 'fastify-plugin';
import importsRoutes from './imports.routes.js';
import { ImportsService } from './imports.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Imports of parts from CSV and XLSX files. */
    imports: ImportsService;
  }
}

/** How often old imports are purged and dead jobs marked failed (also once at start). */
export const IMPORTS_PURGE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The imports module: `app.imports`, the /api/importazioni routes (behind the session guard), the
 * hourly purge; closing the app stops the running imports between two batches.
 */
export default fp(
  async (app) => {
    const imports = new ImportsService(
      app.db,
      app.partsBulk,
      app.clock,
      app.log.child({ module: 'imports' }),
    );
    app.decorate('imports', imports);

    const log = app.log.child({ module: 'imports' });
    let running: Promise<unknown> = Promise.resolve();
    const purge = () => {
      running = running.then(async () => {
        try {
          const count = await imports.purge();
          if (count > 0) log.info({ count }, 'imports purged');
        } catch (error) {
          log.error({ err: error }, 'imports purge failed');
        }
      });
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', (done) => {
      purge();
      timer = setInterval(purge, IMPORTS_PURGE_INTERVAL_MS);
      timer.unref();
      done();
    });
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await imports.close();
      await running;
    });

    await app.register(importsRoutes, { prefix: '/api/importazioni' });
  },
  { name: 'imports', dependencies: ['clock', 'database', 'accounts', 'parts'] },
);
