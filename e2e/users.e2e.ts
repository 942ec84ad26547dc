import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, saveScreenshot, seriousAxeViolations } from './support/browser.js';
import { checkScreen, describeViolations, openPage, type StorageState } from './support/screens.js';
import { startServer, type RunningServer } from './support/server.js';
import { createAccount, newAccount, openUserMenu, signInByApi, type TestAccount } from './support/session.js';
import { partInput } from './support/parts.js';

/** A browser context signed in as `account`, and the storage state to open more pages with it. */
async function signedInContext(
  browser: Browser,
  baseUrl: string,
  account: TestAccount,
): Promise<{ context: BrowserContext; page: Page; state: StorageState }> {
  const { context, page } = await openPage(browser);
  await signInByApi(page, baseUrl, account);
  return { context, page, state: await context.storageState() };
}

describe("the 'Utenti' page in Chromium", () => {
  let server: RunningServer;
  let browser: Browser;
  // The first account of the installation: amministratore.
  const admin = newAccount({ username: 'Giulia Ferri' });
  const colleague = newAccount({ username: 'Luca Bianchi' });
  const other = newAccount({ username: 'Anna Verdi' });
  let adminState: StorageState;
  let colleagueContext: BrowserContext;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    for (const account of [admin, colleague, other]) await createAccount(server.url, account);
    const signedIn = await signedInContext(browser, server.url, admin);
    adminState = signedIn.state;
    await signedIn.context.close();
    colleagueContext = (await signedInContext(browser, server.url, colleague)).context;
  });
  afterAll(async () => {
    await colleagueContext?.close();
    await browser?.close();
    await server?.stop();
  });

  it('lets the amministratore make a colleague sola lettura, whose writes through the API then get 403', async () => {
    const api = colleagueContext.request;
    const before = await api.post(`${server.url}/api/componenti/crea-componente`, { data: partInput() });
    expect(before.status()).toBe(201);

    const { context, page } = await openPage(browser, { storageState: adminState });
    try {
      await page.goto(`${server.url}/dashboardpage`);
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      await openUserMenu(page, admin.email);
      await page.getByRole('link', { name: 'Utenti' }).click();
      await page.getByRole('heading', { level: 1, name: 'Utenti' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/utenti');

      const role = page.getByRole('combobox', { name: `Ruolo di ${colleague.username}` });
      expect(await role.inputValue()).toBe('magazziniere');
      await role.selectOption({ label: 'Sola lettura' });
      await page.getByText(`Ruolo di ${colleague.username} cambiato: Sola lettura.`).waitFor();
    } finally {
      await context.close();
    }

    // The colleague's very next write is refused, and nothing was created.
    const count = async () =>
      Number((await api.get(`${server.url}/api/componenti?limit=1`)).headers()['x-total-count']);
    const parts = await count();
    const refused = await api.post(`${server.url}/api/componenti/crea-componente`, { data: partInput() });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({
      code: 'FORBIDDEN',
      error:
        'Il tuo ruolo (Sola lettura) non permette questa operazione: se ti serve, chiedi a un amministratore.',
    });
    expect(await count()).toBe(parts);
    // Looking still works, and the colleague's bar no longer offers 'Aggiungi Componente'.
    expect((await api.get(`${server.url}/api/componenti`)).status()).toBe(200);
    const colleaguePage = await colleagueContext.newPage();
    await colleaguePage.goto(`${server.url}/elencocomponenti`);
    const bar = colleaguePage.getByRole('navigation', { name: 'Navigazione principale' });
    await bar.getByRole('link', { name: 'Elenco Componenti' }).waitFor();
    await colleaguePage.waitForFunction(() => localStorage.getItem('user')?.includes('sola_lettura'));
    expect(await bar.getByRole('link', { name: 'Aggiungi Componente' }).count()).toBe(0);
    await colleaguePage.close();
  });

  it('is accessible in both themes at desktop and phone width', async () => {
    // A disabled account too, so the page shows both states.
    const { context, page } = await openPage(browser, { storageState: adminState });
    try {
      const users = (await (await page.request.get(`${server.url}/api/users`)).json()) as {
        _id: string;
        email: string;
      }[];
      const target = users.find((user) => user.email === other.email);
      if (!target) throw new Error('the other account is missing');
      const res = await page.request.patch(`${server.url}/api/users/${target._id}`, {
        data: { status: 'disabilitato' },
      });
      expect(res.status()).toBe(200);
    } finally {
      await context.close();
    }

    const results = await checkScreen(browser, {
      baseUrl: server.url,
      path: '/utenti',
      name: 'users',
      storageState: adminState,
      ready: async (page) => {
        await page.getByRole('heading', { level: 1, name: 'Utenti' }).waitFor();
        await page.getByText(other.email).first().waitFor();
        await page.getByLabel('Ruolo dei nuovi account').waitFor();
      },
    });
    expect(describeViolations(results)).toBe('');
  });

  it('asks before disabling an account, in an accessible dialog', async () => {
    const { context, page } = await openPage(browser, { storageState: adminState });
    try {
      await page.goto(`${server.url}/utenti`);
      await page.getByRole('button', { name: `Disabilita l'account di ${colleague.username}` }).click();
      const dialog = page.getByRole('dialog', { name: `Disabilitare l'account di ${colleague.username}?` });
      await dialog.waitFor();
      await page.waitForFunction(() =>
        document.getAnimations().every((animation) => animation.playState !== 'running'),
      );
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveScreenshot(page, 'users-disable-dialog');
      await dialog.getByRole('button', { name: 'Annulla' }).click();
      await dialog.waitFor({ state: 'hidden' });
    } finally {
      await context.close();
    }
  });

  it("shows anyone but an amministratore 'Accesso non consentito', accessibly", async () => {
    const results = await checkScreen(browser, {
      baseUrl: server.url,
      path: '/utenti',
      name: 'users-forbidden',
      storageState: await colleagueContext.storageState(),
      ready: async (page) => {
        await page.getByRole('heading', { name: 'Accesso non consentito' }).waitFor();
      },
    });
    expect(describeViolations(results)).toBe('');
  });
});
