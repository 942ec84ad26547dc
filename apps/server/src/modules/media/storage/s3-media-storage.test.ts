import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HeadObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../../../test/s3-server.js';
import { StorageUnavailableError } from './media-storage.js';
import { createS3Client } from './s3-client.js';
import { S3MediaStorage, type S3MediaStorageOptions } from './s3-media-storage.js';

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

// What every storage does is checked by media-storage.test.ts; here, what only the bucket does.
describe('S3MediaStorage', () => {
  let s3: TestS3Server;
  let root: string;
  let bucket: string;
  /** The bucket as another program sees it: no prefix, no validation. */
  let raw: S3Client;
  const opened: S3MediaStorage[] = [];

  beforeAll(async () => {
    s3 = await startS3Server();
    raw = createS3Client(s3.settings);
  });
  afterAll(async () => {
    raw.destroy();
    await s3.close();
  });
  beforeEach(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'magazzino-s3-storage-'));
    bucket = await s3.createBucket();
  });
  afterEach(() => {
    for (const storage of opened.splice(0)) storage.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  function storageFor(options: Partial<S3MediaStorageOptions> = {}): S3MediaStorage {
    const storage = new S3MediaStorage({
      client: createS3Client(s3.settings),
      bucket,
      scratchDir: path.join(root, 'scratch'),
      ...options,
    });
    opened.push(storage);
    return storage;
  }

  it('puts objects under its prefix, with their content type and Content-MD5', async () => {
    const client = createS3Client(s3.settings);
    const sent: Record<string, string>[] = [];
    client.middlewareStack.add(
      (next) => (args) => {
        const { headers } = args.request as { headers?: Record<string, string> };
        if (headers) sent.push({ ...headers });
        return next(args);
      },
      { step: 'finalizeRequest', name: 'recordHeaders' },
    );
    const storage = storageFor({ client, prefix: 'magazzino/foto/' });
    const data = Buffer.from('RIFF....WEBP');
    await storage.put('abc.webp', data, 'image/webp');

    expect(sent[0]).toMatchObject({
      'content-md5': createHash('md5').update(data).digest('base64'),
      'content-type': 'image/webp',
      'content-length': String(data.length),
    });
    const head = await raw.send(new HeadObjectCommand({ Bucket: bucket, Key: 'magazzino/foto/abc.webp' }));
    expect(head).toMatchObject({ ContentType: 'image/webp', ContentLength: data.length });
    expect(await storage.exists('abc.webp')).toBe(true);
  });

  it('lists only media keys under its prefix: other objects of the bucket are not its own', async () => {
    const storage = storageFor({ prefix: 'magazzino/', listPageSize: 2 });
    await storage.put('abc.webp', Buffer.from('mine'), 'image/webp');
    for (const key of [
      'abd.webp',
      'magazzino/nested/abe.webp',
      'magazzino/Foto.JPG',
      'magazzino2/abf.webp',
    ]) {
      await raw.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: 'foreign' }));
    }
    const listed = [];
    for await (const info of storage.list()) listed.push(info.key);
    expect(listed).toEqual(['abc.webp']);
    expect(await storage.exists('abd.webp')).toBe(false);
  });

  it('refuses a prefix that does not end with a slash', () => {
    expect(() => storageFor({ prefix: 'magazzino' })).toThrow(/must end with '\/'/);
  });

  it('fails every operation fast and clearly while the store is down, and writes nothing', async () => {
    const storage = storageFor();
    await storage.put('abc.webp', Buffer.from('stored before'), 'image/webp');
    await s3.stop();
    try {
      const started = Date.now();
      const outcomes = await Promise.allSettled([
        storage.put('abd.webp', Buffer.from('lost'), 'image/webp'),
        storage.exists('abc.webp'),
        storage.get('abc.webp'),
        storage.get('abc.webp', { start: 0 }),
        storage.delete('abc.webp'),
        (async () => {
          for await (const info of storage.list()) expect(info).toBeUndefined();
        })(),
      ]);
      for (const outcome of outcomes) {
        expect(outcome.status).toBe('rejected');
        if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(StorageUnavailableError);
      }
      await expect(storage.put('abd.webp', Buffer.from('lost'), 'image/webp')).rejects.toThrow(
        `S3 put s3://${bucket}/abd.webp failed: ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:`,
      );
      await expect(storage.checkReady()).rejects.toThrow(`S3 check s3://${bucket}/ failed: ECONNREFUSED`);
      // Refused connections are retried briefly, never waited on.
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await s3.start();
    }
    expect(await storage.exists('abd.webp')).toBe(false);
    expect(await storage.exists('abc.webp')).toBe(true);
    await expect(storage.checkReady()).resolves.toBeUndefined();
  });

  it('is not ready when the bucket is missing or refuses the credentials, and says which', async () => {
    await expect(storageFor({ bucket: 'no-such-bucket' }).checkReady()).rejects.toThrow(
      'S3 bucket no-such-bucket does not exist (HTTP 404)',
    );
    // s3rver does not check V4 signatures, only that it knows the key.
    const unknownKey = createS3Client({
      ...s3.settings,
      credentials: { accessKeyId: 'NOBODY', secretAccessKey: 'S3RVER' },
    });
    await expect(storageFor({ client: unknownKey }).checkReady()).rejects.toThrow(
      `S3 bucket ${bucket} refuses these credentials (HTTP 403)`,
    );
  });

  it('cuts a ranged answer holding more than asked, and refuses one holding other bytes', async () => {
    const storage = storageFor();
    await storage.put('abc.webp', Buffer.from('0123456789'), 'image/webp');
    // s3rver answers bytes=0-0 with the whole object, as a careless store might.
    const first = await storage.get('abc.webp', { start: 0, end: 0 });
    expect(first?.range).toEqual({ start: 0, end: 0 });
    expect(first && (await readAll(first.body)).toString()).toBe('0');

    // A store answering from elsewhere than asked (here: a stale object, shorter than its HEAD said).
    const client = createS3Client(s3.settings);
    client.middlewareStack.add(
      (next) => (args) => {
        const request = args.request as { headers?: Record<string, string> };
        if (request.headers?.range) request.headers.range = 'bytes=2-4';
        return next(args);
      },
      { step: 'build', name: 'moveRange' },
    );
    const moved = storageFor({ client });
    await expect(moved.get('abc.webp', { start: 5, end: 9 })).rejects.toThrow(
      `S3 get s3://${bucket}/abc.webp failed: Error: asked for bytes 5-9, answered bytes 2-4/10`,
    );
  });
});
