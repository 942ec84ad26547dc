import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, saveScreenshot, seriousAxeViolations } from './support/browser.js';
import { eventually } from './support/poll.js';
import {
  checkScreen,
  describeViolations,
  openPage,
  THEMES,
  type ScreenResult,
  type StorageState,
} from './support/screens.js';
import { startServer, type RunningServer } from './support/server.js';
import { createAccount, openUserMenu, signInByApi, type TestAccount } from './support/session.js';

interface ThemeLog {
  firstFrame: string | null;
  firstFrameBackground: string | null;
  changes: (string | null)[];
}

/** Records, from before any page script, the theme at the first frame and every later change. */
function recordTheme() {
  const log: ThemeLog = { firstFrame: null, firstFrameBackground: null, changes: [] };
  (window as unknown as { themeLog: ThemeLog }).themeLog = log;
  new MutationObserver((records) => {
    for (const record of records) {
      log.changes.push((record.target as Element).getAttribute('data-bs-theme'));
    }
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-bs-theme'] });
  requestAnimationFrame(() => {
    log.firstFrame = document.documentElement.getAttribute('data-bs-theme');
    log.firstFrameBackground = document.body ? getComputedStyle(document.body).backgroundColor : null;
  });
}

interface FirstScreenLog {
  spinnerSeen: boolean;
  /** Whether the user menu was there when the page's heading first was: null until it is. */
  userMenuWithHeading: boolean | null;
}

/**
 * Records, from before any page script, whether 'Caricamento in corso…' was ever drawn and whether
 * the signed-in bar's menu came with the first heading. A MutationObserver's callback runs after
 * each commit of React's, before the next one, so a spinner drawn and removed is seen.
 */
function recordFirstScreen() {
  const log: FirstScreenLog = { spinnerSeen: false, userMenuWithHeading: null };
  (window as unknown as { firstScreen: FirstScreenLog }).firstScreen = log;
  new MutationObserver(() => {
    if (document.querySelector('.loading-spinner')) log.spinnerSeen = true;
    if (log.userMenuWithHeading === null && document.querySelector('main h1')) {
      log.userMenuWithHeading = document.getElementById('user-menu') !== null;
    }
  }).observe(document, { childList: true, subtree: true });
}

const themeLog = (page: Page) =>
  page
    .waitForFunction(() => {
      const log = (window as unknown as { themeLog?: ThemeLog }).themeLog;
      return log && log.firstFrame !== null ? log : null;
    })
    .then((handle) => handle.jsonValue() as Promise<ThemeLog>);

describe('the app shell in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let account: TestAccount;
  let signedIn: StorageState;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    account = await createAccount(server.url);
    const { context, page } = await openPage(browser);
    await signInByApi(page, server.url, account);
    await page.goto(server.url + '/dashboardpage');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    signedIn = await context.storageState();
    await context.close();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('starts dark, and the switch choice survives a reload with no flash of the other theme', async () => {
    const context = await browser.newContext();
    await context.addInitScript(recordTheme);
    const page = await context.newPage();
    await page.goto(server.url + '/login');
    expect(await page.getAttribute('html', 'lang')).toBe('it');
    expect(await themeLog(page)).toMatchObject({ firstFrame: 'dark' });
    const toggle = page.getByRole('switch', { name: 'Tema scuro' });
    expect(await toggle.isChecked()).toBe(true);

    await toggle.click();
    expect(await page.getAttribute('html', 'data-bs-theme')).toBe('light');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('ligth');
    await page.reload();
    const light = await themeLog(page);
    expect(light.firstFrame).toBe('light');
    // The light theme's canvas (app.css), already on the first frame: no flash of another colour.
    expect(light.firstFrameBackground).toBe('rgb(238, 241, 245)');
    expect(light.changes.filter((value) => value !== 'light')).toEqual([]);
    expect(await page.getByRole('switch', { name: 'Tema scuro' }).isChecked()).toBe(false);

    await page.getByRole('switch', { name: 'Tema scuro' }).click();
    await page.reload();
    const dark = await themeLog(page);
    expect(dark.firstFrame).toBe('dark');
    expect(dark.changes.filter((value) => value !== 'dark')).toEqual([]);
    await context.close();
  });

  it('shows scroll-to-top after 300 px, and every route change starts at the top', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 400 } });
    const page = await context.newPage();
    await page.goto(server.url + '/register');
    // The screen is a lazy chunk: wait for it, or the page is too short to scroll.
    await page.getByRole('heading', { name: 'Registrati' }).waitFor();
    await page.waitForFunction(() => document.documentElement.scrollHeight > window.innerHeight + 300);
    const button = page.getByRole('button', { name: 'Torna in cima alla pagina' });
    await page.evaluate(() => window.scrollTo(0, 250));
    await page.waitForTimeout(100);
    expect(await button.count()).toBe(0);
    await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
    await button.waitFor();
    await saveScreenshot(page, 'scroll-top-dark-phone');
    await button.click();
    await page.waitForFunction(() => window.scrollY === 0);
    await button.waitFor({ state: 'detached' });

    // From the bottom of the sign-in card to the taller sign-up screen: it opens at the top.
    await page.goto(server.url + '/login');
    await page.getByRole('heading', { name: 'Accedi' }).waitFor();
    await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    // The sign-in card's own link, at the bottom (the navbar's is at the top).
    await page.getByRole('main').getByRole('link', { name: 'Registrati' }).click();
    await page.getByRole('heading', { name: 'Registrati' }).waitFor();
    // The scroll to the top is an effect of the route change, run once the new screen is drawn.
    await eventually(() => page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });

  it('shows the 404 screen for an unknown path, with a button to the homepage', async () => {
    const { context, page } = await openPage(browser, { storageState: signedIn });
    const response = await page.goto(server.url + '/magazzino/che/non/esiste');
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Ops! Pagina non trovata.' }).waitFor();
    expect(await page.getByText('La pagina richiesta non è al momento raggiungibile.').isVisible()).toBe(
      true,
    );
    await page.getByRole('link', { name: "Torna all'homepage" }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('collapses the navbar behind a menu button on a phone', async () => {
    for (const theme of THEMES) {
      const { context, page } = await openPage(browser, { theme, viewport: 'phone', storageState: signedIn });
      await page.goto(server.url + '/dashboardpage');
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      const nav = page.getByRole('navigation', { name: 'Navigazione principale' });
      const toggler = nav.getByRole('button', { name: 'Apri o chiudi il menu' });
      // Waits for it (the page's heading may be drawn first on a busy machine); fails if it never shows.
      await toggler.waitFor();
      expect(await nav.getByRole('link', { name: 'Consulta Categorie' }).isVisible()).toBe(false);
      await openUserMenu(page, account.email);
      await nav.getByRole('link', { name: 'Consulta Categorie' }).waitFor();
      await page.getByRole('button', { name: 'Esci' }).waitFor();
      expect(
        describeViolations([
          { shot: `navbar-open-${theme}-phone`, violations: await seriousAxeViolations(page) },
        ]),
      ).toBe('');
      await saveScreenshot(page, `navbar-open-${theme}-phone`);
      await nav.getByRole('link', { name: 'Elenco Componenti' }).click();
      await page.waitForURL(server.url + '/elencocomponenti');
      await nav.getByRole('link', { name: 'Elenco Componenti' }).waitFor({ state: 'hidden' });
      await context.close();
    }
    // On a desktop the links are always shown; the user menu passes axe too.
    {
      const { context, page } = await openPage(browser, { viewport: 'desktop', storageState: signedIn });
      await page.goto(server.url + '/dashboardpage');
      const nav = page.getByRole('navigation', { name: 'Navigazione principale' });
      await nav.getByRole('link', { name: 'Consulta Categorie' }).waitFor();
      expect(await nav.getByRole('button', { name: 'Apri o chiudi il menu' }).isVisible()).toBe(false);
      await openUserMenu(page, account.email);
      await page.getByRole('button', { name: 'Esci' }).waitFor();
      const shot = 'user-menu-signed-in-dark-desktop';
      expect(describeViolations([{ shot, violations: await seriousAxeViolations(page) }])).toBe('');
      await context.close();
    }
    // A visitor sees only 'Accedi' and 'Registrati', on a phone as on a desktop: no menu to open.
    for (const viewport of ['phone', 'desktop'] as const) {
      const { context, page } = await openPage(browser, { viewport });
      await page.goto(server.url + '/login');
      await page.getByRole('heading', { name: 'Accedi', level: 1 }).waitFor();
      const nav = page.getByRole('navigation', { name: 'Navigazione principale' });
      expect(await nav.getByRole('link').allInnerTexts()).toEqual([
        'Magazzino Ricambi',
        'Accedi',
        'Registrati',
      ]);
      expect(await nav.getByRole('button').count()).toBe(0);
      expect(await nav.getByRole('link', { name: 'Registrati', exact: true }).isVisible()).toBe(true);
      await context.close();
    }
  });

  it('has no serious or critical axe violations on the dashboard and 404 screens, in both themes', async () => {
    const heading = (name: string) => async (page: Page) => {
      await page.getByRole('heading', { name, level: 1 }).waitFor();
    };
    const results: ScreenResult[] = [];
    for (const [path, name, title] of [
      ['/dashboardpage', 'dashboard', 'Dashboard'],
      ['/pagina-inesistente', 'not-found', 'Ops! Pagina non trovata.'],
    ] as const) {
      results.push(
        ...(await checkScreen(browser, {
          baseUrl: server.url,
          path,
          name,
          storageState: signedIn,
          ready: heading(title),
        })),
      );
    }
    expect(results).toHaveLength(8);
    expect(describeViolations(results)).toBe('');
  });

  it("keeps a visitor's bar on one row on a phone, as tall as a clerk's, and asks no session check", async () => {
    const heightOf = (page: Page) =>
      page.locator('header').evaluate((header) => header.getBoundingClientRect().height);
    for (const width of [320, 360, 390, 412]) {
      const visitor = await browser.newContext({ viewport: { width, height: 800 }, locale: 'it-IT' });
      const page = await visitor.newPage();
      const asked: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/')) asked.push(request.url());
      });
      await page.goto(server.url + '/login');
      await page.getByRole('heading', { name: 'Accedi', level: 1 }).waitFor();
      const visitorHeight = await heightOf(page);
      // No session to check: nothing asked of the API, so no 401 in the console either.
      expect(asked).toEqual([]);
      await visitor.close();

      const clerk = await browser.newContext({ viewport: { width, height: 800 }, storageState: signedIn });
      const clerkPage = await clerk.newPage();
      await clerkPage.goto(server.url + '/dashboardpage');
      await clerkPage.getByRole('heading', { name: 'Dashboard' }).waitFor();
      // The clerk's own bar, not the frame that stands in for it while its chunk loads.
      await clerkPage.locator('#user-menu').waitFor({ state: 'attached' });
      expect(visitorHeight, `${width} px`).toBe(await heightOf(clerkPage));
      expect(visitorHeight, `${width} px`).toBeLessThan(72);
      await clerk.close();
    }
  });

  it("paints the yard's bar before any script has run", async () => {
    const { context, page } = await openPage(browser, { viewport: 'phone' });
    await page.route('**/*.js', (route) => route.abort());
    await page.goto(server.url + '/elencocomponenti');
    const nav = page.getByRole('navigation', { name: 'Navigazione principale' });
    expect(await nav.getByRole('link', { name: 'Magazzino Ricambi' }).isVisible()).toBe(true);
    // The same bar React draws: the same height as a visitor's, the accent rule under it.
    expect(
      await page.locator('header').evaluate((header) => header.getBoundingClientRect().height),
    ).toBeLessThan(72);
    await context.close();
  });

  it("replaces the yard's bar with the first screen directly: no spinner in between, a clerk's bar with it", async () => {
    const cases = [
      { who: 'a visitor', state: undefined, path: '/login', heading: 'Accedi' },
      { who: 'a clerk', state: signedIn, path: '/elencocomponenti', heading: 'Elenco Componenti' },
    ];
    for (const { who, state, path, heading } of cases) {
      const { context, page } = await openPage(browser, { viewport: 'phone', storageState: state });
      await context.addInitScript(recordFirstScreen);
      await page.goto(server.url + path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      const log = await page.evaluate(
        () => (window as unknown as { firstScreen: FirstScreenLog }).firstScreen,
      );
      expect(log.spinnerSeen, who).toBe(false);
      // The clerk's own bar came with the screen, not the frame that stands in for it.
      expect(log.userMenuWithHeading, who).toBe(state !== undefined);
      await context.close();
    }
  });

  it("is installable on a phone's home screen: an Italian name, standalone, its icons served", async () => {
    const { context, page } = await openPage(browser, { viewport: 'phone' });
    await page.goto(server.url + '/login');
    await page.getByRole('heading', { name: 'Accedi' }).waitFor();
    // Chromium's own verdict on the manifest, its icons and the page.
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    // 'in-incognito' is the test's browser context (Playwright's are off the record), not the app.
    expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([]);
    const { url, data } = await cdp.send('Page.getAppManifest');
    expect(url).toBe(server.url + '/manifest.webmanifest');
    const manifest = JSON.parse(data ?? '{}') as {
      name: string;
      lang: string;
      display: string;
      icons: { src: string; sizes: string; type: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Magazzino Ricambi', lang: 'it', display: 'standalone' });
    for (const icon of [
      ...manifest.icons,
      { src: '/icons/apple-touch-icon.png', sizes: '180x180', type: 'image/png' },
    ]) {
      const response = await page.request.get(server.url + icon.src);
      expect(response.status(), icon.src).toBe(200);
      expect(response.headers()['content-type']).toBe(icon.type);
      // The PNG's own width and height (IHDR), as the manifest declares them.
      const png = await response.body();
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
    }
    await context.close();
  });

  it('loads little JavaScript for the sign-in page', async () => {
    const { context, page } = await openPage(browser);
    const scripts: Promise<Buffer>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.body());
    });
    await page.goto(server.url + '/login');
    await page.getByRole('heading', { name: 'Accedi' }).waitFor();
    await page.waitForLoadState('networkidle');
    const bodies = await Promise.all(scripts);
    const raw = bodies.reduce((sum, body) => sum + body.length, 0);
    const gzip = bodies.reduce((sum, body) => sum + zlib.gzipSync(body).length, 0);
    console.log(
      `sign-in page JavaScript: ${bodies.length} files, ${(raw / 1024).toFixed(1)} KiB raw, ` +
        `${(gzip / 1024).toFixed(1)} KiB gzip`,
    );
    // Budget: the framework (React, router, Bootstrap components, query cache) plus the form.
    expect(gzip).toBeLessThan(220 * 1024);
    await context.close();
  });

  it('opens the list and the add forms in few scripts, zod only once a form is used', async () => {
    for (const [path, title, field] of [
      ['/elencocomponenti', 'Elenco Componenti', undefined],
      ['/nuovocomponente', 'Aggiungi nuovo componente', 'Nome'],
      ['/nuovoveicolo', 'Aggiungi veicolo', 'Targa'],
    ] as const) {
      const { context, page } = await openPage(browser, { viewport: 'phone', storageState: signedIn });
      const scripts: Promise<string>[] = [];
      let closing = false;
      page.on('response', (response) => {
        if (response.request().resourceType() !== 'script') return;
        // A script still arriving when the page closes (a chunk fetched ahead) cannot be read:
        // only then may its body be missing; any other failure stays an error.
        scripts.push(
          response.text().catch((error: unknown) => {
            if (closing) return '';
            throw error;
          }),
        );
      });
      await page.goto(server.url + path);
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      const first = await Promise.all(scripts);
      // A phone on HTTP/1.1 fetches six at a time, a round trip per wave: the screens' shared
      // modules come in one chunk (bench/README.md, "Lighthouse on a phone").
      expect(first.length, path).toBeLessThanOrEqual(16);
      expect(
        first.filter((body) => body.includes('$ZodError')),
        path,
      ).toHaveLength(0);
      if (field) {
        await page.getByRole('textbox', { name: field }).first().focus();
        // The chunk is fetched on focus: it may take longer than vitest's default second to arrive.
        await eventually(async () =>
          (await Promise.all(scripts)).some((body) => body.includes('$ZodError')),
        ).toBe(true);
      }
      closing = true;
      await context.close();
    }
  });
});
