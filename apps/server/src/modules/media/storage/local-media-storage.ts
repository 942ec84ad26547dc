import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { resolveByteRange, type ByteRange } from './byte-range.js';
import { assertMediaKey, isMediaKey } from './media-keys.js';
import type { MediaStorage, StoredObject, StoredObjectInfo, TempFile } from './media-storage.js';
import { SCRATCH_FOLDER_NAME, ScratchFolder } from './scratch-folder.js';

const SHARD = /^[a-z0-9]{2}$/;

function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ENOENT';
}

/** Makes a folder's entries (a rename into it, a new sub-folder) durable. */
async function syncFolder(folder: string): Promise<void> {
  const handle = await fsp.open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Images as files under one folder (`DATA_DIR/media`). Objects are spread over sub-folders named
 * after the first two characters of the key, so no folder grows past a few thousand entries;
 * scratch files live in `.tmp/` on the same file system, so finished writes are atomic renames.
 */
export class LocalMediaStorage implements MediaStorage {
  private readonly scratch: ScratchFolder;

  constructor(private readonly root: string) {
    this.scratch = new ScratchFolder(path.join(root, SCRATCH_FOLDER_NAME));
  }

  private pathOf(key: string): string {
    assertMediaKey(key);
    return path.join(this.root, key.slice(0, 2), key);
  }

  createTempFile(): Promise<TempFile> {
    return this.scratch.createTempFile();
  }

  purgeTempFiles(olderThan: Date): Promise<number> {
    return this.scratch.purge(olderThan);
  }

  /**
   * Writes the object whole and durably: the scratch file is synced before the rename, and the
   * folder after it (its parent too when the folder is new), so once `put` returns a power cut
   * leaves the photo whole, and never a name pointing at half a file. Files need no content
   * type: the name says .webp (object stores keep it as metadata).
   */
  async put(key: string, data: Buffer, _contentType: string): Promise<void> {
    const target = this.pathOf(key);
    const folder = path.dirname(target);
    const scratch = this.scratch.newPath('put');
    try {
      const file = await fsp.open(scratch, 'wx');
      try {
        await file.writeFile(data);
        await file.sync();
      } finally {
        await file.close();
      }
      const created = await fsp.mkdir(folder, { recursive: true });
      await fsp.rename(scratch, target);
      await syncFolder(folder);
      if (created !== undefined) await syncFolder(this.root);
    } finally {
      await fsp.rm(scratch, { force: true });
    }
  }

  /** The folder and its scratch folder are there, readable and writable (not a read-only or lost mount). */
  async checkReady(): Promise<void> {
    await fsp.access(this.root, fs.constants.R_OK | fs.constants.W_OK);
    await this.scratch.checkReady();
  }

  async exists(key: string): Promise<boolean> {
    const stat = await fsp.stat(this.pathOf(key)).catch((error: unknown) => {
      if (isNotFound(error)) return null;
      throw error;
    });
    return stat?.isFile() ?? false;
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(this.pathOf(key), 'r');
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
    try {
      const stat = await handle.stat();
      if (!stat.isFile()) {
        await handle.close();
        return null;
      }
      if (!range) return { body: handle.createReadStream(), size: stat.size };
      // Sized from the open file: a replacement renamed in meanwhile cannot shift the range.
      const resolved = resolveByteRange(range, stat.size);
      return { body: handle.createReadStream(resolved), size: stat.size, range: resolved };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }

  async *list(): AsyncIterable<StoredObjectInfo> {
    for (const shard of await fsp.readdir(this.root)) {
      if (!SHARD.test(shard)) continue;
      const dir = path.join(this.root, shard);
      const names = await fsp.readdir(dir).catch(() => []);
      for (const key of names) {
        if (!isMediaKey(key)) continue;
        const stat = await fsp.stat(path.join(dir, key)).catch(() => null);
        if (stat?.isFile()) yield { key, size: stat.size, lastModified: stat.mtime };
      }
    }
  }
}
