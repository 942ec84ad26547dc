import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { configureImageLibrary, ImageProcessor } from './image-processor.js';
import { MediaService } from './media.service.js';
import { LocalMediaStorage } from './storage/local-media-storage.js';
import type { MediaStorage } from './storage/media-storage.js';

/** Where the images are kept unless another storage is given: `DATA_DIR/media`. */
export function mediaFolder(dataDir: string): string {
  return path.join(dataDir, 'media');
}

/**
 * The media service as the app builds it (and command-line tools that store images, such as
 * `npm run demo`): the given storage or DATA_DIR/media, libvips set up for a small server.
 */
export function createMediaService(options: {
  config: Pick<Config, 'dataDir' | 'maxUploadBytes' | 'publicUrl'>;
  db: Kysely<Database>;
  clock: Clock;
  log: FastifyBaseLogger;
  storage?: MediaStorage;
}): MediaService {
  const { config, db, clock, log } = options;
  configureImageLibrary();
  return new MediaService({
    db,
    storage: options.storage ?? new LocalMediaStorage(mediaFolder(config.dataDir)),
    processor: new ImageProcessor(),
    maxUploadBytes: config.maxUploadBytes,
    log,
    clock,
    publicUrl: config.publicUrl,
  });
}
