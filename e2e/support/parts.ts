import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { EXAMPLE_PART_INPUT, type Part, type PartInput, type UploadResult } from '@magazzino/contract';
import { launchBrowser } from './browser.js';
import { openPage, type StorageState } from './screens.js';
import { startServer, type RunningServer } from './server.js';

let sequence = 0;

/** A complete part input with overrides; codes are unique per call. */
export function partInput(overrides: Partial<PartInput> = {}): PartInput {
  sequence += 1;
  return {
    ...EXAMPLE_PART_INPUT,
    nome: `Faro anteriore ${sequence}`,
    codice: `COD-${Date.now().toString(36)}-${sequence}`,
    ...overrides,
  };
}

/**
 * A real JPEG photo made by sharp: random noise over a colour, so it compresses like a photo
 * (about 100 KB at 480×360) rather than like a flat square.
 */
export async function makePhoto(width = 480, height = 360, seed = 1): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed * 2_654_435_761;
  for (let i = 0; i < pixels.length; i++) {
    state = (state * 1_103_515_245 + 12_345) >>> 0;
    const base = i % 3 === 0 ? 180 : i % 3 === 1 ? 90 : 40;
    pixels[i] = (base + (state >>> 24) / 3) & 0xff;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/**
 * Signs a new user up through POST /api/users/signup from the page's context: the session
 * cookie lands in the browser context. Returns the context's storage state to reuse.
 */
export async function signUpInPage(page: Page, baseUrl: string): Promise<StorageState> {
  sequence += 1;
  const id = `${Date.now().toString(36)}${sequence}`;
  const res = await page.request.post(`${baseUrl}/api/users/signup`, {
    data: { email: `ricambi.${id}@example.it`, password: 'Ricambi-2025!', username: `Addetto ${sequence}` },
  });
  if (res.status() !== 201) throw new Error(`signup failed: ${res.status()} ${await res.text()}`);
  return page.context().storageState();
}

/** Opens a signed-in storage state: a fresh user, signed up once per test file. */
export async function signedInState(browser: Browser, baseUrl: string): Promise<StorageState> {
  const { context, page } = await openPage(browser);
  try {
    return await signUpInPage(page, baseUrl);
  } finally {
    await context.close();
  }
}

/** What every parts browser suite starts with: the app, Chromium, a signed-in user and its API context. */
export interface PartsSuite {
  server: RunningServer;
  browser: Browser;
  signedIn: StorageState;
  /** A signed-in context whose `request` creates test data through the API. */
  api: BrowserContext;
  close(): Promise<void>;
}

/** Starts the built app and Chromium, and signs a fresh user in. */
export async function startPartsSuite(): Promise<PartsSuite> {
  const server = await startServer();
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const signedIn = await signedInState(browser, server.url);
    const { context: api } = await openPage(browser, { storageState: signedIn });
    const opened = browser;
    return {
      server,
      browser: opened,
      signedIn,
      api,
      close: async () => {
        await api.close();
        await opened.close();
        await server.stop();
      },
    };
  } catch (error) {
    await browser?.close();
    await server.stop();
    throw error;
  }
}

/** Creates a part through the API (fast test data). */
export async function apiCreatePart(
  request: APIRequestContext,
  baseUrl: string,
  overrides: Partial<PartInput> = {},
): Promise<Part> {
  const res = await request.post(`${baseUrl}/api/componenti/crea-componente`, { data: partInput(overrides) });
  if (res.status() !== 201) throw new Error(`create failed: ${res.status()} ${await res.text()}`);
  return (await res.json()) as Part;
}

/** Uploads a photo through the API; returns the server's URLs. */
export async function apiUploadPhoto(
  request: APIRequestContext,
  baseUrl: string,
  photo: Buffer,
): Promise<UploadResult> {
  const res = await request.post(`${baseUrl}/api/componenti/upload`, {
    multipart: { my_file: { name: 'foto.jpg', mimeType: 'image/jpeg', buffer: photo } },
  });
  if (res.status() !== 201) throw new Error(`upload failed: ${res.status()} ${await res.text()}`);
  return (await res.json()) as UploadResult;
}

/** Deletes a part through the API. */
export async function apiDeletePart(request: APIRequestContext, baseUrl: string, id: string): Promise<void> {
  const res = await request.delete(`${baseUrl}/api/componenti/delete/${encodeURIComponent(id)}`);
  if (res.status() !== 204) throw new Error(`delete failed: ${res.status()} ${await res.text()}`);
}

/** The texts of one column of the parts table on the page (1-based column index). */
export async function columnTexts(page: Page, column: number): Promise<string[]> {
  return page.locator(`table.parts-table tbody tr td:nth-child(${column})`).allInnerTexts();
}

/** Column numbers of the parts table. */
export const COLUMN = { immagine: 1, codice: 2, nome: 3, categoria: 4, peso: 11 } as const;

/** Fails when the screen's <main> scrolls sideways (every screen must fit a phone's width). */
export async function assertNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => {
    const main = document.querySelector('main');
    return main ? main.scrollWidth - main.clientWidth : -1;
  });
  if (overflow !== 0) throw new Error(`the screen scrolls sideways by ${overflow}px`);
}
