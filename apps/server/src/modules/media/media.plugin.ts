import fp from 'fastify-plugin';
import { createMediaService, createMediaStorage } from './media.factory.js';
import { serveRoutes, uploadRoutes } from './media.routes.js';
import type { MediaService } from './media.service.js';
import type { MediaStorage } from './storage/media-storage.js';

/** How often unused images are looked for (also once at start). */
export const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Stored images: upload, storage, cleanup, and the registry of modules that use images. */
    media: MediaService;
  }
}

/**
 * The media module: `app.media` over the given storage (else MEDIA_STORAGE's), the upload
 * route at POST /api/componenti/upload (session required), GET /media/<name> (public), and the
 * cleanup of unused images at start and every hour. Modules whose records use images register
 * with `app.media.registerImageOwner` (and name 'media' among their dependencies).
 */
export default fp<{ storage?: MediaStorage }>(
  async (app, options) => {
    const storage = options.storage ?? (await createMediaStorage(app.config));
    // A storage given by the caller is the caller's to close; the configured one is closed here.
    if (!options.storage) {
      app.addHook('onClose', (_instance, done) => {
        storage.close?.();
        done();
      });
    }
    const media = await createMediaService({
      config: app.config,
      db: app.db,
      clock: app.clock,
      log: app.log.child({ module: 'media' }),
      storage,
    });
    app.decorate('media', media);
    // Ready only while photos can be stored and read (GET /api/health/ready).
    app.health.addReadinessCheck('media', () => media.storage.checkReady());

    const scheduled = () => {
      media.cleanup().catch((error: unknown) => app.log.error({ err: error }, 'media cleanup failed'));
    };
    let timer: NodeJS.Timeout | undefined;
    // On ready: every owner has registered by then.
    app.addHook('onReady', (done) => {
      scheduled();
      timer = setInterval(scheduled, CLEANUP_INTERVAL_MS);
      timer.unref();
      done();
    });
    // Before the database closes: stop the timer and let a run in progress finish.
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await media.idle();
    });

    await app.register(uploadRoutes, { prefix: '/api/componenti' });
    await app.register(serveRoutes);
  },
  { name: 'media', dependencies: ['config', 'clock', 'database', 'accounts', 'health'] },
);
