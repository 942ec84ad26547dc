import { Writable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PartInputSchema, type CategoryCount, type Part } from '@magazzino/contract';
import { buildApp } from '../app.js';
import { buildTestApp, signIn, type Session, type TestApp } from '../../test/app.js';
import { ManualClock } from '../../test/clock.js';
import { createTestDatabase, DIALECTS } from '../../test/databases.js';
import { storedKeys } from '../../test/images.js';
import { CATEGORIES } from './demo-catalogue.js';
import { chooseDemoPhotos, generateDemoParts } from './demo-data.js';
import { DEMO_PHOTOS, DemoPhotoRenderer, PHOTO_HEIGHT, PHOTO_WIDTH } from './demo-photos.js';
import { DEMO_COUNT, demoCommand, loadDemoParts } from './demo-command.js';

const DAY = 24 * 60 * 60 * 1000;

/** A writable that keeps what was written. */
function sink(): NodeJS.WritableStream & { text: () => string } {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      text += chunk.toString();
      callback();
    },
  });
  return Object.assign(stream, { text: () => text });
}

describe('generateDemoParts', () => {
  it('is deterministic, valid by the API rules, and varied', () => {
    const parts = generateDemoParts(DEMO_COUNT);
    expect(generateDemoParts(DEMO_COUNT)).toEqual(parts);
    for (const part of parts)
      expect(PartInputSchema.safeParse(part).success, JSON.stringify(part)).toBe(true);
    const distinct = (field: keyof (typeof parts)[number]) => new Set(parts.map((p) => p[field])).size;
    expect(distinct('categoria')).toBe(10);
    expect(distinct('marca')).toBeGreaterThanOrEqual(10);
    expect(distinct('modello')).toBeGreaterThanOrEqual(20);
    expect(distinct('condizione')).toBe(4);
    expect(new Set(parts.map((p) => p.codice)).size).toBeGreaterThan(DEMO_COUNT * 0.95);
    expect(parts.map((p) => `${p.marca} ${p.modello}`)).toContain('Fiat Punto');
  });
});

describe('demo photos', () => {
  it('gives most parts a photo of their category, of their kind of part when one is drawn', () => {
    const parts = generateDemoParts(DEMO_COUNT);
    const photos = chooseDemoPhotos(parts);
    expect(chooseDemoPhotos(parts).map((photo) => photo?.id)).toEqual(photos.map((photo) => photo?.id));
    const withPhoto = photos.filter((photo) => photo !== null).length;
    expect(withPhoto).toBeGreaterThanOrEqual(DEMO_COUNT * 0.85);
    expect(withPhoto).toBeLessThanOrEqual(DEMO_COUNT * 0.9);
    parts.forEach((part, index) => {
      const photo = photos[index];
      if (!photo) return;
      expect(photo.categoria).toBe(part.categoria);
      const drawnForKind = DEMO_PHOTOS.some(
        (p) => p.categoria === part.categoria && p.fits.some((word) => part.nome.includes(word)),
      );
      if (drawnForKind)
        expect(
          photo.fits.some((word) => part.nome.includes(word)),
          part.nome,
        ).toBe(true);
    });
    // Right-hand lights get the mirrored drawing.
    const rightHeadlights = photos.filter(
      (photo, index) => photo && parts[index]?.nome === 'Faro anteriore destro',
    );
    expect(rightHeadlights.length).toBeGreaterThan(0);
    expect(new Set(rightHeadlights.map((photo) => photo?.id))).toEqual(
      new Set(['illuminazione-faro-destro']),
    );
  });

  it('draws 3 to 5 photos per category, each rendered to the same bytes every time', async () => {
    for (const categoria of Object.keys(CATEGORIES)) {
      const count = DEMO_PHOTOS.filter((photo) => photo.categoria === categoria).length;
      expect(count, categoria).toBeGreaterThanOrEqual(3);
      expect(count, categoria).toBeLessThanOrEqual(5);
    }
    expect(new Set(DEMO_PHOTOS.map((photo) => photo.id)).size).toBe(DEMO_PHOTOS.length);
    const [first, second] = DEMO_PHOTOS;
    if (!first || !second) throw new Error('no demo photos');
    const png = await new DemoPhotoRenderer().render(first);
    expect((await new DemoPhotoRenderer().render(first)).equals(png)).toBe(true);
    expect((await new DemoPhotoRenderer().render(second)).equals(png)).toBe(false);
    expect(await sharp(png).metadata()).toMatchObject({
      format: 'png',
      width: PHOTO_WIDTH,
      height: PHOTO_HEIGHT,
      channels: 3,
    });
  });
});

describe.each(DIALECTS)('npm run demo on %s', (dialect) => {
  let t: TestApp;
  let session: Session;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    session = await signIn(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('loads the demo warehouse once, refuses a second run, adds again with force', async () => {
    const first = await loadDemoParts(t.config);
    expect(first).toMatchObject({ inserted: DEMO_COUNT, total: DEMO_COUNT });
    expect(Object.values(first.byCategory).reduce((a, b) => a + b, 0)).toBe(DEMO_COUNT);

    const list = await session.inject({ method: 'GET', url: '/api/componenti?limit=5' });
    expect(list.headers['x-total-count']).toBe(String(DEMO_COUNT));
    const newest = list.json<Part[]>()[0];
    expect(newest && Date.parse(newest.createdAt)).toBeLessThanOrEqual(Date.now());
    const categories = (await session.inject({ method: 'GET', url: '/api/componenti/categorie' })).json<
      CategoryCount[]
    >();
    expect(categories.map((c) => c.categoria)).toEqual([
      'Carrozzeria',
      'Elettronica',
      'Freni',
      'Illuminazione',
      'Interni',
      'Motore',
      'Raffreddamento',
      'Scarico',
      'Sospensioni',
      'Trasmissione',
    ]);

    const second = await loadDemoParts(t.config);
    expect(second).toMatchObject({ inserted: 0, total: DEMO_COUNT });
    const forced = await loadDemoParts(t.config, { force: true, count: 10 });
    expect(forced).toMatchObject({ inserted: 10, total: DEMO_COUNT + 10 });
  });

  it('gives most parts a generated photo, stored once, served by the app and kept by the cleanup', async () => {
    const own = await buildTestApp(dialect);
    try {
      const owner = await signIn(own.app);
      // Loaded days ago: the photos are past the cleanup's grace period for unused uploads.
      const clock = new ManualClock(new Date(Date.now() - 3 * DAY));
      const first = await loadDemoParts(own.config, { clock });
      expect(first.inserted).toBe(DEMO_COUNT);
      expect(first.withPhoto).toBeGreaterThanOrEqual(DEMO_COUNT * 0.85);
      expect(first.withPhoto).toBeLessThanOrEqual(DEMO_COUNT * 0.9);
      expect(first.newPhotos).toBe(first.photos);

      const all = (await owner.inject({ method: 'GET', url: '/api/componenti' })).json<Part[]>();
      expect(all).toHaveLength(DEMO_COUNT);
      const photographed = all.filter((part) => part.urlImmagine !== null);
      expect(photographed).toHaveLength(first.withPhoto);
      for (const part of photographed) {
        expect(part.urlImmagine).toMatch(/^\/media\/[a-f0-9]{64}\.webp$/);
        expect(part.urlMiniatura).toBe(part.urlImmagine?.replace('.webp', '-thumb.webp'));
      }
      expect(new Set(photographed.map((part) => part.categoria)).size).toBe(Object.keys(CATEGORIES).length);
      // Each image once: one media row per distinct photo, a display image and a thumbnail each.
      const urls = [...new Set(photographed.map((part) => part.urlImmagine ?? ''))];
      expect(urls).toHaveLength(first.photos);
      expect(first.photos).toBeGreaterThanOrEqual(30);
      const countMedia = async () => (await own.app.db.selectFrom('media').select('hash').execute()).length;
      expect(await countMedia()).toBe(urls.length);
      expect(await storedKeys(own.app)).toHaveLength(2 * urls.length);

      for (const url of urls) {
        const display = await own.app.inject({ method: 'GET', url });
        expect(display.statusCode, url).toBe(200);
        expect(display.headers['content-type']).toBe('image/webp');
        const thumbnail = await own.app.inject({ method: 'GET', url: url.replace('.webp', '-thumb.webp') });
        expect(thumbnail.statusCode, url).toBe(200);
        expect(thumbnail.headers['content-type']).toBe('image/webp');
        if (url === urls[0]) {
          expect(await sharp(display.rawPayload).metadata()).toMatchObject({
            format: 'webp',
            width: PHOTO_WIDTH,
            height: PHOTO_HEIGHT,
          });
          expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 240 });
        }
      }

      // Again with --force: more parts, the same images (reused, none stored anew).
      const forced = await loadDemoParts(own.config, { force: true, clock });
      expect(forced).toMatchObject({ inserted: DEMO_COUNT, total: 2 * DEMO_COUNT, newPhotos: 0 });
      expect(forced.photos).toBe(first.photos);
      expect(await countMedia()).toBe(urls.length);
      expect(await storedKeys(own.app)).toHaveLength(2 * urls.length);

      // A server started now runs the cleanup at once: the parts use every photo, none goes.
      const restarted = await buildApp(own.config, { logger: false });
      try {
        await restarted.ready();
        await restarted.media.idle();
        expect(await countMedia()).toBe(urls.length);
        expect(await restarted.media.cleanup()).toMatchObject({ removedImages: 0, removedStrayFiles: 0 });
      } finally {
        await restarted.close();
      }
      // The cleanup did look at them: once no part uses a photo (nor one in the bin), it goes.
      const [dropped] = urls;
      for (const part of (await owner.inject({ method: 'GET', url: '/api/componenti' })).json<Part[]>()) {
        if (part.urlImmagine !== dropped) continue;
        const deleted = await owner.inject({ method: 'DELETE', url: `/api/componenti/delete/${part._id}` });
        expect(deleted.statusCode).toBeLessThan(300);
      }
      expect(await own.app.media.cleanup()).toMatchObject({ removedImages: 0 });
      const emptied = await owner.inject({ method: 'DELETE', url: '/api/cestino' });
      expect(emptied.statusCode).toBe(200);
      expect(await own.app.media.cleanup()).toMatchObject({ removedImages: 1 });
      expect((await own.app.inject({ method: 'GET', url: dropped ?? '' })).statusCode).toBe(404);
      expect(await countMedia()).toBe(urls.length - 1);
    } finally {
      await own.close();
    }
  });

  it('as a command: prints what it did, then refuses with exit code 1', async () => {
    const database = await createTestDatabase(dialect);
    const env = { DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl };
    try {
      const out = sink();
      const err = sink();
      expect(await demoCommand({ argv: ['--count', '25'], stdout: out, stderr: err, env })).toBe(0);
      expect(out.text()).toMatch(/^Caricati 25 componenti dimostrativi in /);
      expect(out.text()).toMatch(/Per categoria: .*\d/);
      expect(out.text()).toMatch(
        /Con foto: 2\d componenti su 25 \(\d+ immagini generate, \d+ salvate ora in .*media, 0 già presenti\)/,
      );
      const again = sink();
      expect(await demoCommand({ argv: [], stdout: sink(), stderr: again, env })).toBe(1);
      expect(again.text()).toMatch(/contiene già 25 componenti: dati dimostrativi NON caricati/);
      expect(again.text()).toContain('--force');
      const forced = sink();
      expect(
        await demoCommand({ argv: ['--force', '--count', '5'], stdout: forced, stderr: sink(), env }),
      ).toBe(0);
      // The first five parts again: their photos were stored by the first run.
      expect(forced.text()).toMatch(
        /Con foto: \d componenti su 5 \((\d+) immagini generate, 0 salvate ora in .*media, \1 già presenti\)/,
      );
    } finally {
      await database.drop();
    }
  });

  it('as a command: explains bad options without touching the database', async () => {
    const err = sink();
    expect(await demoCommand({ argv: ['--count', 'molti'], stdout: sink(), stderr: err, env: {} })).toBe(2);
    expect(err.text()).toMatch(/--count deve essere un numero intero/);
    expect(await demoCommand({ argv: ['--boh'], stdout: sink(), stderr: sink(), env: {} })).toBe(2);
    const help = sink();
    expect(await demoCommand({ argv: ['--help'], stdout: help, stderr: sink(), env: {} })).toBe(0);
    expect(help.text()).toMatch(/^Uso: npm run demo/);
  });
});
