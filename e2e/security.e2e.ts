import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, saveScreenshot, seriousAxeViolations } from './support/browser.js';
import { checkScreen, describeViolations, openPage, type StorageState } from './support/screens.js';
import { startServer, type RunningServer } from './support/server.js';
import { createAccount, newAccount, openUserMenu, signInByApi, signInInBrowser } from './support/session.js';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

describe("'Sessioni attive' and the security log in Chromium", () => {
  let server: RunningServer;
  let browser: Browser;
  const admin = newAccount({ username: 'Giulia Ferri' });
  const clerk = newAccount({ username: 'Mario Rossi' });
  let adminState: StorageState;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    // The first account of the installation is amministratore; the other magazziniere.
    for (const account of [admin, clerk]) await createAccount(server.url, account);
    const { context, page } = await openPage(browser);
    await signInByApi(page, server.url, admin);
    adminState = await context.storageState();
    await context.close();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('ends the session of another browser from "Sessioni attive": its next page asks to sign in again', async () => {
    // The clerk's phone: another browser, with its own cookies and user agent.
    const phone = await browser.newContext({ userAgent: ANDROID_CHROME, locale: 'it-IT' });
    const { context: desk, page } = await openPage(browser);
    try {
      const phonePage = await phone.newPage();
      await signInInBrowser(phonePage, server.url, clerk);
      await signInInBrowser(page, server.url, clerk);

      await openUserMenu(page, clerk.email);
      await page.getByRole('link', { name: 'Il tuo account' }).click();
      await page.waitForURL(`${server.url}/account/sicurezza`);
      const sessions = page.getByRole('list', { name: 'Sessioni attive' });
      const phoneCard = sessions.getByRole('listitem').filter({ hasText: 'Chrome su Android' });
      await phoneCard.waitFor();
      await sessions.getByRole('listitem').filter({ hasText: 'Questo dispositivo' }).waitFor();
      expect(await sessions.getByRole('listitem').count()).toBe(2);

      await phoneCard.getByRole('button', { name: 'Chiudi la sessione su Chrome su Android' }).click();
      const dialog = page.getByRole('dialog', { name: 'Chiudere la sessione?' });
      await dialog.waitFor();
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveScreenshot(page, 'account-sessions-confirm');
      await dialog.getByRole('button', { name: 'Chiudi la sessione' }).click();
      await page.getByText('Sessione chiusa.').waitFor();
      await phoneCard.waitFor({ state: 'detached' });
      await page.getByText('Sei connesso solo da questo dispositivo.').waitFor();

      // The phone's very next request is refused: the app sends it to the sign-in page.
      await phonePage.goto(`${server.url}/elencocomponenti`);
      await phonePage.waitForURL(/\/login/);
      // The desk stays signed in.
      await page.reload();
      await page.getByRole('list', { name: 'Sessioni attive' }).waitFor();
    } finally {
      await desk.close();
      await phone.close();
    }
  });

  it('shows the amministratore the log, filtered by type in the URL, with who and from where', async () => {
    const { context, page } = await openPage(browser, { storageState: adminState });
    try {
      await page.goto(`${server.url}/dashboardpage`);
      await openUserMenu(page, admin.email);
      await page.getByRole('link', { name: 'Registro di sicurezza' }).click();
      await page.waitForURL(`${server.url}/sicurezza/registro`);
      await page.getByRole('table', { name: 'Eventi di sicurezza, dal più recente' }).waitFor();
      await page.getByLabel('Tipo di evento').selectOption({ label: 'Sessione chiusa' });
      await page.waitForURL(/tipo=sessione_chiusa/);
      const row = page.getByRole('row').filter({ hasText: 'Sessione chiusa' }).first();
      await row.waitFor();
      expect(await row.textContent()).toContain('Mario Rossi');
      expect(await row.textContent()).toContain('sessioni chiuse: 1');
    } finally {
      await context.close();
    }
  });

  it('draws both screens without axe violations, in both themes, on desktop and phone', async () => {
    const { context, page } = await openPage(browser);
    await signInByApi(page, server.url, clerk);
    const clerkState = await context.storageState();
    await context.close();
    const screens = [
      {
        path: '/account/sicurezza',
        name: 'account-security',
        state: clerkState,
        ready: async (p: Page) => {
          await p.getByText('Questo dispositivo').waitFor();
        },
      },
      {
        path: '/sicurezza/registro',
        name: 'security-log',
        state: adminState,
        ready: async (p: Page) => {
          await p.getByText(/\d+ eventi/).waitFor();
        },
      },
    ];
    const failures: string[] = [];
    for (const screen of screens) {
      const results = await checkScreen(browser, {
        baseUrl: server.url,
        path: screen.path,
        name: screen.name,
        storageState: screen.state,
        ready: screen.ready,
        viewports: ['desktop', 'phone'],
      });
      failures.push(describeViolations(results));
    }
    expect(failures.filter(Boolean).join('\n')).toBe('');
  });
});
