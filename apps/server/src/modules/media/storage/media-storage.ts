import type { Readable, Writable } from 'node:stream';

/** A stored object as listed by the storage. */
export interface StoredObjectInfo {
  key: string;
  size: number;
  lastModified: Date;
}

/** A stored object opened for reading. */
export interface StoredObject {
  body: Readable;
  size: number;
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
 * Where images live. Keys are flat names (`<hash>.webp`); how they map to files, folders or
 * object-store keys is the implementation's business. `LocalMediaStorage` keeps them under
 * `DATA_DIR/media`; an S3-compatible implementation can replace it without touching callers.
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
  /** Opens an object for streaming; null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Deletes an object; deleting a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored object (not the scratch files), in no particular order. */
  list(): AsyncIterable<StoredObjectInfo>;
  /** Resolves when objects can be written and read now; rejects with the cause otherwise. */
  checkReady(): Promise<void>;
}
