import fs from 'node:fs';
import path from 'node:path';
import { ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Part, UploadResult } from '@magazzino/contract';
import { buildTestApp, signIn, type Session, type TestApp } from '../../../test/app.js';
import { ManualClock } from '../../../test/clock.js';
import { partInput } from '../../../test/factories.js';
import { imageOf, tempFileNames, uploadForm } from '../../../test/images.js';
import { startS3Server, type TestS3Server } from '../../../test/s3-server.js';
import { createS3Client } from './storage/s3-client.js';

const HOUR = 60 * 60 * 1000;
const PREFIX = 'magazzino/foto/';
/** s3rver checks only the key id: any secret signs in, so this one can be looked for in the logs. */
const SECRET = 'segreto-da-non-scrivere-nei-log';

// The media module with MEDIA_STORAGE=s3, against a real S3-protocol server on 127.0.0.1: what
// the bucket changes (where objects go, the cleanup, a store that is down). Serving, ranges and
// caching are checked on both storages by media.serve.test.ts.
describe('media in an S3 bucket (sqlite)', () => {
  let s3: TestS3Server;
  let bucket: string;
  /** The bucket as another program sees it. */
  let raw: S3Client;
  let t: TestApp;
  let session: Session;
  const logs: string[] = [];
  let seed = 0;
  const clock = new ManualClock();

  beforeAll(async () => {
    s3 = await startS3Server();
    raw = createS3Client(s3.settings);
    bucket = await s3.createBucket();
    t = await buildTestApp(
      'sqlite',
      { ...s3.env(bucket, PREFIX), S3_SECRET_ACCESS_KEY: SECRET, LOG_LEVEL: 'info' },
      { clock, logStream: { write: (line) => logs.push(line) } },
    );
    session = await signIn(t.app);
  });
  beforeEach(() => clock.set());
  afterAll(async () => {
    await t.close();
    raw.destroy();
    await s3.close();
  });

  /** Keys in the bucket, prefix included, sorted. */
  async function bucketKeys(): Promise<string[]> {
    const page = await raw.send(new ListObjectsV2Command({ Bucket: bucket }));
    return (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : [])).sort();
  }

  const imageRows = async () => (await t.app.db.selectFrom('media').select('hash').execute()).length;

  async function upload() {
    seed += 1;
    const data = await imageOf('png', { width: 40 + seed, height: 30, noise: 0 });
    return session.inject({ method: 'POST', url: '/api/componenti/upload', payload: uploadForm(data) });
  }

  async function uploadNew(): Promise<UploadResult> {
    const response = await upload();
    expect(response.statusCode).toBe(201);
    return response.json<UploadResult>();
  }

  const keysOf = (image: UploadResult) => [image.secure_url, image.thumbnail_url].map((url) => url.slice(7));

  it('keeps uploads in the bucket under the prefix, nothing on local disk, and serves them', async () => {
    const image = await uploadNew();
    expect(await bucketKeys()).toEqual(expect.arrayContaining(keysOf(image).map((key) => `${PREFIX}${key}`)));
    // DATA_DIR/media holds only the (empty) scratch folder.
    expect(fs.readdirSync(path.join(t.config.dataDir, 'media'))).toEqual(['.tmp']);
    expect(tempFileNames(t.config.dataDir)).toEqual([]);

    const served = await t.app.inject({ method: 'GET', url: image.secure_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      'content-length': String(image.bytes),
    });
    const etag = String(served.headers.etag);
    const cached = await t.app.inject({
      method: 'GET',
      url: image.secure_url,
      headers: { 'if-none-match': etag },
    });
    expect(cached.statusCode).toBe(304);
    const ranged = await t.app.inject({
      method: 'GET',
      url: image.secure_url,
      headers: { range: 'bytes=-16' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.equals(served.rawPayload.subarray(-16))).toBe(true);
  });

  it('cleans up the bucket: unused images and stray objects go, used ones stay', async () => {
    const used = await uploadNew();
    const unused = await uploadNew();
    const part = await session.inject({
      method: 'POST',
      url: '/api/componenti/crea-componente',
      payload: partInput({ urlImmagine: used.secure_url }),
    });
    expect(part.json<Part>().urlImmagine).toBe(used.secure_url);
    // An object without a row (a crash between storing and recording), and one that is not ours.
    const stray = `${PREFIX}${'e'.repeat(64)}.webp`;
    const foreign = 'backup/notes.txt';
    for (const key of [stray, foreign]) {
      await raw.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: 'x' }));
    }

    clock.advance(25 * HOUR);
    expect(await t.app.media.cleanup()).toMatchObject({ removedImages: 2, removedStrayFiles: 1 });
    const keys = await bucketKeys();
    for (const key of keysOf(used)) expect(keys).toContain(`${PREFIX}${key}`);
    for (const key of keysOf(unused)) expect(keys).not.toContain(`${PREFIX}${key}`);
    expect(keys).not.toContain(stray);
    expect(keys).toContain(foreign);
    expect((await t.app.inject({ method: 'GET', url: unused.secure_url })).statusCode).toBe(404);
  });

  it('while the bucket is down: uploads answer 503 and record nothing, images 503, not ready', async () => {
    const stored = await uploadNew();
    const rowsBefore = await imageRows();
    const keysBefore = await bucketKeys();
    logs.length = 0;
    await s3.stop();
    try {
      const refused = await upload();
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({
        error:
          "Archivio delle foto non raggiungibile: l'immagine non è stata salvata. Riprova tra qualche minuto.",
        code: 'SERVICE_UNAVAILABLE',
      });
      expect(await imageRows()).toBe(rowsBefore);
      expect(tempFileNames(t.config.dataDir)).toEqual([]);

      const image = await t.app.inject({ method: 'GET', url: stored.secure_url });
      expect(image.statusCode).toBe(503);
      expect(image.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect(image.headers['cache-control']).toBeUndefined();
      expect(image.headers.etag).toBeUndefined();

      const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ checks: { database: 'ok', media: 'unavailable' } });
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await s3.start();
    }
    // The cause is logged (for whoever fixes the store), the secret never.
    const failure = logs.find((line) => line.includes('"request failed"'));
    expect(failure).toMatch(
      /S3 put s3:\/\/magazzino-\d+\/magazzino\/foto\/[a-f0-9]{64}\.webp failed: ECONNREFUSED/,
    );
    expect(logs.join('\n')).not.toContain(SECRET);
    // Nothing was half-written: the bucket is as it was.
    expect(await bucketKeys()).toEqual(keysBefore);

    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    const again = await upload();
    expect(again.statusCode).toBe(201);
    expect(await imageRows()).toBe(rowsBefore + 1);
  });
});
