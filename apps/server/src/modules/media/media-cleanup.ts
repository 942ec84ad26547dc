import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { hashOfKey, mediaUrlFor, previewKeyFor } from './media-urls.js';
import { deleteImageUploadedBefore, findKnownHashes, listImagesUploadedBefore } from './media.repository.js';
import type { MediaStorage } from './storage/media-storage.js';

/** An upload no part uses is kept this long: the form that will save it may still be open. */
export const UNUSED_UPLOAD_GRACE_MS = 24 * 60 * 60 * 1000;
/** Scratch files older than this belong to no upload in progress. */
export const TEMP_FILE_MAX_AGE_MS = 60 * 60 * 1000;
const BATCH = 200;

/**
 * A module whose records point at stored images by URL (parts today, donor vehicles tomorrow). It
 * registers with `app.media.registerImageOwner`; the cleanup never removes an image an owner uses.
 */
export interface ImageOwner {
  /** Names the owner in logs. */
  name: string;
  /** Which of `urls` its records use (compared exactly). */
  referencedUrls(urls: readonly string[]): Promise<Set<string>>;
}

export interface MediaCleanupDeps {
  db: Kysely<Database>;
  storage: MediaStorage;
  log: FastifyBaseLogger;
  clock: Clock;
  /** Base of absolute URLs (PUBLIC_URL): a record may store `<publicUrl>/media/<name>`. */
  publicUrl: string;
  /** Every module that may use an image. */
  owners: readonly ImageOwner[];
}

/** What one cleanup run removed. */
export interface MediaCleanupReport {
  /** Uploads (display image, thumbnail, preview) no owner refers to, past their grace period. */
  removedImages: number;
  /** Stored files without a record (left by a crash between storing and recording). */
  removedStrayFiles: number;
  /** Abandoned scratch files. */
  removedTempFiles: number;
}

/** Which of `urls` some owner uses: every owner is asked. */
async function referencedByAnyOwner(owners: readonly ImageOwner[], urls: string[]): Promise<Set<string>> {
  const answers = await Promise.all(owners.map((owner) => owner.referencedUrls(urls)));
  return new Set(answers.flatMap((referenced) => [...referenced]));
}

/**
 * Removes images no owner refers to any more (record deleted, photo replaced, upload never
 * saved), once their last upload is older than the grace period. An image an owner still uses
 * is never removed, whatever its age; with no owner registered no image is removed at all.
 */
export async function cleanupMedia(deps: MediaCleanupDeps): Promise<MediaCleanupReport> {
  const now = deps.clock.now();
  const before = new Date(now.getTime() - UNUSED_UPLOAD_GRACE_MS);
  const report: MediaCleanupReport = { removedImages: 0, removedStrayFiles: 0, removedTempFiles: 0 };
  // Nobody to ask whether an image is used (no module wired): keep them all.
  if (deps.owners.length > 0) report.removedImages = await removeUnusedImages(deps, before);
  report.removedStrayFiles = await removeStrayFiles(deps, before);
  report.removedTempFiles = await deps.storage.purgeTempFiles(new Date(now.getTime() - TEMP_FILE_MAX_AGE_MS));
  if (report.removedStrayFiles > 0 || report.removedTempFiles > 0) {
    deps.log.info(report, 'media cleanup removed leftover files');
  }
  return report;
}

/** Uploads last sent before `before` that no owner uses: row first, then its files (preview too). */
async function removeUnusedImages(deps: MediaCleanupDeps, before: Date): Promise<number> {
  const { db, storage, log } = deps;
  const urlsOf = (key: string) => [mediaUrlFor(key), `${deps.publicUrl}${mediaUrlFor(key)}`];
  let removed = 0;
  let after: { lastUploadedAt: string; hash: string } | null = null;
  for (;;) {
    const batch = await listImagesUploadedBefore(db, before.toISOString(), after, BATCH);
    const last = batch.at(-1);
    if (!last) return removed;
    after = { lastUploadedAt: last.lastUploadedAt, hash: last.hash };
    const referenced = await referencedByAnyOwner(
      deps.owners,
      batch.flatMap((image) => urlsOf(image.displayKey)),
    );
    for (const image of batch) {
      if (urlsOf(image.displayKey).some((url) => referenced.has(url))) continue;
      // The row goes first and only if still stale: a re-upload in between keeps the files.
      if (!(await deleteImageUploadedBefore(db, image.hash, before.toISOString()))) continue;
      await storage.delete(image.displayKey);
      await storage.delete(image.thumbnailKey);
      await storage.delete(previewKeyFor(image.hash));
      removed += 1;
      log.info({ hash: image.hash, lastUploadedAt: image.lastUploadedAt }, 'unused image removed');
    }
  }
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
