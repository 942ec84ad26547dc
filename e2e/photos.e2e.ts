import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { BrowserContext, Page, Request } from 'playwright-core';
import type { Part, UploadResult } from '@magazzino/contract';
import { VIEWPORTS } from './support/browser.js';
import { assertNoSidewaysScroll, makePhoto, usePartsSuite, type PartsSuiteHandle } from './support/parts.js';
import { eventually } from './support/poll.js';
import { checkScreen, describeViolations, type ViewportName } from './support/screens.js';

// Several photos per part in Chromium, as a clerk takes them with a phone: three photos made here
// (one a 12 MP, 5+ MB noisy JPEG lying on its side with an EXIF orientation), each with its own
// progress bar, reordered and given a cover, saved with the part; the list shows the cover, the
// lightbox goes through the three; the big one reached the server downscaled and upright.

/**
 * A 4000×3000 JPEG that compresses like a noisy phone photo (about 5.5 MB at quality 92), stored
 * lying on its side with EXIF orientation 6: upright it is 3000 wide and 4000 tall.
 */
async function phonePhoto(seed: number): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed * 2_654_435_761;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      state = (state * 1_103_515_245 + 12_345) >>> 0;
      const noise = ((state >>> 24) % 48) - 24;
      const i = (y * width + x) * 3;
      const shape = Math.sin((x + seed * 37) / 90) * Math.cos((y - seed * 11) / 70) * 60;
      pixels[i] = Math.max(0, Math.min(255, 120 + shape + (x / width) * 80 + noise));
      pixels[i + 1] = Math.max(0, Math.min(255, 100 + shape / 2 + (y / height) * 60 + noise));
      pixels[i + 2] = Math.max(0, Math.min(255, 90 - shape / 3 + noise));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** What the page sent as a photo: its bytes and its size once decoded upright (recorded in the page). */
interface SentPhoto {
  name: string;
  bytes: number;
  width: number;
  height: number;
}

/**
 * Records, in the page, every file the app posts with XMLHttpRequest (the photo uploads): its
 * name, bytes, and width and height as the browser decodes it upright.
 */
async function recordSentPhotos(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const sent: Promise<SentPhoto>[] = [];
    (window as unknown as { sentPhotos: Promise<SentPhoto>[] }).sentPhotos = sent;
    // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with its own `this`
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (body) {
      const file = body instanceof FormData ? body.get('my_file') : null;
      if (file instanceof File) {
        sent.push(
          createImageBitmap(file, { imageOrientation: 'from-image' }).then((bitmap) => ({
            name: file.name,
            bytes: file.size,
            width: bitmap.width,
            height: bitmap.height,
          })),
        );
      }
      send.call(this, body);
    };
  });
}

const sentPhotos = (page: Page) =>
  page.evaluate(() => Promise.all((window as unknown as { sentPhotos: Promise<SentPhoto>[] }).sentPhotos));

/** A text box of the page by its visible label. */
const box = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

/** A signed-in context of `viewport`; a phone has a touch screen (so the camera is offered). */
async function openContext(suite: PartsSuiteHandle, viewport: ViewportName, theme: 'dark' | 'light') {
  const context = await suite.browser.newContext({
    viewport: VIEWPORTS[viewport],
    hasTouch: viewport === 'phone',
    storageState: suite.signedIn,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
  });
  await context.addInitScript(
    (stored: string) => localStorage.setItem('theme', stored),
    theme === 'light' ? 'ligth' : 'dark',
  );
  return context;
}

/** The current photo of the open viewer (waited for with Playwright's default patience). */
const shownInViewer = (page: Page) => page.locator('.yarl__slide_current img').getAttribute('src');

describe('photos of a part in Chromium', () => {
  const suite = usePartsSuite();

  for (const viewport of ['phone', 'desktop'] as const) {
    it(`on a ${viewport}: three photos with their progress, reordered, a cover, downscaled on the way`, async () => {
      const nome = `Fanale con tre foto ${viewport} ${Date.now().toString(36)}`;
      const big = await phonePhoto(viewport === 'phone' ? 3 : 4);
      expect(big.length).toBeGreaterThan(5_000_000);
      const side = await makePhoto(800, 600, 31);
      const back = await makePhoto(640, 480, 32);
      const context = await openContext(suite, viewport, viewport === 'phone' ? 'light' : 'dark');
      await recordSentPhotos(context);
      const page = await context.newPage();
      try {
        // Every upload, in the order sent, with what the server answered.
        const uploads: { request: Request; result: Promise<UploadResult> }[] = [];
        page.on('request', (request) => {
          if (request.url().endsWith('/api/componenti/upload')) {
            uploads.push({
              request,
              result: request.response().then(async (response) => {
                if (!response || response.status() !== 201) throw new Error('upload refused');
                return (await response.json()) as UploadResult;
              }),
            });
          }
        });
        await page.goto(`${suite.server.url}/nuovocomponente`);
        await page.getByRole('heading', { level: 1, name: 'Aggiungi nuovo componente' }).waitFor();
        if (viewport === 'phone') {
          // The camera, one shot at a time, beside the gallery.
          const camera = page.getByLabel('Scatta foto', { exact: true });
          expect(await camera.getAttribute('capture')).toBe('environment');
          expect(await camera.getAttribute('multiple')).toBeNull();
        }
        // A slow connection, so each photo is seen on its way.
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 100,
          downloadThroughput: -1,
          uploadThroughput: 120 * 1024,
        });
        await page.getByLabel('Scegli dalle foto', { exact: true }).setInputFiles([
          { name: 'IMG_4032.jpg', mimeType: 'image/jpeg', buffer: big },
          { name: 'lato.jpg', mimeType: 'image/jpeg', buffer: side },
          { name: 'retro.jpg', mimeType: 'image/jpeg', buffer: back },
        ]);
        const list = page.getByRole('list', { name: 'Foto scelte' });
        for (const n of [1, 2, 3]) {
          await list
            .getByRole('progressbar', { name: `Avanzamento del caricamento della foto ${n}` })
            .waitFor();
        }
        // The bars move as the bytes leave.
        await page.waitForFunction(() =>
          [...document.querySelectorAll('[role="progressbar"]')].some(
            (bar) => Number(bar.getAttribute('aria-valuenow')) > 0,
          ),
        );
        await assertNoSidewaysScroll(page);

        // The form is filled while the photos travel.
        for (const [label, value] of Object.entries({
          Nome: nome,
          Scaffale: 'F',
          Campata: '3',
          Ripiano: '1',
          Cassetta: '7',
          Marca: 'Fiat',
          Modello: 'Punto',
          'Anno di immatricolazione': '2006',
        })) {
          await box(page, label).fill(value);
        }
        await page.getByRole('combobox', { name: 'Categoria' }).fill('Illuminazione');
        await page.getByRole('combobox', { name: 'Condizione' }).fill('Buona');
        await page.waitForFunction(
          () => document.querySelectorAll('[role="progressbar"]').length === 0,
          null,
          {
            timeout: 60_000,
          },
        );
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 0,
          downloadThroughput: -1,
          uploadThroughput: -1,
        });
        expect(uploads).toHaveLength(3);
        const [bigUrl, sideUrl, backUrl] = await Promise.all(
          uploads.map(async (upload) => (await upload.result).secure_url),
        );

        // What travelled: the big one downscaled to 2048 px, upright (portrait), far below its 5+ MB.
        // The upload's Content-Length as Chromium sent it (multipart: the file and a few hundred bytes).
        const bigSent = Number((await uploads[0]?.request.allHeaders())?.['content-length'] ?? Infinity);
        expect(bigSent).toBeLessThan(big.length / 4);
        const sent = await sentPhotos(page);
        expect(sent[0]).toMatchObject({ name: 'IMG_4032.jpg', width: 1536, height: 2048 });
        expect(sent[0]?.bytes).toBeLessThan(bigSent);
        // The small ones travel as they were.
        expect(sent.slice(1).map((photo) => photo.bytes)).toEqual([side.length, back.length]);
        // The server stored it upright too.
        const bigStored = await uploads[0]?.result;
        expect((bigStored?.height ?? 0) > (bigStored?.width ?? 0)).toBe(true);

        // Reorder with the buttons: the back view earlier, then the side view as the cover.
        await list.getByRole('button', { name: 'Sposta prima la foto 3' }).click();
        await list.getByRole('button', { name: 'Usa la foto 3 come copertina' }).click();
        const cover = list.getByRole('listitem').first();
        await cover.getByText('Copertina').waitFor();
        expect(await cover.getByRole('img').getAttribute('src')).toBe(
          sideUrl?.replace('.webp', '-thumb.webp'),
        );
        await page.getByRole('button', { name: 'Aggiungi Componente' }).click();
        const modal = page.getByRole('dialog', { name: 'Componente aggiunto' });
        await modal.getByRole('button', { name: 'Chiudi' }).click();
        await modal.waitFor({ state: 'detached' });

        const found = await suite.api.request.get(
          `${suite.server.url}/api/componenti?q=${encodeURIComponent(nome)}&limit=5`,
        );
        const body = (await found.json()) as Part[] | { data: Part[] };
        const part = (Array.isArray(body) ? body : body.data).find((item) => item.nome === nome);
        if (!part) throw new Error('the part was not saved');
        expect(part.immagini).toEqual([sideUrl, bigUrl, backUrl]);
        expect(part.urlImmagine).toBe(sideUrl);

        // The list's thumbnail is the cover; its viewer goes through the three photos.
        await page.goto(`${suite.server.url}/elencocomponenti?q=${encodeURIComponent(nome)}`);
        const thumb = page.getByRole('button', { name: `Ingrandisci la foto di ${nome}` }).first();
        await thumb.waitFor();
        expect(await thumb.locator('img').getAttribute('src')).toBe(part.miniature[0]);
        await thumb.click();
        const viewer = page.getByRole('dialog', { name: 'Visualizzatore immagini' });
        await viewer.waitFor();
        // Read until the viewer's current slide shows it: the dialog may be there before its slides.
        await eventually(() => shownInViewer(page)).toBe(sideUrl);
        await viewer.getByRole('button', { name: 'Successiva' }).click();
        await page.waitForFunction(
          (url) => document.querySelector('.yarl__slide_current img')?.getAttribute('src') === url,
          bigUrl,
        );
        await page.keyboard.press('Escape');
        await viewer.waitFor({ state: 'detached' });

        // The part's page: every photo, the viewer opened at the second, arrows and swipe.
        await page.goto(`${suite.server.url}/componente/${part._id}`);
        await page.getByRole('heading', { level: 1, name: nome }).waitFor();
        await page.getByRole('button', { name: `Ingrandisci la foto 2 di 3 di ${nome}` }).click();
        await viewer.waitFor();
        await eventually(() => shownInViewer(page)).toBe(bigUrl);
        await page.keyboard.press('ArrowRight');
        await page.waitForFunction(
          (url) => document.querySelector('.yarl__slide_current img')?.getAttribute('src') === url,
          backUrl,
        );
        // A swipe to the right goes back (a drag with the mouse is the same gesture to the viewer).
        const { width, height } = VIEWPORTS[viewport];
        await page.mouse.move(width * 0.2, height / 2);
        await page.mouse.down();
        await page.mouse.move(width * 0.5, height / 2, { steps: 8 });
        await page.mouse.move(width * 0.8, height / 2, { steps: 8 });
        await page.mouse.up();
        await page.waitForFunction(
          (url) => document.querySelector('.yarl__slide_current img')?.getAttribute('src') === url,
          bigUrl,
        );
        await viewer.getByRole('button', { name: 'Precedente' }).click();
        await page.waitForFunction(
          (url) => document.querySelector('.yarl__slide_current img')?.getAttribute('src') === url,
          sideUrl,
        );
      } finally {
        await context.close();
      }
    });
  }

  it('checks the photos of the form and of a part with axe, in both themes, at both widths', async () => {
    const urls = await Promise.all(
      [41, 42, 43].map(async (seed) => suite.uploadPhoto(await makePhoto(800, 600, seed))),
    );
    const part = await suite.createPart({ nome: 'Specchietto con tre foto', immagini: urls });
    const photoFiles = await Promise.all(
      [44, 45].map(async (seed, i) => ({
        name: `foto-${i}.jpg`,
        mimeType: 'image/jpeg',
        buffer: await makePhoto(640, 480, seed),
      })),
    );
    const results = [
      ...(await checkScreen(suite.browser, {
        baseUrl: suite.server.url,
        path: '/nuovocomponente',
        name: 'parts-add-photos',
        storageState: suite.signedIn,
        ready: async (page) => {
          await page.getByLabel('Scegli dalle foto', { exact: true }).setInputFiles(photoFiles);
          const list = page.getByRole('list', { name: 'Foto scelte' });
          await list.getByRole('button', { name: 'Rimuovi la foto 2' }).waitFor();
          await page.waitForFunction(() => document.querySelectorAll('[role="progressbar"]').length === 0);
          await list.getByText('Copertina', { exact: true }).first().waitFor();
          await assertNoSidewaysScroll(page);
        },
      })),
      ...(await checkScreen(suite.browser, {
        baseUrl: suite.server.url,
        path: `/componente/${part._id}`,
        name: 'part-photos',
        storageState: suite.signedIn,
        ready: async (page) => {
          await page
            .getByRole('button', { name: 'Ingrandisci la foto 3 di 3 di Specchietto con tre foto' })
            .waitFor();
          await page.waitForFunction(() =>
            [...document.querySelectorAll<HTMLImageElement>('.part-gallery img')].every(
              (image) => image.complete && image.naturalWidth > 0,
            ),
          );
          await assertNoSidewaysScroll(page);
        },
      })),
      ...(await checkScreen(suite.browser, {
        baseUrl: suite.server.url,
        path: `/modificacomponente/${part._id}`,
        name: 'parts-edit-photos',
        storageState: suite.signedIn,
        ready: async (page) => {
          await page
            .getByRole('list', { name: 'Foto scelte' })
            .getByRole('button', { name: 'Rimuovi la foto 3' })
            .waitFor();
          await assertNoSidewaysScroll(page);
        },
      })),
    ];
    expect(describeViolations(results)).toBe('');
  });
});
