import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { binQrPayload, parsePartCode, partQrPayload, type Part } from '@magazzino/contract';
import { saveScreenshot } from './support/browser.js';
import { launchWithCamera, qrScene } from './support/fake-camera.js';
import { assertNoSidewaysScroll, usePartsSuite, type PartsSuiteHandle } from './support/parts.js';
import { eventually } from './support/poll.js';
import {
  checkScreen,
  describeViolations,
  openPage,
  VIEWPORT_NAMES,
  type ViewportName,
} from './support/screens.js';

// Scanning with Chromium's fake camera playing a QR label (a .y4m written from the QR the labels
// print): the navbar's 'Scansiona' opens a part from its label; 'Sposta' on a part's page moves it
// to the bin whose label the camera sees. Chromium on Linux has no BarcodeDetector backend, so this
// is the zxing WebAssembly reader, loaded from our own /assets/ under the served CSP.

/**
 * Every camera stream the page opens, kept so the test can check it was stopped (the camera's light
 * off) once the reader closed.
 */
async function recordStreams(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const streams: MediaStream[] = [];
    (window as unknown as { cameraStreams: MediaStream[] }).cameraStreams = streams;
    const devices = navigator.mediaDevices;
    const open = devices.getUserMedia.bind(devices);
    devices.getUserMedia = async (constraints) => {
      const stream = await open(constraints);
      streams.push(stream);
      return stream;
    };
  });
}

/** How many camera streams the page opened, and how many of their tracks are still live. */
function cameraUse(page: Page): Promise<{ streams: number; live: number }> {
  return page.evaluate(() => {
    const streams = (window as unknown as { cameraStreams: MediaStream[] }).cameraStreams;
    const live = streams.flatMap((s) => s.getTracks()).filter((track) => track.readyState === 'live');
    return { streams: streams.length, live: live.length };
  });
}

/** A signed-in page in a browser whose camera sees `picture`, the camera allowed for the app. */
async function withCamera(
  suite: PartsSuiteHandle,
  picture: Buffer,
  viewport: ViewportName,
  use: (page: Page) => Promise<void>,
): Promise<void> {
  const camera = await launchWithCamera(picture);
  try {
    const { context, page } = await openPage(camera.browser, { viewport, storageState: suite.signedIn });
    await context.grantPermissions(['camera'], { origin: suite.server.url });
    await recordStreams(context);
    // The reader's WebAssembly must come from our own assets, never a CDN.
    const wasm: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('.wasm')) wasm.push(request.url());
    });
    await use(page);
    expect(wasm.length).toBeGreaterThan(0);
    for (const url of wasm)
      expect(url).toMatch(new RegExp(`^${suite.server.url}/assets/zxing_reader-[\\w-]+\\.wasm$`));
  } finally {
    await camera.close();
  }
}

/**
 * Opens the navbar's reader: on a phone its button stands in the bar beside the menu button; at
 * 1280 px the areas and the e-mail fill the bar, and it is the user menu's first item.
 */
async function openNavbarReader(page: Page, viewport: ViewportName): Promise<void> {
  const bar = page.getByRole('banner');
  if (viewport === 'desktop') await bar.locator('#user-menu').click();
  // Visible without opening the phone's menu (the signed-in bar is a lazy chunk: the click waits
  // for it, with Playwright's default patience).
  await bar.getByRole('button', { name: 'Scansiona' }).click();
}

/** The seq in a part's code ('R-000012' → 12). */
function seqOf(part: Part): number {
  const seq = parsePartCode(part.codiceRicambio);
  if (seq === null) throw new Error(`no part code: ${part.codiceRicambio}`);
  return seq;
}

describe('scanning labels with the camera in Chromium', () => {
  const suite = usePartsSuite();

  for (const viewport of VIEWPORT_NAMES) {
    it(`on a ${viewport}: the navbar's 'Scansiona' reads a part's label and opens the part`, async () => {
      const part = await suite.createPart({ nome: `Pompa freno ${viewport}` });
      const label = partQrPayload(suite.server.url, seqOf(part));
      await withCamera(suite, await qrScene(label), viewport, async (page) => {
        await page.goto(`${suite.server.url}/dashboardpage`);
        await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
        await openNavbarReader(page, viewport);
        await page.getByRole('heading', { level: 1, name: part.nome }).waitFor();
        expect(page.url()).toBe(`${suite.server.url}/componente/${part._id}`);
        await page.getByRole('dialog').waitFor({ state: 'detached' });
        // The stream is stopped by the reader's cleanup, which React runs after the DOM is updated.
        await eventually(() => cameraUse(page)).toEqual({ streams: 1, live: 0 });

        // The label's URL itself (a phone's own camera app opens it): the same part.
        await page.goto(label);
        await page.getByRole('heading', { level: 1, name: part.nome }).waitFor();
        expect(page.url()).toBe(`${suite.server.url}/componente/${part._id}`);
      });
    });

    it(`on a ${viewport}: 'Sposta' reads a bin's label and moves the part there, in its history`, async () => {
      const part = await suite.createPart({ nome: `Centralina ${viewport}` });
      const bin = ['B', '04', '3', viewport === 'phone' ? '12' : '13'];
      const code = bin.join('-');
      await withCamera(suite, await qrScene(binQrPayload(suite.server.url, bin)), viewport, async (page) => {
        await page.goto(`${suite.server.url}/componente/${part._id}`);
        await page.getByRole('heading', { level: 1, name: part.nome }).waitFor();
        await page.getByRole('button', { name: 'Sposta' }).click();
        const dialog = page.getByRole('dialog', { name: `Sposta ${part.nome}` });
        await dialog.getByText(`Spostare in ${code}?`).waitFor();
        await dialog.getByText(`${part.nome} passa da A-1-2-3 a ${code}.`).waitFor();
        // The question replaced the reader: the camera goes off with it, while the question shows
        // (the reader's cleanup runs just after the DOM is updated).
        await eventually(async () => (await cameraUse(page)).live).toBe(0);
        if (viewport === 'phone') await assertNoSidewaysScroll(page);
        await dialog.getByRole('button', { name: 'Sposta qui' }).click();

        await page.getByText(`Componente spostato in ${code}`).waitFor();
        await dialog.waitFor({ state: 'detached' });
        await page
          .getByRole('region', { name: 'Ubicazione' })
          .getByText(`Scaffale B, campata 04, ripiano 3, cassetta ${bin[3] ?? ''}`)
          .waitFor();
        await page
          .getByRole('list', { name: 'Storico' })
          .getByText(/ha cambiato lo scaffale da «A» a «B», la campata da «1» a «04»/)
          .waitFor();
      });
      const stored = (await (
        await suite.api.request.get(`${suite.server.url}/api/componenti/${part._id}`)
      ).json()) as Part;
      expect(stored).toMatchObject({
        scaffale: 'B',
        campata: '04',
        ripiano: '3',
        cassetta: bin[3],
        version: part.version + 1,
      });
    });
  }

  it('photographs the reader and the move question; axe clean in both themes, phone and desktop', async () => {
    const part = await suite.createPart({ nome: 'Motorino tergicristallo' });
    // A label still being aimed at: part of a QR at the picture's edge, which nothing decodes.
    const camera = await launchWithCamera(
      await qrScene(binQrPayload(suite.server.url, ['B', '04', '3', '12']), { visible: 0.6 }),
    );
    const allowCamera = (page: Page) =>
      page.context().grantPermissions(['camera'], { origin: suite.server.url });
    try {
      const results = [];
      for (const theme of ['dark', 'light'] as const) {
        // One theme per run: the footer's theme switch cannot be reached under the open dialog.
        results.push(
          ...(await checkScreen(camera.browser, {
            baseUrl: suite.server.url,
            path: '/dashboardpage',
            name: 'scan-reader',
            storageState: suite.signedIn,
            themes: [theme],
            ready: async (page) => {
              await allowCamera(page);
              await openNavbarReader(page, 'desktop');
              const dialog = page.getByRole('dialog', { name: 'Scansiona codice' });
              await dialog.getByText('Inquadra il QR: si apre da solo appena letto.').waitFor();
              await page.waitForFunction(() => {
                const video = document.querySelector('video');
                return video !== null && video.videoWidth > 0 && !video.paused;
              });
            },
          })),
          ...(await checkScreen(camera.browser, {
            baseUrl: suite.server.url,
            path: `/componente/${part._id}`,
            name: 'scan-move',
            storageState: suite.signedIn,
            themes: [theme],
            ready: async (page) => {
              await allowCamera(page);
              await page.getByRole('button', { name: 'Sposta' }).click();
              const dialog = page.getByRole('dialog', { name: `Sposta ${part.nome}` });
              await dialog.getByRole('textbox', { name: 'Oppure scrivi il codice' }).fill('b 04 3 12');
              await dialog.getByRole('button', { name: 'Continua' }).click();
              await dialog.getByText('Spostare in B-04-3-12?').waitFor();
            },
          })),
        );
      }
      expect(describeViolations(results)).toBe('');

      // What a clerk's phone shows (the screen, not the page under the dialog), for the README.
      const { page } = await openPage(camera.browser, { viewport: 'phone', storageState: suite.signedIn });
      await allowCamera(page);
      await page.goto(`${suite.server.url}/dashboardpage`);
      await openNavbarReader(page, 'phone');
      await page.getByText('Inquadra il QR: si apre da solo appena letto.').waitFor();
      // The camera's picture, not the black box before its first frame.
      await page.waitForFunction(() => {
        const video = document.querySelector('video');
        return video !== null && video.videoWidth > 0 && !video.paused;
      });
      await saveScreenshot(page, 'scan-camera-dark-phone', { fullPage: false });
      await page.context().close();
      const desktop = await openPage(camera.browser, { theme: 'light', storageState: suite.signedIn });
      await allowCamera(desktop.page);
      await desktop.page.goto(`${suite.server.url}/componente/${part._id}`);
      await desktop.page.getByRole('button', { name: 'Sposta' }).click();
      const dialog = desktop.page.getByRole('dialog', { name: `Sposta ${part.nome}` });
      await dialog.getByRole('textbox', { name: 'Oppure scrivi il codice' }).fill('B-04-3-12');
      await dialog.getByRole('button', { name: 'Continua' }).click();
      await dialog.getByText('Spostare in B-04-3-12?').waitFor();
      await desktop.page.mouse.move(0, 0);
      await saveScreenshot(desktop.page, 'scan-move-screen-light-desktop', { fullPage: false });
      await desktop.context.close();
    } finally {
      await camera.close();
    }
  });
});
