import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadResult } from '@magazzino/contract';
import { buildTestApp, signIn, type Session, type TestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/databases.js';
import { imageOf, storedKeys, tempFileNames, uploadForm } from '../../../test/images.js';

describe.each(DIALECTS)('GET /media/<name> (%s)', (dialect) => {
  let t: TestApp;
  let session: Session;
  let image: UploadResult;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { MAX_UPLOAD_MB: '1' });
    session = await signIn(t.app);
    const response = await session.inject({
      method: 'POST',
      url: '/api/componenti/upload',
      payload: uploadForm(await imageOf('jpeg', { width: 200, height: 150 })),
    });
    image = response.json<UploadResult>();
  });
  afterAll(() => t.close());

  it('serves stored images publicly as WebP with year-long immutable caching', async () => {
    for (const url of [image.secure_url, image.thumbnail_url]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers).toMatchObject({
        'content-type': 'image/webp',
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
        'content-length': String(response.rawPayload.length),
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
