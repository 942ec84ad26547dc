import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { TempFile } from './media-storage.js';

/** Name of the scratch folder inside the local media folder (`DATA_DIR/media/.tmp`). */
export const SCRATCH_FOLDER_NAME = '.tmp';

/**
 * A local folder of scratch files: uploads being received and decoded (image decoders read local
 * bytes, whatever the storage), writes being finished. Every storage keeps one; a crash may leave
 * files behind, which `purge` removes once they are old.
 */
export class ScratchFolder {
  constructor(readonly dir: string) {
    fs.mkdirSync(dir, { recursive: true });
  }

  /** A new unique path in the folder (nothing is created): `<prefix>-<uuid>`. */
  newPath(prefix: string): string {
    return path.join(this.dir, `${prefix}-${randomUUID()}`);
  }

  /** An empty scratch file for an incoming upload, removed by its `remove()`. */
  createTempFile(): Promise<TempFile> {
    const localPath = this.newPath('upload');
    const stream = fs.createWriteStream(localPath, { flags: 'wx' });
    // Errors surface through whoever pipes into the stream; this only keeps them from being unhandled.
    stream.on('error', () => {});
    const remove = async () => {
      if (!stream.closed) {
        await new Promise<void>((resolve) => {
          stream.once('close', () => resolve());
          stream.destroy();
        });
      }
      await fsp.rm(localPath, { force: true });
    };
    return Promise.resolve({ stream, localPath, remove });
  }

  /** Removes the files last written before `olderThan`; returns how many. */
  async purge(olderThan: Date): Promise<number> {
    let removed = 0;
    for (const name of await fsp.readdir(this.dir)) {
      const file = path.join(this.dir, name);
      const stat = await fsp.stat(file).catch(() => null);
      if (stat?.isFile() && stat.mtime < olderThan) {
        await fsp.rm(file, { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  /** The folder is there, readable and writable (not a read-only or lost mount). */
  async checkReady(): Promise<void> {
    await fsp.access(this.dir, fs.constants.R_OK | fs.constants.W_OK);
  }
}
