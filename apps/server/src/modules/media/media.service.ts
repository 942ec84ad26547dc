import { createHash } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { UploadResult } from '@magazzino/contract';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, errors } from '../../lib/errors.js';
import type { ImageProcessor } from './image-processor.js';
import { SNIFF_BYTES, sniffImageFormat } from './image-type.js';
import { cleanupMedia, type ImageOwner, type MediaCleanupReport } from './media-cleanup.js';
import { displayKeyFor, hashOfPreviewKey, mediaUrlFor, thumbnailKeyFor } from './media-urls.js';
import { findImage, insertImage, touchImage, type StoredImage } from './media.repository.js';
import {
  StorageUnavailableError,
  type ByteRange,
  type MediaStorage,
  type StoredObject,
  type TempFile,
} from './storage/media-storage.js';

/** An uploaded file as it arrives: its bytes, and whether they were cut at the size limit. */
export interface IncomingFile {
  stream: Readable;
  truncated(): boolean;
}

export interface MediaServiceDeps {
  db: Kysely<Database>;
  storage: MediaStorage;
  processor: ImageProcessor;
  /** Largest upload accepted; the multipart parser must stop reading the file there. */
  maxUploadBytes: number;
  log: FastifyBaseLogger;
  clock: Clock;
  /** Base of absolute image URLs (PUBLIC_URL), which records may store too. */
  publicUrl: string;
}

/** An image stored by `store`, and whether this call stored it (false: the same bytes already were). */
export interface StoredUpload {
  result: UploadResult;
  created: boolean;
}

interface Received {
  hash: string;
  bytes: number;
  head: Buffer;
}

function isFileSystemError(error: unknown): boolean {
  return typeof (error as { syscall?: unknown } | null)?.syscall === 'string';
}

/** "10", "0,5": a byte limit in megabytes, the Italian way. */
function formatMegabytes(bytes: number): string {
  return new Intl.NumberFormat('it-IT', { maximumFractionDigits: 1 }).format(bytes / (1024 * 1024));
}

/** `error`, or a 503 saying whether the photo was kept when it is the storage being down. */
function clientErrorOf(error: unknown, action: 'save' | 'read'): unknown {
  return error instanceof StorageUnavailableError ? errors.photoStorageUnavailable(action, error) : error;
}

function toUploadResult(image: StoredImage): UploadResult {
  return {
    secure_url: mediaUrlFor(image.displayKey),
    thumbnail_url: mediaUrlFor(image.thumbnailKey),
    width: image.width,
    height: image.height,
    bytes: image.bytes,
    format: image.format,
  };
}

/**
 * Stored images. The upload receives the file into scratch space while hashing it, recognises it
 * by content, refuses bombs from the header, then stores a display image and a thumbnail named
 * after the hash (the same bytes uploaded again reuse what is stored). The cleanup removes the
 * images no registered owner uses any more.
 */
export class MediaService {
  private readonly owners: ImageOwner[] = [];
  /** Previews being made, by key: requests arriving meanwhile wait for the same one. */
  private readonly previewsInProgress = new Map<string, Promise<void>>();
  private readonly cleanupLog: FastifyBaseLogger;
  private lastCleanup: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: MediaServiceDeps) {
    this.cleanupLog = deps.log.child({ module: 'media-cleanup' });
  }

  /** Where the images are kept (the serving route reads from it). */
  get storage(): MediaStorage {
    return this.deps.storage;
  }

  /** Adds a module whose records use images: the cleanup asks it before removing any. */
  registerImageOwner(owner: ImageOwner): void {
    this.owners.push(owner);
  }

  /** Runs the cleanup now, after any run in progress: runs never overlap. */
  cleanup(): Promise<MediaCleanupReport> {
    const { db, storage, clock, publicUrl } = this.deps;
    const deps = { db, storage, clock, publicUrl, log: this.cleanupLog, owners: this.owners };
    const run = this.lastCleanup.catch(() => undefined).then(() => cleanupMedia(deps));
    this.lastCleanup = run;
    return run;
  }

  /** Resolves once a cleanup in progress has finished (before the database closes). */
  async idle(): Promise<void> {
    await this.lastCleanup.catch(() => undefined);
  }

  /** True when an object is stored under `key` (already checked against MEDIA_NAME). */
  async isStored(key: string): Promise<boolean> {
    try {
      return await this.deps.storage.exists(key);
    } catch (error) {
      throw clientErrorOf(error, 'read');
    }
  }

  /**
   * Opens a stored object by name (already checked against MEDIA_NAME), whole or only `range` of
   * it; null when there is none. A range past the end rejects with RangeNotSatisfiableError.
   * A preview (`<hash>-640.webp`) missing while its display image is stored is made now and kept:
   * images stored before previews existed get one on first view, and an upload stays two encodes.
   */
  async open(key: string, range?: ByteRange): Promise<StoredObject | null> {
    const { storage } = this.deps;
    try {
      const stored = await storage.get(key, range);
      const hash = hashOfPreviewKey(key);
      if (stored || hash === null) return stored;
      let making = this.previewsInProgress.get(key);
      if (!making) {
        making = this.makePreview(hash, key).finally(() => this.previewsInProgress.delete(key));
        this.previewsInProgress.set(key, making);
      }
      await making;
      return await storage.get(key, range);
    } catch (error) {
      throw clientErrorOf(error, 'read');
    }
  }

  private async makePreview(hash: string, key: string): Promise<void> {
    const display = await this.deps.storage.get(displayKeyFor(hash));
    if (!display) return;
    const chunks: Buffer[] = [];
    for await (const chunk of display.body) chunks.push(chunk as Buffer);
    const started = performance.now();
    const preview = await this.deps.processor.renderPreview(Buffer.concat(chunks));
    await this.deps.storage.put(key, preview.data, 'image/webp');
    this.deps.log.info(
      {
        hash,
        width: preview.width,
        height: preview.height,
        bytes: preview.data.length,
        ms: Math.round(performance.now() - started),
      },
      'image preview stored',
    );
  }

  /** Stores an uploaded image (or finds it already stored) and returns its URLs. */
  async upload(file: IncomingFile, uploadedBy: string | null): Promise<UploadResult> {
    return (await this.ingest(file, uploadedBy)).result;
  }

  /**
   * Stores an image held in memory (made or imported by a command-line tool) exactly as an
   * upload of the same bytes: recognised by content, checked, rotated, stripped of metadata,
   * re-encoded, named by hash and recorded; the same bytes again reuse what is stored.
   */
  store(data: Buffer, uploadedBy: string | null): Promise<StoredUpload> {
    return this.ingest({ stream: Readable.from([data]), truncated: () => false }, uploadedBy);
  }

  private async ingest(file: IncomingFile, uploadedBy: string | null): Promise<StoredUpload> {
    const temp = await this.deps.storage.createTempFile();
    try {
      const received = await this.receive(file, temp);
      const sniffed = sniffImageFormat(received.head);
      if (!sniffed) throw errors.unsupportedImage();

      const stored = await this.reuse(received.hash);
      if (stored) return { result: toUploadResult(stored), created: false };

      const started = performance.now();
      const info = await this.deps.processor.inspect(temp.localPath, sniffed);
      const { display, thumbnail } = await this.deps.processor.render(temp.localPath);
      const displayKey = displayKeyFor(received.hash);
      const thumbnailKey = thumbnailKeyFor(received.hash);
      // Both objects are stored before the row is written: a failed put (the storage down) leaves
      // no row pointing at a missing object. An object stored without its row is a stray file for
      // the cleanup; it is not deleted here, as a concurrent upload of the same bytes may use it.
      await this.deps.storage.put(displayKey, display.data, 'image/webp');
      await this.deps.storage.put(thumbnailKey, thumbnail.data, 'image/webp');
      const at = this.deps.clock.now().toISOString();
      const image: StoredImage = {
        hash: received.hash,
        displayKey,
        thumbnailKey,
        sourceFormat: info.format,
        sourceBytes: received.bytes,
        format: display.format,
        width: display.width,
        height: display.height,
        bytes: display.data.length,
        thumbnailWidth: thumbnail.width,
        thumbnailHeight: thumbnail.height,
        thumbnailBytes: thumbnail.data.length,
        uploadedBy,
        createdAt: at,
        lastUploadedAt: at,
      };
      // A concurrent upload of the same bytes may have recorded it first: same files, same row.
      const created = await insertImage(this.deps.db, image);
      if (!created) await touchImage(this.deps.db, image.hash, at);
      this.deps.log.info(
        {
          hash: image.hash,
          source: { format: info.format, width: info.width, height: info.height, bytes: received.bytes },
          display: { width: image.width, height: image.height, bytes: image.bytes },
          thumbnailBytes: image.thumbnailBytes,
          ms: Math.round(performance.now() - started),
        },
        'image stored',
      );
      return { result: toUploadResult(image), created };
    } catch (error) {
      throw clientErrorOf(error, 'save');
    } finally {
      await temp.remove();
    }
  }

  /** Streams the file into scratch space, hashing it and keeping its first bytes for sniffing. */
  private async receive(file: IncomingFile, temp: TempFile): Promise<Received> {
    const { maxUploadBytes } = this.deps;
    const hash = createHash('sha256');
    const head: Buffer[] = [];
    let headLength = 0;
    let bytes = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        bytes += chunk.length;
        // The parser stops at the limit already; this only guards against a misconfigured one.
        if (bytes > maxUploadBytes) return callback(errors.uploadTooLarge(formatMegabytes(maxUploadBytes)));
        hash.update(chunk);
        if (headLength < SNIFF_BYTES) {
          head.push(chunk.subarray(0, SNIFF_BYTES - headLength));
          headLength += Math.min(chunk.length, SNIFF_BYTES - headLength);
        }
        callback(null, chunk);
      },
    });
    try {
      await pipeline(file.stream, meter, temp.stream);
    } catch (error) {
      // Writing the scratch file failed (disk full, permissions): a server fault, logged as one.
      if (error instanceof AppError || isFileSystemError(error)) throw error;
      // Otherwise the client went away or sent broken multipart data.
      throw errors.badRequest('Caricamento non completato: il file è arrivato solo in parte. Riprova.');
    }
    if (file.truncated()) throw errors.uploadTooLarge(formatMegabytes(maxUploadBytes));
    if (bytes === 0) throw errors.uploadMissingFile();
    return { hash: hash.digest('hex'), bytes, head: Buffer.concat(head) };
  }

  /** The stored image for these bytes, with its grace period restarted; null when not (fully) stored. */
  private async reuse(hash: string): Promise<StoredImage | null> {
    const { db, storage } = this.deps;
    const existing = await findImage(db, hash);
    // Touch first: once touched, a cleanup running now cannot take the files away.
    if (!existing || !(await touchImage(db, hash, this.deps.clock.now().toISOString()))) return null;
    const complete =
      (await storage.exists(existing.displayKey)) && (await storage.exists(existing.thumbnailKey));
    return complete ? existing : null;
  }
}
