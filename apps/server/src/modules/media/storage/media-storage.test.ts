import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../../../test/s3-server.js';
import { LocalMediaStorage } from './local-media-storage.js';
import { RangeNotSatisfiableError, type MediaStorage, type StoredObjectInfo } from './media-storage.js';
import { createS3Client } from './s3-client.js';
import { S3MediaStorage } from './s3-media-storage.js';

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

async function listAll(storage: MediaStorage): Promise<StoredObjectInfo[]> {
  const listed: StoredObjectInfo[] = [];
  for await (const info of storage.list()) listed.push(info);
  return listed.sort((a, b) => (a.key < b.key ? -1 : 1));
}

/** One storage under test, on fresh ground: its scratch folder, and how to put it away. */
interface Subject {
  storage: MediaStorage;
  scratchDir: string;
  close(): Promise<void>;
}

/** How each implementation is set up; the S3 one against a real S3-protocol server on 127.0.0.1. */
interface Implementation {
  name: string;
  setUp?(): Promise<void>;
  tearDown?(): Promise<void>;
  create(root: string): Promise<Subject>;
}

let s3: TestS3Server;

const IMPLEMENTATIONS: Implementation[] = [
  {
    name: 'LocalMediaStorage',
    create: (root) =>
      Promise.resolve({
        storage: new LocalMediaStorage(path.join(root, 'media')),
        scratchDir: path.join(root, 'media', '.tmp'),
        close: () => Promise.resolve(),
      }),
  },
  {
    name: 'S3MediaStorage',
    setUp: async () => {
      s3 = await startS3Server();
    },
    tearDown: () => s3.close(),
    create: async (root) => {
      const scratchDir = path.join(root, 'scratch');
      // Pages of two keys: listing a handful of objects already goes through several pages.
      const storage = new S3MediaStorage({
        client: createS3Client(s3.settings),
        bucket: await s3.createBucket(),
        scratchDir,
        listPageSize: 2,
      });
      return { storage, scratchDir, close: () => Promise.resolve(storage.close()) };
    },
  },
];

describe.each(IMPLEMENTATIONS)('$name', (implementation) => {
  let root: string;
  let subject: Subject;
  let storage: MediaStorage;

  beforeAll(async () => {
    await implementation.setUp?.();
  });
  afterAll(async () => {
    await implementation.tearDown?.();
  });
  beforeEach(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'magazzino-media-'));
    subject = await implementation.create(root);
    storage = subject.storage;
  });
  afterEach(async () => {
    await subject.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('puts, reads, lists and deletes objects', async () => {
    await storage.put('abc.webp', Buffer.from('hello'), 'image/webp');
    expect(await storage.exists('abc.webp')).toBe(true);
    const object = await storage.get('abc.webp');
    expect(object?.size).toBe(5);
    expect(object?.range).toBeUndefined();
    expect(object && (await readAll(object.body)).toString()).toBe('hello');

    const listed = await listAll(storage);
    expect(listed).toMatchObject([{ key: 'abc.webp', size: 5 }]);
    expect(listed[0]?.lastModified).toBeInstanceOf(Date);
    expect(Math.abs((listed[0]?.lastModified.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);

    await storage.delete('abc.webp');
    await storage.delete('abc.webp');
    expect(await storage.exists('abc.webp')).toBe(false);
    expect(await storage.get('abc.webp')).toBeNull();
    expect(await listAll(storage)).toEqual([]);
  });

  it('replaces an object whole', async () => {
    await storage.put('abc.webp', Buffer.from('first version'), 'image/webp');
    await storage.put('abc.webp', Buffer.from('second'), 'image/webp');
    const object = await storage.get('abc.webp');
    expect(object?.size).toBe(6);
    expect(object && (await readAll(object.body)).toString()).toBe('second');
    expect(await listAll(storage)).toMatchObject([{ key: 'abc.webp', size: 6 }]);
  });

  it('reads byte ranges, cutting an end past the object as HTTP does', async () => {
    const data = Buffer.from('0123456789');
    await storage.put('abc.webp', data, 'image/webp');
    const cases = [
      { range: { start: 2, end: 4 }, expected: { start: 2, end: 4 }, bytes: '234' },
      { range: { start: 7 }, expected: { start: 7, end: 9 }, bytes: '789' },
      { range: { suffix: 3 }, expected: { start: 7, end: 9 }, bytes: '789' },
      { range: { start: 8, end: 500 }, expected: { start: 8, end: 9 }, bytes: '89' },
      { range: { suffix: 50 }, expected: { start: 0, end: 9 }, bytes: '0123456789' },
      { range: { start: 5, end: 5 }, expected: { start: 5, end: 5 }, bytes: '5' },
      { range: { start: 0, end: 0 }, expected: { start: 0, end: 0 }, bytes: '0' },
    ];
    for (const { range, expected, bytes } of cases) {
      const object = await storage.get('abc.webp', range);
      expect(object?.size).toBe(10);
      expect(object?.range).toEqual(expected);
      expect(object && (await readAll(object.body)).toString()).toBe(bytes);
    }
  });

  it('refuses a range that selects no byte, telling the size, and answers null for a missing object', async () => {
    await storage.put('abc.webp', Buffer.from('0123456789'), 'image/webp');
    for (const range of [{ start: 10 }, { start: 99, end: 120 }, { suffix: 0 }]) {
      const refused = storage.get('abc.webp', range);
      await expect(refused).rejects.toBeInstanceOf(RangeNotSatisfiableError);
      await expect(refused).rejects.toMatchObject({ size: 10 });
    }
    expect(await storage.get('abd.webp', { start: 0, end: 1 })).toBeNull();
  });

  it.each(['../escape', '..', 'a/b', '.tmp', 'A.webp', '', 'x'.repeat(201)])(
    'refuses the key %j',
    async (key) => {
      await expect(storage.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(/Invalid media key/);
      await expect(storage.get(key)).rejects.toThrow(/Invalid media key/);
      await expect(storage.exists(key)).rejects.toThrow(/Invalid media key/);
      await expect(storage.delete(key)).rejects.toThrow(/Invalid media key/);
    },
  );

  it('lists every object, however many pages it takes', async () => {
    const keys = ['aa.webp', 'ab-thumb.webp', 'ab.webp', 'b0.webp', 'c1-640.webp', 'zz.webp', 'zz_1.webp'];
    for (const [index, key] of keys.entries()) {
      await storage.put(key, Buffer.alloc(index + 1, 1), 'image/webp');
    }
    const listed = await listAll(storage);
    expect(listed.map(({ key, size }) => ({ key, size }))).toEqual(
      keys.map((key, index) => ({ key, size: index + 1 })),
    );
    // Deleting while listing (as the cleanup does) neither skips nor repeats an object.
    const seen: string[] = [];
    for await (const info of storage.list()) {
      seen.push(info.key);
      await storage.delete(info.key);
    }
    expect(seen.sort()).toEqual(keys);
    expect(await listAll(storage)).toEqual([]);
  });

  it('removes a scratch file whether or not it was written, and purges old ones', async () => {
    const unused = await storage.createTempFile();
    await unused.remove();
    const written = await storage.createTempFile();
    expect(path.dirname(written.localPath)).toBe(subject.scratchDir);
    await new Promise<void>((resolve) => written.stream.end(Buffer.from('data'), resolve));
    expect(fs.readFileSync(written.localPath, 'utf8')).toBe('data');
    // Scratch files are not objects.
    expect(await listAll(storage)).toEqual([]);
    expect(await storage.purgeTempFiles(new Date(Date.now() - 60_000))).toBe(0);
    expect(await storage.purgeTempFiles(new Date(Date.now() + 60_000))).toBe(1);
    await written.remove();
    await written.remove();
    expect(fs.readdirSync(subject.scratchDir)).toEqual([]);
  });

  it('is ready while its objects and scratch folder can be used', async () => {
    await expect(storage.checkReady()).resolves.toBeUndefined();
    fs.rmSync(subject.scratchDir, { recursive: true });
    await expect(storage.checkReady()).rejects.toThrow(/ENOENT/);
  });
});
