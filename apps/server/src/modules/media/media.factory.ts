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
import { SCRATCH_FOLDER_NAME } from './storage/scratch-folder.js';

/** Where the images are kept with MEDIA_STORAGE=local (the default): `DATA_DIR/media`. */
export function mediaFolder(dataDir: string): string {
  return path.join(dataDir, 'media');
}

/**
 * The storage MEDIA_STORAGE names (unset: local): files under DATA_DIR/media, or an S3-compatible
 * bucket. Both receive uploads in the same local scratch folder, DATA_DIR/media/.tmp. The caller
 * owns it: `close()` it when done. The AWS SDK is loaded only for a bucket: 4.5 MiB of heap and
 * ~110 ms of start-up that a yard keeping its photos on disk does without.
 */
export async function createMediaStorage(
  config: Pick<Config, 'dataDir' | 'mediaStorage'>,
): Promise<MediaStorage> {
  const settings = config.mediaStorage;
  if (settings.kind === 'local') return new LocalMediaStorage(mediaFolder(config.dataDir));
  const [{ createS3Client }, { S3MediaStorage }] = await Promise.all([
    import('./storage/s3-client.js'),
    import('./storage/s3-media-storage.js'),
  ]);
  return new S3MediaStorage({
    client: createS3Client(settings),
    bucket: settings.bucket,
    prefix: settings.prefix,
    scratchDir: path.join(mediaFolder(config.dataDir), SCRATCH_FOLDER_NAME),
  });
}

/**
 * The media service as the app builds it (and command-line tools that store images, such as
 * `npm run demo`): the given storage or the configured one, libvips set up for a small server.
 */
export async function createMediaService(options: {
  config: Pick<Config, 'dataDir' | 'maxUploadBytes' | 'publicUrl' | 'mediaStorage'>;
  db: Kysely<Database>;
  clock: Clock;
  log: FastifyBaseLogger;
  storage?: MediaStorage;
}): Promise<MediaService> {
  const { config, db, clock, log } = options;
  configureImageLibrary();
  return new MediaService({
    db,
    storage: options.storage ?? (await createMediaStorage(config)),
    processor: new ImageProcessor(),
    maxUploadBytes: config.maxUploadBytes,
    log,
    clock,
    publicUrl: config.publicUrl,
  });
}
