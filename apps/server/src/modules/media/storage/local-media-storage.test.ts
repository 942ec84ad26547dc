import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocalMediaStorage } from './local-media-storage.js';

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

describe('LocalMediaStorage', () => {
  let root: string;
  let storage: LocalMediaStorage;

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'magazzino-media-'));
    storage = new LocalMediaStorage(path.join(root, 'media'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('puts, reads, lists and deletes objects', async () => {
    await storage.put('abc.webp', Buffer.from('hello'), 'image/webp');
    expect(await storage.exists('abc.webp')).toBe(true);
    const object = await storage.get('abc.webp');
    expect(object?.size).toBe(5);
    expect(object && (await readAll(object.body)).toString()).toBe('hello');

    const listed = [];
    for await (const info of storage.list()) listed.push(info);
    expect(listed).toMatchObject([{ key: 'abc.webp', size: 5 }]);
    expect(listed[0]?.lastModified).toBeInstanceOf(Date);

    await storage.delete('abc.webp');
    await storage.delete('abc.webp');
    expect(await storage.exists('abc.webp')).toBe(false);
    expect(await storage.get('abc.webp')).toBeNull();
  });

  it('replaces an object whole and leaves no scratch file behind', async () => {
    await storage.put('abc.webp', Buffer.from('first'), 'image/webp');
    await storage.put('abc.webp', Buffer.from('second'), 'image/webp');
    const object = await storage.get('abc.webp');
    expect(object && (await readAll(object.body)).toString()).toBe('second');
    expect(fs.readdirSync(path.join(root, 'media', '.tmp'))).toEqual([]);
  });

  it('syncs the photo before naming it, then the folders that name it (a power cut keeps it whole)', async () => {
    const events: string[] = [];
    const where = (file: unknown) => path.relative(root, String(file)).replace(/put-[\w-]+$/, 'put-*');
    const open = fsp.open.bind(fsp);
    vi.spyOn(fsp, 'open').mockImplementation(async (file, flags) => {
      const handle = await open(file, flags);
      const sync = handle.sync.bind(handle);
      vi.spyOn(handle, 'sync').mockImplementation(async () => {
        events.push(`sync ${where(file)}`);
        await sync();
      });
      return handle;
    });
    const rename = fsp.rename.bind(fsp);
    vi.spyOn(fsp, 'rename').mockImplementation(async (from, to) => {
      events.push(`rename ${where(from)} -> ${where(to)}`);
      await rename(from, to);
    });

    await storage.put('abc.webp', Buffer.from('hello'), 'image/webp');
    expect(events).toEqual([
      'sync media/.tmp/put-*',
      'rename media/.tmp/put-* -> media/ab/abc.webp',
      'sync media/ab',
      // The shard folder was new: its entry in the media folder is synced too.
      'sync media',
    ]);
    events.length = 0;
    await storage.put('abd.webp', Buffer.from('again'), 'image/webp');
    expect(events).toEqual([
      'sync media/.tmp/put-*',
      'rename media/.tmp/put-* -> media/ab/abd.webp',
      'sync media/ab',
    ]);
  });

  it.each(['../escape', '..', 'a/b', '.tmp', 'A.webp', '', 'x'.repeat(201)])(
    'refuses the key %j',
    async (key) => {
      await expect(storage.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(/Invalid media key/);
      await expect(storage.get(key)).rejects.toThrow(/Invalid media key/);
    },
  );

  it('removes a scratch file whether or not it was written, and purges old ones', async () => {
    const unused = await storage.createTempFile();
    await unused.remove();
    const written = await storage.createTempFile();
    await new Promise<void>((resolve) => written.stream.end(Buffer.from('data'), resolve));
    expect(fs.readFileSync(written.localPath, 'utf8')).toBe('data');
    expect(await storage.purgeTempFiles(new Date(Date.now() - 60_000))).toBe(0);
    expect(await storage.purgeTempFiles(new Date(Date.now() + 60_000))).toBe(1);
    await written.remove();
    expect(fs.readdirSync(path.join(root, 'media', '.tmp'))).toEqual([]);
  });
});
