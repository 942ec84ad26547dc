import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadResult } from '@magazzino/contract';
import type { DialectName } from '../../db/dialect.js';
import { buildTestApp, signIn, type Session, type TestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/databases.js';
import { imageOf, storedKeys, tempFileNames, uploadForm } from '../../../test/images.js';
import { startS3Server, type TestS3Server } from '../../../test/s3-server.js';

/** Both databases with the local storage, and the bucket (on a real S3-protocol server) once. */
const CASES: { dialect: DialectName; storage: 'local' | 's3' }[] = [
  ...DIALECTS.map((dialect) => ({ dialect, storage: 'local' as const })),
  { dialect: 'sqlite', storage: 's3' },
];

const CACHE_HEADERS = {
  'content-type': 'image/webp',
  'cache-control': 'public, max-age=31536000, immutable',
  'x-content-type-options': 'nosniff',
};

describe.each(CASES)('GET /media/<name> ($dialect, $storage storage)', ({ dialect, storage }) => {
  let t: TestApp;
  let s3: TestS3Server | undefined;
  let session: Session;
  let image: UploadResult;

  beforeAll(async () => {
    let env: Record<string, string> = { MAX_UPLOAD_MB: '1' };
    if (storage === 's3') {
      s3 = await startS3Server();
      env = { ...env, ...s3.env(await s3.createBucket()) };
    }
    t = await buildTestApp(dialect, env);
    session = await signIn(t.app);
    const response = await session.inject({
      method: 'POST',
      url: '/api/componenti/upload',
      payload: uploadForm(await imageOf('jpeg', { width: 200, height: 150 })),
    });
    image = response.json<UploadResult>();
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  it('serves stored images publicly as WebP with year-long immutable caching', async () => {
    for (const url of [image.secure_url, image.thumbnail_url]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers).toMatchObject({
        ...CACHE_HEADERS,
        'content-length': String(response.rawPayload.length),
        'accept-ranges': 'bytes',
      });
      expect(response.headers.etag).toMatch(/^"[a-f0-9]{64}(-thumb)?"$/);
      expect(response.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    }
  });

  it('answers 304 to a matching If-None-Match, and HEAD without a body', async () => {
    const first = await t.app.inject({ method: 'GET', url: image.secure_url });
    const etag = String(first.headers.etag);
    const again = await t.app.inject({
      method: 'GET',
      url: image.secure_url,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const head = await t.app.inject({ method: 'HEAD', url: image.secure_url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/webp');
  });

  it('answers a byte range with 206, its Content-Range and the same cache headers', async () => {
    const whole = (await t.app.inject({ method: 'GET', url: image.secure_url })).rawPayload;
    const size = whole.length;
    const cases = [
      { range: 'bytes=0-99', start: 0, end: 99 },
      { range: 'bytes=100-', start: 100, end: size - 1 },
      { range: 'bytes=-50', start: size - 50, end: size - 1 },
      { range: `bytes=10-${size + 1000}`, start: 10, end: size - 1 },
      { range: 'bytes=0-0', start: 0, end: 0 },
    ];
    for (const { range, start, end } of cases) {
      const response = await t.app.inject({ method: 'GET', url: image.secure_url, headers: { range } });
      expect(response.statusCode, range).toBe(206);
      expect(response.headers).toMatchObject({
        ...CACHE_HEADERS,
        etag: `"${image.secure_url.slice(7, 71)}"`,
        'accept-ranges': 'bytes',
        'content-range': `bytes ${start}-${end}/${size}`,
        'content-length': String(end - start + 1),
      });
      expect(response.rawPayload.equals(whole.subarray(start, end + 1)), range).toBe(true);
    }
  });

  it('answers 416 with the size to a range past the end, and 404 to a range of a missing image', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: image.thumbnail_url,
      headers: { range: 'bytes=999999-' },
    });
    expect(response.statusCode).toBe(416);
    const size = (await t.app.inject({ method: 'GET', url: image.thumbnail_url })).rawPayload.length;
    expect(response.headers['content-range']).toBe(`bytes */${size}`);
    expect(response.headers['cache-control']).toBeUndefined();
    expect(response.rawPayload.length).toBe(0);

    const missing = await t.app.inject({
      method: 'GET',
      url: `/media/${'0'.repeat(64)}.webp`,
      headers: { range: 'bytes=0-9' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('sends the whole image for several ranges, a stale If-Range and HEAD; If-None-Match comes first', async () => {
    const { secure_url: url } = image;
    const etag = `"${url.slice(7, 71)}"`;
    for (const headers of [
      { range: 'bytes=0-9,20-29' },
      { range: 'bytes=0-9', 'if-range': '"another-version"' },
      { range: 'bytes=9-0' },
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers });
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.length).toBe(image.bytes);
    }
    const ranged = await t.app.inject({
      method: 'GET',
      url,
      headers: { range: 'bytes=0-9', 'if-range': etag },
    });
    expect(ranged.statusCode).toBe(206);
    const head = await t.app.inject({ method: 'HEAD', url, headers: { range: 'bytes=0-9' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(image.bytes));
    const cached = await t.app.inject({
      method: 'GET',
      url,
      headers: { range: 'bytes=0-9', 'if-none-match': etag },
    });
    expect(cached.statusCode).toBe(304);
  });

  const previewOf = (result: UploadResult) => result.secure_url.replace('.webp', '-640.webp');

  it('makes the 640 px preview from the display image on first request, keeps it, caches it', async () => {
    const upload = await session.inject({
      method: 'POST',
      url: '/api/componenti/upload',
      payload: uploadForm(await imageOf('jpeg', { width: 1200, height: 900 })),
    });
    const photo = upload.json<UploadResult>();
    const key = previewOf(photo).slice('/media/'.length);
    expect(await storedKeys(t.app)).not.toContain(key);

    const [first, concurrent] = await Promise.all([
      t.app.inject({ method: 'GET', url: previewOf(photo) }),
      t.app.inject({ method: 'GET', url: previewOf(photo) }),
    ]);
    for (const response of [first, concurrent]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers).toMatchObject({
        'content-type': 'image/webp',
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
        etag: `"${key.slice(0, -'.webp'.length)}"`,
      });
    }
    expect(concurrent.rawPayload.equals(first.rawPayload)).toBe(true);
    const metadata = await sharp(first.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 640, height: 480 });
    expect(metadata.exif).toBeUndefined();
    // Far lighter than the display image it was made from.
    expect(first.rawPayload.length).toBeLessThan(photo.bytes / 2);
    expect(await storedKeys(t.app)).toContain(key);

    const again = await t.app.inject({
      method: 'GET',
      url: previewOf(photo),
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('makes the preview on a first request that asks for a range of it', async () => {
    const upload = await session.inject({
      method: 'POST',
      url: '/api/componenti/upload',
      payload: uploadForm(await imageOf('png', { width: 900, height: 700, noise: 0 })),
    });
    const photo = upload.json<UploadResult>();
    const ranged = await t.app.inject({
      method: 'GET',
      url: previewOf(photo),
      headers: { range: 'bytes=0-11' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    const whole = await t.app.inject({ method: 'GET', url: previewOf(photo) });
    expect(ranged.headers['content-range']).toBe(`bytes 0-11/${whole.rawPayload.length}`);
  });

  it('never enlarges the preview of a small image', async () => {
    const response = await t.app.inject({ method: 'GET', url: previewOf(image) });
    expect(response.statusCode).toBe(200);
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({ width: 200, height: 150 });
  });

  it('answers 404 for the preview of an image that is not stored, and stores nothing', async () => {
    const before = await storedKeys(t.app);
    const response = await t.app.inject({ method: 'GET', url: `/media/${'0'.repeat(64)}-640.webp` });
    expect(response.statusCode).toBe(404);
    expect(response.headers['cache-control']).toBeUndefined();
    expect(await storedKeys(t.app)).toEqual(before);
  });

  it.each([
    `/media/${'0'.repeat(64)}.webp`,
    `/media/${'A'.repeat(64)}.webp`,
    '/media/magazzino.sqlite',
    '/media/..%2Fmagazzino.sqlite',
    '/media/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '/media/.tmp',
    '/media/ab/x.webp',
  ])('answers %s with 404 JSON and no cache headers', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBeUndefined();
    expect(response.json<{ error: string }>().error).toMatch(/non trovat/);
  });

  it('works through a real port: upload with fetch, 413 reaches the client, image served', async () => {
    // Listening ends with t.close() in afterAll.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const post = (body: FormData) =>
      fetch(`${base}/api/componenti/upload`, { method: 'POST', body, headers: { cookie: session.cookie } });

    const ok = await post(
      uploadForm(await imageOf('webp', { width: 120, height: 90 }), { type: 'image/webp' }),
    );
    expect(ok.status).toBe(201);
    const result = (await ok.json()) as UploadResult;
    const served = await fetch(`${base}${result.secure_url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect((await served.arrayBuffer()).byteLength).toBe(result.bytes);

    const tooBig = await post(uploadForm(Buffer.alloc(3 * 1024 * 1024, 0xff)));
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toMatchObject({ error: 'Il file è troppo grande: il limite è 1 MB.' });
    expect(tempFileNames(t.config.dataDir)).toEqual([]);
  });
});
