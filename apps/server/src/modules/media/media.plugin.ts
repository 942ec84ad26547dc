import path from 'node:path';
import fp from 'fastify-plugin';
import { configureImageLibrary, ImageProcessor } from './image-processor.js';
import { cleanupMedia, type MediaCleanupReport } from './media-cleanup.js';
import { serveRoutes, uploadRoutes } from './media.routes.js';
import { MediaService } from './media.service.js';
import { LocalMediaStorage } from './storage/local-media-storage.js';
import type { MediaStorage } from './storage/media-storage.js';

/** How often unused images are looked for (also once at start). */
export const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/** The media module as the app sees it. */
export interface MediaModule {
  storage: MediaStorage;
  service: MediaService;
  /** Runs the cleanup now (after any run in progress); `now` lets tests move the clock. */
  cleanup(now?: Date): Promise<MediaCleanupReport>;
}

declare module 'fastify' {
  interface FastifyInstance {
    media: MediaModule;
  }
}

/**
 * Wires the media module: storage under DATA_DIR/media, the upload route at
 * POST /api/componenti/upload (session required), GET /media/<name> (public), and the cleanup
 * of unused images at start and every hour.
 */
export default fp(
  async (app) => {
    configureImageLibrary();
    const storage: MediaStorage = new LocalMediaStorage(path.join(app.config.dataDir, 'media'));
    const service = new MediaService({
      db: app.db,
      storage,
      processor: new ImageProcessor(),
      maxUploadBytes: app.config.maxUploadBytes,
      log: app.log.child({ module: 'media' }),
    });
    const cleanupDeps = {
      db: app.db,
      storage,
      log: app.log.child({ module: 'media-cleanup' }),
      publicUrl: app.config.publicUrl,
    };
    // Runs one after another: the timer and a test (or two timers) never overlap.
    let last: Promise<unknown> = Promise.resolve();
    const cleanup = (now?: Date) => {
      const run = last.catch(() => undefined).then(() => cleanupMedia(cleanupDeps, now));
      last = run;
      return run;
    };
    const scheduled = () => {
      cleanup().catch((error: unknown) => cleanupDeps.log.error({ err: error }, 'media cleanup failed'));
    };
    app.decorate('media', { storage, service, cleanup });

    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      scheduled();
      timer = setInterval(scheduled, CLEANUP_INTERVAL_MS);
      timer.unref();
    });
    // Before the database closes: stop the timer and let a run in progress finish.
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await last.catch(() => undefined);
    });

    await app.register(uploadRoutes, { prefix: '/api/componenti' });
    await app.register(serveRoutes);
  },
  { name: 'media', dependencies: ['config', 'database', 'auth-guard'] },
);
