import type { Readable, Writable } from 'node:stream';
import type { ByteRange, ResolvedByteRange } from './byte-range.js';

export type { ByteRange, ResolvedByteRange } from './byte-range.js';
export { RangeNotSatisfiableError } from './byte-range.js';

/** A stored object as listed by the storage. */
export interface StoredObjectInfo {
  key: string;
  size: number;
  lastModified: Date;
}

/** A stored object opened for reading, whole or in part. */
export interface StoredObject {
  /** The object's bytes, or only those of `range` when one was asked. */
  body: Readable;
  /** Size of the whole object, whatever `body` holds. */
  size: number;
  /** The bytes `body` holds when a range was asked (first and last, inclusive); unset: all of them. */
  range?: ResolvedByteRange;
}

/**
 * Scratch space for one upload while it is received and decoded. It is a local file in every
 * implementation (image decoders read local bytes), owned by whoever created it: call `remove()`.
 */
export interface TempFile {
  /** Where the upload is written. */
  readonly stream: Writable;
  /** Local path of the scratch file, for the image decoder only; never stored or shown. */
  readonly localPath: string;
  /** Deletes the scratch file; safe to call twice, and whether or not it was written. */
  remove(): Promise<void>;
}

/**
 * The storage cannot be reached or refused the operation (an object store down, timing out,
 * denying access, its bucket missing). The message names the storage and the operation; the
 * cause is the client's own error. Callers answer 503: the request itself was fine.
 */
export class StorageUnavailableError extends Error {
  override name = 'StorageUnavailableError';
}

/**
 * Where images live. Keys are flat names (`<hash>.webp`, checked by `media-keys.ts`: every
 * implementation refuses anything else with an Error); how they map to files, folders or
 * object-store keys is the implementation's business. `LocalMediaStorage` keeps them under
 * `DATA_DIR/media`, `S3MediaStorage` in an S3-compatible bucket; callers do not know which.
 */
export interface MediaStorage {
  /** Creates an empty scratch file for an incoming upload. */
  createTempFile(): Promise<TempFile>;
  /** Removes scratch files older than `olderThan` left behind by a crash; returns how many. */
  purgeTempFiles(olderThan: Date): Promise<number>;
  /** Stores `data` under `key` atomically (readers see the old object or the whole new one). */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** True when an object is stored under `key`. */
  exists(key: string): Promise<boolean>;
  /**
   * Opens an object for streaming, whole or only `range` of it; null when there is none. Rejects
   * with RangeNotSatisfiableError (carrying the object's size) when the range selects no byte.
   */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** Deletes an object; deleting a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored object (not the scratch files), in no particular order. */
  list(): AsyncIterable<StoredObjectInfo>;
  /** Resolves when objects can be written and read now; rejects with the cause otherwise. */
  checkReady(): Promise<void>;
  /** Releases what the storage holds open (an object store's connections); it is not used afterwards. */
  close?(): void;
}
