import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { hashOfKey, mediaUrlFor } from './media-urls.js';
import {
  deleteImageUploadedBefore,
  findKnownHashes,
  findReferencedUrls,
  listImagesUploadedBefore,
} from './media.repository.js';
import type { MediaStorage } from './storage/media-storage.js';

/** An upload no part uses is kept this long: the form that will save it may still be open. */
export const UNUSED_UPLOAD_GRACE_MS = 24 * 60 * 60 * 1000;
/** Scratch files older than this belong to no upload in progress. */
export const TEMP_FILE_MAX_AGE_MS = 60 * 60 * 1000;
const BATCH = 200;

export interface MediaCleanupDeps {
  db: Kysely<Database>;
  storage: MediaStorage;
  log: FastifyBaseLogger;
  /** Base of absolute URLs (PUBLIC_URL): a part may store `<publicUrl>/media/<name>`. */
  publicUrl: string;
}

/** What one cleanup run removed. */
export interface MediaCleanupReport {
  /** Uploads (display image + thumbnail) no part refers to, past their grace period. */
  removedImages: number;
  /** Stored files without a record (left by a crash between storing and recording). */
  removedStrayFiles: number;
  /** Abandoned scratch files. */
  removedTempFiles: number;
}

/**
 * Removes images no part refers to any more (part deleted, photo replaced, upload never saved),
 * once their last upload is older than the grace period. An image still referenced by
 * `parts.url_immagine` is never removed, whatever its age.
 */
export async function cleanupMedia(
  deps: MediaCleanupDeps,
  now: Date = new Date(),
): Promise<MediaCleanupReport> {
  const { db, storage, log } = deps;
  const before = new Date(now.getTime() - UNUSED_UPLOAD_GRACE_MS);
  const report: MediaCleanupReport = { removedImages: 0, removedStrayFiles: 0, removedTempFiles: 0 };

  let after: { lastUploadedAt: string; hash: string } | null = null;
  for (;;) {
    const batch = await listImagesUploadedBefore(db, before.toISOString(), after, BATCH);
    const last = batch.at(-1);
    if (!last) break;
    after = { lastUploadedAt: last.lastUploadedAt, hash: last.hash };
    const urlsOf = (key: string) => [mediaUrlFor(key), `${deps.publicUrl}${mediaUrlFor(key)}`];
    const referenced = await findReferencedUrls(
      db,
      batch.flatMap((image) => urlsOf(image.displayKey)),
    );
    for (const image of batch) {
      if (urlsOf(image.displayKey).some((url) => referenced.has(url))) continue;
      // The row goes first and only if still stale: a re-upload in between keeps the files.
      if (!(await deleteImageUploadedBefore(db, image.hash, before.toISOString()))) continue;
      await storage.delete(image.displayKey);
      await storage.delete(image.thumbnailKey);
      report.removedImages += 1;
      log.info({ hash: image.hash, lastUploadedAt: image.lastUploadedAt }, 'unused image removed');
    }
  }

  report.removedStrayFiles = await removeStrayFiles(deps, before);
  report.removedTempFiles = await storage.purgeTempFiles(new Date(now.getTime() - TEMP_FILE_MAX_AGE_MS));
  if (report.removedStrayFiles > 0 || report.removedTempFiles > 0) {
    log.info(report, 'media cleanup removed leftover files');
  }
  return report;
}

/** Files older than `before` whose hash has no row: nobody can reference them. */
async function removeStrayFiles(deps: MediaCleanupDeps, before: Date): Promise<number> {
  let removed = 0;
  let pending: { key: string; hash: string }[] = [];
  const flush = async () => {
    const known = await findKnownHashes(deps.db, [...new Set(pending.map((file) => file.hash))]);
    for (const file of pending) {
      if (known.has(file.hash)) continue;
      await deps.storage.delete(file.key);
      removed += 1;
      deps.log.info({ key: file.key }, 'stray media file removed');
    }
    pending = [];
  };
  for await (const object of deps.storage.list()) {
    const hash = hashOfKey(object.key);
    if (hash === null || object.lastModified >= before) continue;
    pending.push({ key: object.key, hash });
    if (pending.length >= BATCH) await flush();
  }
  await flush();
  return removed;
}
