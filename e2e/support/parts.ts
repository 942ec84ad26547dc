import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll } from 'vitest';
import { EXAMPLE_PART_INPUT, type Part, type PartInput, type UploadResult } from '@magazzino/contract';
import { launchBrowser } from './browser.js';
import { openPage, type OpenPageOptions, type StorageState } from './screens.js';
import { startServer, type RunningServer } from './server.js';

let sequence = 0;

/**
 * A complete part input with overrides; codes are unique per call (in this process) and the same
 * on every run. A code is searched like any text, so it must not hold a random piece that a test's
 * short search could find by chance: a timestamp in base 36 ('COD-mx0mc3ab-5', made near 16:00 UTC
 * on 2026-11-28) is found by 'c3', and the parts list's test then saw a Fiat Punto beside the
 * Citroën C3. 'X' and the sequence ('codx7' once folded) hold no pair a test searches for.
 */
export function partInput(overrides: Partial<PartInput> = {}): PartInput {
  sequence += 1;
  return {
    ...EXAMPLE_PART_INPUT,
    nome: `Faro anteriore ${sequence}`,
    codice: `COD-X${sequence}`,
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

/** A parts suite as the tests of one file use it, started before them and stopped after. */
export interface PartsSuiteHandle extends Omit<PartsSuite, 'close'> {
  /** Opens `path` in a fresh signed-in context (desktop, dark theme unless told). */
  open: (
    path: string,
    options?: Omit<OpenPageOptions, 'storageState'>,
  ) => Promise<{ context: BrowserContext; page: Page }>;
  /** Runs `use` on `path` opened as with `open`, and closes the context whatever happens. */
  inPage: (
    path: string,
    use: (page: Page, context: BrowserContext) => Promise<void>,
    options?: Omit<OpenPageOptions, 'storageState'>,
  ) => Promise<void>;
  /** Creates a part through the API. */
  createPart: (overrides?: Partial<PartInput>) => Promise<Part>;
  /** Uploads a photo through the API; returns its URL to store on a part. */
  uploadPhoto: (photo: Buffer) => Promise<string>;
}

/**
 * The start-up every parts suite shares, registered in the calling `describe`: before its tests
 * the built app, Chromium and a signed-in user (then `seed`, for the file's test data); after
 * them, everything stopped. Read the handle's properties inside tests, not while collecting.
 */
export function usePartsSuite(seed?: (suite: PartsSuiteHandle) => Promise<void>): PartsSuiteHandle {
  let started: PartsSuite | undefined;
  const get = (): PartsSuite => {
    if (!started) throw new Error('the parts suite is not running: read it inside a test or hook');
    return started;
  };
  const handle: PartsSuiteHandle = {
    get server() {
      return get().server;
    },
    get browser() {
      return get().browser;
    },
    get signedIn() {
      return get().signedIn;
    },
    get api() {
      return get().api;
    },
    open: async (path, options = {}) => {
      const opened = await openPage(get().browser, { ...options, storageState: get().signedIn });
      await opened.page.goto(get().server.url + path);
      return opened;
    },
    inPage: async (path, use, options) => {
      const { context, page } = await handle.open(path, options);
      try {
        await use(page, context);
      } finally {
        await context.close();
      }
    },
    createPart: (overrides) => apiCreatePart(get().api.request, get().server.url, overrides),
    uploadPhoto: async (photo) =>
      (await apiUploadPhoto(get().api.request, get().server.url, photo)).secure_url,
  };
  beforeAll(async () => {
    started = await startPartsSuite();
    await seed?.(handle);
  });
  afterAll(async () => {
    await started?.close();
  });
  return handle;
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

/** The columns of the parts table, by the name of the field they show. */
export type PartsColumn = 'codice' | 'nome' | 'categoria' | 'marca' | 'modello' | 'ubicazione' | 'peso';

/**
 * The texts of one column of the parts table on the page, as the clerk sees them (the words
 * screen readers hear instead of a location's dots are left out).
 */
export async function columnTexts(page: Page, column: PartsColumn): Promise<string[]> {
  return page.locator(`table.parts-table tbody td.parts-col-${column}`).evaluateAll((cells) =>
    cells.map((cell) => {
      const copy = cell.cloneNode(true) as HTMLElement;
      // What screen readers alone hear is left out: the cell's text as seen.
      copy.querySelectorAll('.visually-hidden').forEach((hidden) => hidden.remove());
      return (copy.textContent ?? '').trim();
    }),
  );
}

/** Waits until the parts table shows exactly `count` rows. */
export async function waitForRows(page: Page, count: number): Promise<void> {
  await page.waitForFunction(
    (n) => document.querySelectorAll('table.parts-table tbody tr').length === n,
    count,
  );
}

/**
 * Call before the action that changes what a parts list asks for (a search, a filter): resolves
 * once the server has answered the GET /api/componenti whose query holds `params`, and the page
 * has drawn that answer. While the next page loads, the list keeps the previous one on screen
 * (marked aria-busy), so its rows prove nothing when the new answer has as many, or the same part.
 */
export function listAnswer(page: Page, params: Record<string, string>): Promise<void> {
  const answered = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return (
      url.pathname === '/api/componenti' &&
      Object.entries(params).every(([name, value]) => url.searchParams.get(name) === value)
    );
  });
  // The list (the previous page, or the skeleton of a first one) was marked busy before the
  // request left, and stays so until the answer is drawn.
  return answered.then(async () => {
    await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
  });
}

/**
 * Waits until every thumbnail drawn has loaded (before a screenshot): those below the fold too,
 * which the page would load only when scrolled to.
 */
export async function waitForThumbnails(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const image of document.querySelectorAll<HTMLImageElement>('.parts-thumb-button img'))
      image.loading = 'eager';
  });
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLImageElement>('.parts-thumb-button img')].every(
      (image) => image.complete,
    ),
  );
}

/** Fails when the screen's <main> scrolls sideways (every screen must fit a phone's width). */
export async function assertNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => {
    const main = document.querySelector('main');
    return main ? main.scrollWidth - main.clientWidth : -1;
  });
  if (overflow !== 0) throw new Error(`the screen scrolls sideways by ${overflow}px`);
}

/**
 * How far the page, and any table in it, reaches past the window's width (0 when nothing
 * scrolls sideways: neither the document nor a table inside its scrolling wrapper).
 */
export async function sidewaysOverflow(page: Page): Promise<{ document: number; tables: number }> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const tables = [...document.querySelectorAll('.table-responsive')].map(
      (wrapper) => wrapper.scrollWidth - wrapper.clientWidth,
    );
    return { document: root.scrollWidth - root.clientWidth, tables: Math.max(0, ...tables) };
  });
}
