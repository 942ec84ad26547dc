import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocalMediaStorage } from './local-media-storage.js';

describe('LocalMediaStorage', () => {
  let root: string;
  let storage: LocalMediaStorage;

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'magazzino-media-'));
    storage = new LocalMediaStorage(path.join(root, 'media'));
  });
  afterEach(() => {
    // The spies on node:fs/promises go with their test, not into the next one (or the next file's).
    vi.restoreAllMocks();
    fs.rmSync(root, { recursive: true, force: true });
  });

  // What every storage does is checked by media-storage.test.ts; here, what only files do.

  it('writes through the scratch folder and leaves nothing there', async () => {
    await storage.put('abc.webp', Buffer.from('first'), 'image/webp');
    await storage.put('abc.webp', Buffer.from('second'), 'image/webp');
    expect(fs.readFileSync(path.join(root, 'media', 'ab', 'abc.webp'), 'utf8')).toBe('second');
    expect(fs.readdirSync(path.join(root, 'media', '.tmp'))).toEqual([]);
  });

  it('lists only the files of its shard folders', async () => {
    await storage.put('abc.webp', Buffer.from('hello'), 'image/webp');
    fs.writeFileSync(path.join(root, 'media', 'README.txt'), 'not a photo');
    fs.writeFileSync(path.join(root, 'media', 'ab', 'Not A Key.webp'), 'not ours');
    fs.mkdirSync(path.join(root, 'media', 'ab', 'abd.webp'));
    fs.writeFileSync(path.join(root, 'media', '.tmp', 'upload-1'), 'scratch');
    const listed = [];
    for await (const info of storage.list()) listed.push(info.key);
    expect(listed).toEqual(['abc.webp']);
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
});
