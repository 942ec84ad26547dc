import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { TransformOptions } from 'node:stream';
import zlib from 'node:zlib';
import { Header } from 'tar';
import type { ArchiveFile } from './archive-format.js';

const BLOCK = 512;
/** Read size when copying a staged file into the archive. */
const COPY_CHUNK = 256 * 1024;
/**
 * zlib's buffers: large enough to take a whole photo in one write, one trip to the thread pool
 * (with zlib's default 16 kB a photo took several, one after the other).
 */
const ZLIB_CHUNK = 1024 * 1024;

/** Makes a folder's entries (the rename of the finished archive) durable. */
async function syncFolder(folder: string): Promise<void> {
  const handle = await fsp.open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** One gzip member being written, at one compression level. */
interface Member {
  gzip: zlib.Gzip;
  level: number;
  /** Resolves once all its compressed bytes went to the file. */
  ended: Promise<void>;
}

/**
 * A tar.gz written entry by entry, streaming: plain files only, ustar headers (node-tar's
 * `Header`), owner root, mode 0600 (the archive holds password hashes). It is written under a
 * temporary name beside the target and renamed over it only once whole and synced, so an
 * interrupted backup never leaves a file that looks like a finished archive, and a previous
 * archive of the same name stays whole until the new one replaces it.
 *
 * Stored photos are compressed already (WebP): deflating them costs seconds of CPU and saves
 * nothing, so they are stored (level 0) and the tables deflated. The gzip file is then several
 * members one after the other, one per run of entries at one level, which gunzip, tar and
 * Node's zlib read as one stream (RFC 1952; zlib's params() would not switch to level 0).
 */
export class ArchiveWriter {
  private member: Member | undefined;

  private constructor(
    private readonly target: string,
    private readonly partial: string,
    private readonly file: fs.WriteStream,
    /** Rejects when writing the file fails. */
    private readonly fileFailed: Promise<never>,
    private readonly mtime: Date,
  ) {}

  /** Starts the archive that will become `target`; entries carry `mtime`. */
  static async create(target: string, mtime: Date): Promise<ArchiveWriter> {
    const partial = path.join(
      path.dirname(target),
      `.${path.basename(target)}.${randomBytes(4).toString('hex')}.partial`,
    );
    const file = fs.createWriteStream(partial, { flags: 'wx', mode: 0o600 });
    const fileFailed = new Promise<never>((_resolve, reject) => file.once('error', reject));
    // Surfaces through the waits below; this only keeps a failure meanwhile from being unhandled.
    fileFailed.catch(() => undefined);
    await Promise.race([once(file, 'open'), fileFailed]);
    return new ArchiveWriter(target, partial, file, fileFailed, mtime);
  }

  /** The member at `level`, ending the current one first if it has another level. */
  private async memberAt(level: number): Promise<Member> {
    if (this.member?.level === level) return this.member;
    await this.endMember();
    // A zlib stream is a Transform: it takes the stream options too (@types/node lists zlib's).
    const options: zlib.ZlibOptions & TransformOptions = {
      level,
      chunkSize: ZLIB_CHUNK,
      highWaterMark: ZLIB_CHUNK,
    };
    const gzip = zlib.createGzip(options);
    gzip.pipe(this.file, { end: false });
    const ended = Promise.race([once(gzip, 'end').then(() => undefined), this.fileFailed]);
    ended.catch(() => undefined);
    this.member = { gzip, level, ended };
    return this.member;
  }

  private async endMember(): Promise<void> {
    const member = this.member;
    if (!member) return;
    this.member = undefined;
    member.gzip.end();
    await member.ended;
  }

  private async write(chunk: Buffer, level: number): Promise<void> {
    const { gzip, ended } = await this.memberAt(level);
    if (!gzip.write(chunk)) await Promise.race([once(gzip, 'drain'), ended]);
  }

  private header(name: string, size: number): Buffer {
    const header = new Header({
      path: name,
      mode: 0o600,
      uid: 0,
      gid: 0,
      uname: '',
      gname: '',
      size,
      mtime: this.mtime,
      type: 'File',
    });
    header.encode();
    // Names are short and ASCII (archive-format.ts); a pax header is never needed.
    if (header.needPax || !header.block) throw new Error(`Archive entry name too long: ${name}`);
    return header.block;
  }

  /** Zeros from the end of a file of `size` bytes to the next block. */
  private padding(size: number): Buffer {
    return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
  }

  /** Adds a file held in memory (a photo, the manifest); `compress: false` for compressed bytes. */
  async addBuffer(name: string, data: Buffer, { compress = true } = {}): Promise<ArchiveFile> {
    const level = compress ? zlib.constants.Z_DEFAULT_COMPRESSION : zlib.constants.Z_NO_COMPRESSION;
    // One write: each is a trip to zlib's thread, and photos are many and small.
    await this.write(Buffer.concat([this.header(name, data.length), data, this.padding(data.length)]), level);
    return { bytes: data.length, sha256: createHash('sha256').update(data).digest('hex') };
  }

  /** Adds a file from disk (a staged table), compressed, checking it did not change size on the way. */
  async addFile(name: string, source: string): Promise<ArchiveFile> {
    const level = zlib.constants.Z_DEFAULT_COMPRESSION;
    const handle = await fsp.open(source, 'r');
    try {
      const { size } = await handle.stat();
      await this.write(this.header(name, size), level);
      const hash = createHash('sha256');
      const buffer = Buffer.alloc(COPY_CHUNK);
      let copied = 0;
      for (;;) {
        const { bytesRead } = await handle.read(buffer, 0, COPY_CHUNK, copied);
        if (bytesRead === 0) break;
        // A copy: the buffer is reused while zlib may still hold the previous chunk.
        const chunk = Buffer.from(buffer.subarray(0, bytesRead));
        hash.update(chunk);
        await this.write(chunk, level);
        copied += bytesRead;
      }
      if (copied !== size) throw new Error(`${source} changed while it was archived`);
      await this.write(this.padding(size), level);
      return { bytes: size, sha256: hash.digest('hex') };
    } finally {
      await handle.close();
    }
  }

  /** Ends the archive, syncs it and renames it to its target; returns its size in bytes. */
  async finish(): Promise<number> {
    // The end-of-archive marker: two empty blocks.
    await this.write(Buffer.alloc(2 * BLOCK), zlib.constants.Z_DEFAULT_COMPRESSION);
    await this.endMember();
    this.file.end();
    await Promise.race([once(this.file, 'close'), this.fileFailed]);
    const handle = await fsp.open(this.partial, 'r+');
    let size: number;
    try {
      await handle.sync();
      size = (await handle.stat()).size;
    } finally {
      await handle.close();
    }
    await fsp.rename(this.partial, this.target);
    await syncFolder(path.dirname(this.target));
    return size;
  }

  /** Gives up: the partial file is removed, the target left as it was. */
  async abort(): Promise<void> {
    this.member?.gzip.destroy();
    this.member = undefined;
    if (!this.file.closed) {
      this.file.destroy();
      await once(this.file, 'close').catch(() => undefined);
    }
    await fsp.rm(this.partial, { force: true });
  }
}
