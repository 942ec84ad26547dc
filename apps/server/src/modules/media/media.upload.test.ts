import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadResult } from '@magazzino/contract';
import { buildTestApp, signIn, type Session, type TestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/databases.js';
import {
  exifHasGps,
  imageOf,
  phoneJpeg,
  pixelBombPng,
  storedKeys,
  tempFileNames,
  uploadForm,
  type TestFormat,
} from '../../../test/images.js';

const ACCEPTED_LIST = 'sono accettati JPEG, PNG, WebP, GIF e AVIF';

describe.each(DIALECTS)('POST /api/componenti/upload (%s)', (dialect) => {
  let t: TestApp;
  let session: Session;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { MAX_UPLOAD_MB: '1' });
    session = await signIn(t.app);
  });
  afterAll(() => t.close());

  const upload = (data: Buffer, options?: Parameters<typeof uploadForm>[1]) =>
    session.inject({ method: 'POST', url: '/api/componenti/upload', payload: uploadForm(data, options) });

  async function served(url: string) {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    return { response, metadata: await sharp(response.rawPayload).metadata() };
  }

  /** Uploads that must be refused leave nothing behind: no stored object, no scratch file. */
  async function expectNothingStored(before: string[]) {
    expect(await storedKeys(t.app)).toEqual(before);
    expect(tempFileNames(t.config.dataDir)).toEqual([]);
  }

  it('rotates a phone photo by its EXIF orientation and strips EXIF and GPS', async () => {
    const photo = await phoneJpeg();
    const original = await sharp(photo).metadata();
    expect(original).toMatchObject({ width: 400, height: 300, orientation: 6 });
    expect(original.exif && exifHasGps(original.exif)).toBe(true);

    const response = await upload(photo);
    expect(response.statusCode).toBe(201);
    const result = response.json<UploadResult>();
    expect(result.secure_url).toMatch(/^\/media\/[a-f0-9]{64}\.webp$/);
    expect(result.thumbnail_url).toBe(result.secure_url.replace('.webp', '-thumb.webp'));
    expect(result).toMatchObject({ width: 300, height: 400, format: 'webp' });

    const display = await served(result.secure_url);
    expect(display.metadata).toMatchObject({ format: 'webp', width: 300, height: 400 });
    expect(result.bytes).toBe(display.response.rawPayload.length);
    const thumbnail = await served(result.thumbnail_url);
    expect(thumbnail.metadata).toMatchObject({ format: 'webp', width: 240, height: 320 });
    for (const { metadata } of [display, thumbnail]) {
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      expect(metadata.hasProfile).toBe(false);
    }
    expect(display.response.rawPayload.includes('TestPhone')).toBe(false);

    const row = await t.app.db
      .selectFrom('media')
      .selectAll()
      .where('hash', '=', result.secure_url.slice(7, 71))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      source_format: 'jpeg',
      source_bytes: photo.length,
      uploaded_by: session.user._id,
    });
  });

  it.each<TestFormat>(['png', 'webp', 'gif', 'avif'])(
    'accepts %s, recognised by content whatever its name and declared type',
    async (format) => {
      const data = await imageOf(format, { width: 64, height: 48 });
      const response = await upload(data, { filename: 'senza-estensione', type: 'application/octet-stream' });
      expect(response.statusCode, response.body).toBe(201);
      const result = response.json<UploadResult>();
      expect(result).toMatchObject({ width: 64, height: 48, format: 'webp' });
      expect((await served(result.secure_url)).metadata.format).toBe('webp');
    },
  );

  it('shrinks the display image to 1600 px and the thumbnail to 240 px wide, never enlarging', async () => {
    const big = (
      await upload(await imageOf('png', { width: 2400, height: 1800, noise: 0 }))
    ).json<UploadResult>();
    expect(big).toMatchObject({ width: 1600, height: 1200 });
    expect((await served(big.thumbnail_url)).metadata).toMatchObject({ width: 240, height: 180 });

    const small = (await upload(await imageOf('jpeg', { width: 100, height: 80 }))).json<UploadResult>();
    expect(small).toMatchObject({ width: 100, height: 80 });
    expect((await served(small.thumbnail_url)).metadata).toMatchObject({ width: 100, height: 80 });
  });

  it('stores the same photo once, however many times it is uploaded', async () => {
    const photo = await imageOf('jpeg', { width: 90, height: 60 });
    const before = await storedKeys(t.app);
    const first = (await upload(photo, { filename: 'a.jpg' })).json<UploadResult>();
    const second = await upload(photo, { filename: 'copia.jpg' });
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first);
    const added = (await storedKeys(t.app)).filter((key) => !before.includes(key));
    expect(added).toHaveLength(2);
    const rows = await t.app.db.selectFrom('media').select('hash').execute();
    expect(rows.filter((row) => first.secure_url.includes(row.hash))).toHaveLength(1);
  });

  it.each([
    [
      'an SVG',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      'x.svg',
      'image/svg+xml',
    ],
    ['a text file named .jpg', Buffer.from('Questo non è un JPEG, solo testo.\n'), 'foto.jpg', 'image/jpeg'],
    [
      'an HTML page named .png',
      Buffer.from('<!doctype html><script>alert(1)</script>'),
      'foto.png',
      'image/png',
    ],
    ['a PDF', Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n'), 'doc.pdf', 'application/pdf'],
  ])('refuses %s with 415 listing the accepted types', async (_label, data, filename, type) => {
    const before = await storedKeys(t.app);
    const response = await upload(data, { filename, type });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(response.json<{ error: string }>().error).toContain(ACCEPTED_LIST);
    await expectNothingStored(before);
  });

  it('stores a photo once when two uploads of it arrive at the same time', async () => {
    const photo = await imageOf('webp', { width: 70, height: 50 });
    const [a, b] = await Promise.all([upload(photo), upload(photo)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json()).toEqual(b.json());
    const hash = a.json<UploadResult>().secure_url.slice(7, 71);
    const rows = await t.app.db.selectFrom('media').select('hash').where('hash', '=', hash).execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses an image whose header is garbage after a valid signature with 400', async () => {
    const before = await storedKeys(t.app);
    const fake = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), randomBytes(200)]);
    const response = await upload(fake, { filename: 'x.png', type: 'image/png' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toMatch(/danneggiata o incompleta/);
    await expectNothingStored(before);
  });

  it('answers 400 to a multipart body cut off in the middle of the file', async () => {
    const boundary = 'confine-di-prova';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="my_file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
    const response = await session.inject({
      method: 'POST',
      url: '/api/componenti/upload',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([Buffer.from(head), (await imageOf('jpeg')).subarray(0, 500)]),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toBe(
      'Caricamento non completato: il file è arrivato solo in parte. Riprova.',
    );
    expect(tempFileNames(t.config.dataDir)).toEqual([]);
  });

  it('refuses a truncated JPEG with 400', async () => {
    const whole = await imageOf('jpeg', { width: 300, height: 200 });
    const before = await storedKeys(t.app);
    const response = await upload(whole.subarray(0, Math.floor(whole.length / 2)));
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toMatch(/danneggiata o incompleta/);
    await expectNothingStored(before);
  });

  it('refuses a 30000 × 30000 pixel bomb from its header, without decoding it', async () => {
    const bomb = await pixelBombPng();
    expect(bomb.length).toBeLessThan(500_000);
    const before = await storedKeys(t.app);
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const response = await upload(bomb, { filename: 'bomba.png', type: 'image/png' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toBe(
      "L'immagine è troppo grande: 30000 × 30000 pixel, al massimo 75 megapixel.",
    );
    // Decoding would need gigabytes and seconds; reading the header needs neither.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * 1024 * 1024);
    expect(performance.now() - started).toBeLessThan(2000);
    await expectNothingStored(before);
  });

  it('answers 413 naming the limit past MAX_UPLOAD_MB, and removes the partial file', async () => {
    const before = await storedKeys(t.app);
    const tooBig = Buffer.concat([await imageOf('jpeg'), randomBytes(1024 * 1024)]);
    const response = await upload(tooBig);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: 'Il file è troppo grande: il limite è 1 MB.',
      code: 'PAYLOAD_TOO_LARGE',
    });
    await expectNothingStored(before);
  });

  it('answers 400 without a file, with the file in another field, or with an empty file', async () => {
    const fieldsOnly = new FormData();
    fieldsOnly.append('nome', 'Faro');
    const cases = [
      fieldsOnly,
      uploadForm(await imageOf('png'), { field: 'file' }),
      uploadForm(Buffer.alloc(0), { filename: '' }),
    ];
    for (const payload of cases) {
      const response = await session.inject({ method: 'POST', url: '/api/componenti/upload', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: "Nessun file ricevuto: scegli un'immagine da caricare.",
        fields: { my_file: "Scegli un'immagine da caricare" },
      });
    }
    expect(tempFileNames(t.config.dataDir)).toEqual([]);
  });

  it('answers 415 to a body that is not multipart', async () => {
    const json = await session.inject({
      method: 'POST',
      url: '/api/componenti/upload',
      payload: { my_file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json<{ error: string }>().error).toContain('multipart/form-data');
    const raw = await session.inject({
      method: 'POST',
      url: '/api/componenti/upload',
      headers: { 'content-type': 'image/jpeg' },
      payload: await imageOf('jpeg'),
    });
    expect(raw.statusCode).toBe(415);
  });

  it('answers 401 without a session, before reading the body', async () => {
    const before = await storedKeys(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/componenti/upload',
      payload: uploadForm(await imageOf('jpeg', { width: 33, height: 33 })),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    await expectNothingStored(before);
  });
});
