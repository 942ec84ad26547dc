import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

describe('the built app in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('serves the web app at / in Italian, with the dark theme applied before first paint', async () => {
    const page = await browser.newPage();
    await page.goto(server.url + '/');
    expect(await page.getAttribute('html', 'lang')).toBe('it');
    expect(await page.getAttribute('html', 'data-bs-theme')).toBe('dark');
    await page.close();
  });
});
