import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Part, UploadResult } from '@magazzino/contract';
import { buildApp } from '../../app.js';
import { buildTestApp, signIn, type Session, type TestApp } from '../../../test/app.js';
import { ManualClock } from '../../../test/clock.js';
import { DIALECTS } from '../../../test/databases.js';
import { partInput } from '../../../test/factories.js';
import { imageOf, storedKeys, uploadForm } from '../../../test/images.js';

const HOUR = 60 * 60 * 1000;

describe.each(DIALECTS)('media cleanup (%s)', (dialect) => {
  let t: TestApp;
  let session: Session;
  let seed = 0;
  // The app's one clock: uploads and the cleanup read it, the tests move it.
  const clock = new ManualClock();

  beforeAll(async () => {
    t = await buildTestApp(dialect, {}, { clock });
    session = await signIn(t.app);
  });
  beforeEach(() => clock.set());
  afterAll(() => t.close());

  /** Uploads a new (never seen) image. */
  async function uploadNew(): Promise<UploadResult> {
    seed += 1;
    const data = await imageOf('png', { width: 40 + seed, height: 30, noise: 0 });
    const response = await session.inject({
      method: 'POST',
      url: '/api/componenti/upload',
      payload: uploadForm(data),
    });
    expect(response.statusCode).toBe(201);
    return response.json<UploadResult>();
  }

  async function createPart(urlImmagine: string): Promise<Part> {
    const response = await session.inject({
      method: 'POST',
      url: '/api/componenti/crea-componente',
      payload: partInput({ urlImmagine }),
    });
    expect(response.statusCode).toBe(201);
    return response.json<Part>();
  }

  /** Whether the display image, thumbnail and preview are served (asking makes the preview). */
  async function isServed(image: UploadResult): Promise<boolean> {
    const display = await t.app.inject({ method: 'GET', url: image.secure_url });
    const thumbnail = await t.app.inject({ method: 'GET', url: image.thumbnail_url });
    const preview = await t.app.inject({
      method: 'GET',
      url: image.secure_url.replace('.webp', '-640.webp'),
    });
    expect(display.statusCode).toBe(thumbnail.statusCode);
    expect(display.statusCode).toBe(preview.statusCode);
    return display.statusCode === 200;
  }

  const ageUploads = (hours: number) =>
    t.app.db
      .updateTable('media')
      .set({ last_uploaded_at: new Date(clock.now().getTime() - hours * HOUR).toISOString() })
      .execute();

  it('keeps referenced images forever and removes unused ones after a day', async () => {
    const kept = await uploadNew();
    const keptAbsolute = await uploadNew();
    const ofDeletedPart = await uploadNew();
    const replaced = await uploadNew();
    const replacement = await uploadNew();
    const neverUsed = await uploadNew();

    await createPart(kept.secure_url);
    await createPart(`${t.config.publicUrl}${keptAbsolute.secure_url}`);
    const deleted = await createPart(ofDeletedPart.secure_url);
    const del = await session.inject({ method: 'DELETE', url: `/api/componenti/delete/${deleted._id}` });
    expect(del.statusCode).toBe(204);
    const edited = await createPart(replaced.secure_url);
    const patch = await session.inject({
      method: 'PATCH',
      url: `/api/componenti/modifica/${edited._id}`,
      payload: { urlImmagine: replacement.secure_url },
    });
    expect(patch.statusCode).toBe(200);

    // Younger than a day: everything stays, even what no part uses.
    clock.advance(23 * HOUR);
    expect(await t.app.media.cleanup()).toMatchObject({ removedImages: 0 });
    for (const image of [kept, keptAbsolute, ofDeletedPart, replaced, replacement, neverUsed]) {
      expect(await isServed(image)).toBe(true);
    }

    clock.advance(2 * HOUR);
    const report = await t.app.media.cleanup();
    expect(report).toMatchObject({ removedImages: 2, removedStrayFiles: 0 });
    // The deleted part is in the bin, whence it can come back with its photo.
    for (const image of [kept, keptAbsolute, replacement, ofDeletedPart]) {
      expect(await isServed(image)).toBe(true);
    }
    for (const image of [replaced, neverUsed]) expect(await isServed(image)).toBe(false);

    // 30 days later the bin is purged, and the photo goes with the next cleanup.
    clock.advance(30 * 24 * HOUR);
    expect(await t.app.partLifecycle.purgeExpired()).toBe(1);
    expect(await t.app.media.cleanup()).toMatchObject({ removedImages: 1 });
    expect(await isServed(ofDeletedPart)).toBe(false);
    const hashes = (await t.app.db.selectFrom('media').select('hash').execute()).map((row) => row.hash);
    expect(hashes.sort()).toEqual(
      [kept, keptAbsolute, replacement].map((image) => image.secure_url.slice(7, 71)).sort(),
    );
    // Stored objects are exactly the display images, thumbnails and previews of the kept uploads.
    expect(await storedKeys(t.app)).toEqual(
      [kept, keptAbsolute, replacement]
        .flatMap((image) =>
          [image.secure_url, image.thumbnail_url, image.secure_url.replace('.webp', '-640.webp')].map((url) =>
            url.slice(7),
          ),
        )
        .sort(),
    );
  });

  it('restarts the grace period when the same photo is uploaded again', async () => {
    const image = await uploadNew();
    await ageUploads(48);
    // The same bytes again: reused, and fresh for another day.
    const data = await imageOf('png', { width: 40 + seed, height: 30, noise: 0 });
    const again = await session.inject({
      method: 'POST',
      url: '/api/componenti/upload',
      payload: uploadForm(data),
    });
    expect(again.json()).toEqual(image);
    await t.app.media.cleanup();
    expect(await isServed(image)).toBe(true);
  });

  it('removes stray files without a record and abandoned scratch files', async () => {
    const stray = `${'f'.repeat(64)}.webp`;
    await t.app.media.storage.put(stray, Buffer.from('RIFF....WEBP'), 'image/webp');
    const temp = await t.app.media.storage.createTempFile();
    await new Promise<void>((resolve, reject) =>
      temp.stream.end(Buffer.from('partial'), () => resolve()).on('error', reject),
    );

    expect(await t.app.media.cleanup()).toMatchObject({ removedStrayFiles: 0, removedTempFiles: 0 });
    expect(await t.app.media.storage.exists(stray)).toBe(true);

    clock.advance(25 * HOUR);
    const report = await t.app.media.cleanup();
    expect(report).toMatchObject({ removedStrayFiles: 1, removedTempFiles: 1 });
    expect(await t.app.media.storage.exists(stray)).toBe(false);
  });

  it('asks every registered owner: an image another module still uses is kept', async () => {
    const usedElsewhere = await uploadNew();
    const unused = await uploadNew();
    // A later module (donor vehicles, say) registers its own answer beside the parts'.
    t.app.media.registerImageOwner({
      name: 'vehicles',
      referencedUrls: (urls) =>
        Promise.resolve(new Set(urls.filter((url) => url === usedElsewhere.secure_url))),
    });
    clock.advance(25 * HOUR);
    expect(await t.app.media.cleanup()).toMatchObject({ removedImages: 1 });
    expect(await isServed(usedElsewhere)).toBe(true);
    expect(await isServed(unused)).toBe(false);
  });

  it('runs at start: a restarted server removes an upload abandoned for days', async () => {
    const image = await uploadNew();
    await ageUploads(72);
    // Another app on the same database and DATA_DIR, as after a restart.
    const restarted = await buildApp(t.config, { logger: false, clock });
    try {
      await restarted.ready();
      await vi.waitFor(
        async () => {
          const rows = await restarted.db.selectFrom('media').select('hash').execute();
          expect(rows.map((row) => row.hash)).not.toContain(image.secure_url.slice(7, 71));
          // The record goes first, then the files.
          expect(await isServed(image)).toBe(false);
        },
        { timeout: 5000, interval: 50 },
      );
    } finally {
      await restarted.close();
    }
  });
});
