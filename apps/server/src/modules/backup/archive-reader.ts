import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { Header } from 'tar';
import { backupErrors } from './backup.errors.js';

const BLOCK = 512;
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);
/** Largest piece of an entry's body handed out at once. */
const MAX_CHUNK = 256 * 1024;

/** One file of the archive; read its body before asking for the next entry (or it is skipped). */
export interface ArchiveEntry {
  name: string;
  size: number;
  body: AsyncIterable<Buffer>;
}

/** The decompressed bytes of the archive, read a piece at a time, zlib errors made readable. */
class ByteReader {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private ended = false;

  constructor(private readonly source: AsyncIterator<Buffer>) {}

  private async fill(): Promise<boolean> {
    if (this.ended) return false;
    let next: IteratorResult<Buffer>;
    try {
      next = await this.source.next();
    } catch (error) {
      // A zlib error (Z_BUF_ERROR, Z_DATA_ERROR): the compressed stream is cut short or altered.
      // File errors pass as they are.
      const code = (error as { code?: unknown } | null)?.code;
      if (typeof code === 'string' && code.startsWith('Z_')) throw backupErrors.truncatedArchive();
      throw error;
    }
    if (next.done) {
      this.ended = true;
      return false;
    }
    this.pending.push(next.value);
    this.pendingBytes += next.value.length;
    return true;
  }

  /** Exactly `size` bytes, or fewer only where the input ends. */
  async readExactly(size: number): Promise<Buffer> {
    while (this.pendingBytes < size && (await this.fill()));
    const all =
      this.pending.length === 1 ? (this.pending[0] ?? Buffer.alloc(0)) : Buffer.concat(this.pending);
    const taken = all.subarray(0, size);
    const rest = all.subarray(taken.length);
    this.pending = rest.length > 0 ? [rest] : [];
    this.pendingBytes = rest.length;
    return taken;
  }

  /** Up to `max` bytes (at least one unless the input has ended), without copying. */
  async readSome(max: number): Promise<Buffer> {
    if (this.pendingBytes === 0) await this.fill();
    const first = this.pending[0];
    if (!first) return Buffer.alloc(0);
    const taken = first.subarray(0, max);
    if (taken.length === first.length) this.pending.shift();
    else this.pending[0] = first.subarray(taken.length);
    this.pendingBytes -= taken.length;
    return taken;
  }
}

/** Refuses early what is not a gzip file at all, with a clearer message than zlib's. */
async function checkGzip(file: string): Promise<void> {
  let handle: fsp.FileHandle;
  try {
    handle = await fsp.open(file, 'r');
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') throw backupErrors.archiveMissing(file);
    throw error;
  }
  try {
    const head = Buffer.alloc(GZIP_MAGIC.length);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    if (bytesRead < head.length || !head.equals(GZIP_MAGIC)) throw backupErrors.notAnArchive(file);
  } finally {
    await handle.close();
  }
}

/**
 * The files of a backup archive (tar.gz), in order, streaming: the archives this module writes
 * (plain files, ustar headers). Folder entries, which a hand-made tar adds, are skipped; links
 * and devices are refused. Each body must be read (or left) before the next entry is asked
 * for; the rest of a body is skipped. A cut or altered archive ends in a BackupError.
 */
export async function* readArchive(file: string): AsyncGenerator<ArchiveEntry> {
  await checkGzip(file);
  const gunzip = zlib.createGunzip();
  // A read error destroys gunzip with it, which ends the iteration below with that error.
  pipeline(fs.createReadStream(file), gunzip).catch(() => undefined);
  const reader = new ByteReader(gunzip[Symbol.asyncIterator]() as AsyncIterator<Buffer>);
  try {
    for (;;) {
      const block = await reader.readExactly(BLOCK);
      if (block.length < BLOCK)
        throw backupErrors.badTar('l’archivio finisce a metà (manca la sua chiusura)');
      const header = new Header(block);
      if (header.nullBlock) {
        // Read to the end of the gzip stream, so that a cut or altered end of it is noticed too.
        while ((await reader.readSome(MAX_CHUNK)).length > 0);
        return;
      }
      if (!header.cksumValid) throw backupErrors.badTar('un’intestazione tar non è valida');
      const size = header.size ?? 0;
      const name = header.path ?? '';
      const padded = Math.ceil(size / BLOCK) * BLOCK;
      let remaining = size;
      const body = async function* (): AsyncGenerator<Buffer> {
        while (remaining > 0) {
          const chunk = await reader.readSome(Math.min(remaining, MAX_CHUNK));
          if (chunk.length === 0) throw backupErrors.badTar(`il file ${name} è troncato`);
          remaining -= chunk.length;
          yield chunk;
        }
      };
      if (header.type === 'File' || header.type === 'OldFile') {
        yield { name, size, body: body() };
      } else if (header.type !== 'Directory') {
        throw backupErrors.unexpectedEntry(name);
      }
      // Whatever the consumer did not read, then the padding to the next block.
      for await (const _chunk of body()) {
        // skipped
      }
      const padding = await reader.readExactly(padded - size);
      if (padding.length < padded - size) throw backupErrors.badTar(`il file ${name} è troncato`);
    }
  } finally {
    gunzip.destroy();
  }
}

/** The whole body of an entry, refusing one past `limit` bytes (a manifest, a photo). */
export async function readWhole(entry: ArchiveEntry, limit: number): Promise<Buffer> {
  if (entry.size > limit) throw backupErrors.badTar(`il file ${entry.name} è troppo grande`);
  const chunks: Buffer[] = [];
  for await (const chunk of entry.body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The lines of a body (newline-separated UTF-8), the last one without its newline. */
export async function* readLines(body: AsyncIterable<Buffer>): AsyncGenerator<string> {
  let carry: Buffer = Buffer.alloc(0);
  for await (const chunk of body) {
    let data = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
    // A newline byte never occurs inside a multi-byte UTF-8 character: splitting bytes is safe.
    for (let end = data.indexOf(0x0a); end !== -1; end = data.indexOf(0x0a)) {
      yield data.subarray(0, end).toString('utf8');
      data = data.subarray(end + 1);
    }
    carry = data;
  }
  if (carry.length > 0) yield carry.toString('utf8');
}
