import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, saveScreenshot, seriousAxeViolations } from './support/browser.js';
import { checkScreen, describeViolations, openPage, type StorageState } from './support/screens.js';
import { startServer, type RunningServer } from './support/server.js';
import { startSmtpReceiver, waitForMailTo, type SmtpReceiver } from './support/mail.js';
import {
  createAccount,
  fillSignIn,
  fillSignUp,
  newAccount,
  openUserMenu,
  signInByApi,
  type TestAccount,
} from './support/session.js';
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

describe('sign-up with approval (SIGNUP=approval) in Chromium', () => {
  let smtp: SmtpReceiver;
  let server: RunningServer;
  let browser: Browser;
  // The first account of the installation is amministratore at once, even with approval.
  const admin = newAccount({ username: 'Giulia Ferri' });
  let adminState: StorageState;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    server = await startServer({ SIGNUP: 'approval', SMTP_URL: smtp.url });
    browser = await launchBrowser();
    await createAccount(server.url, admin);
    const signedIn = await signedInContext(browser, server.url, admin);
    adminState = signedIn.state;
    await signedIn.context.close();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`takes a request, lets the amministratore approve it with a role, then opens the account (${viewport})`, async () => {
      const newcomer = newAccount({ username: `Paolo Neri ${viewport}` });
      const visitor = await openPage(browser, { viewport });
      const adminPage = await openPage(browser, { viewport, storageState: adminState });
      try {
        const { page } = visitor;
        await page.goto(`${server.url}/register`);
        // The screen says what happens next before anything is filled in.
        await page.getByText(/un amministratore deve approvare il tuo account/).waitFor();
        await fillSignUp(page, newcomer);
        await page.getByRole('heading', { name: 'Richiesta inviata' }).waitFor();
        expect(await page.getByRole('status').textContent()).toMatch(/Un amministratore deve approvarla/);
        await saveScreenshot(page, `approval-requested-${viewport}`);
        // The mail about this request: the amministratore got one for each viewport's newcomer.
        expect((await waitForMailTo(smtp, admin.email, { about: newcomer.email })).subject).toBe(
          'Nuova richiesta di accesso a Magazzino Ricambi',
        );

        // Until approved, the right password opens nothing.
        await page.goto(`${server.url}/login`);
        await fillSignIn(page, newcomer);
        await page.getByRole('alert').filter({ hasText: 'in attesa di approvazione' }).waitFor();
        expect(new URL(page.url()).pathname).toBe('/login');
        await saveScreenshot(page, `approval-pending-login-${viewport}`);

        const admins = adminPage.page;
        await admins.goto(`${server.url}/utenti`);
        await admins.getByRole('heading', { name: /Richieste di accesso/ }).waitFor();
        // The whole page is drawn (the settings too) before a role is picked.
        await admins.getByLabel('Ruolo dei nuovi account').waitFor();
        await admins
          .getByRole('combobox', { name: `Ruolo per ${newcomer.username}` })
          .selectOption('sola_lettura');
        await saveScreenshot(admins, `approval-requests-${viewport}`);
        expect(await seriousAxeViolations(admins)).toEqual([]);
        const approval = admins.waitForRequest((request) => request.url().endsWith('/approve'));
        await admins.getByRole('button', { name: `Approva la richiesta di ${newcomer.username}` }).click();
        expect((await approval).postDataJSON()).toEqual({ role: 'sola_lettura' });
        await admins.getByRole('combobox', { name: `Ruolo di ${newcomer.username}` }).waitFor();
        expect(
          await admins.getByRole('combobox', { name: `Ruolo di ${newcomer.username}` }).inputValue(),
        ).toBe('sola_lettura');
        expect((await waitForMailTo(smtp, newcomer.email)).subject).toBe(
          'Il tuo account di Magazzino Ricambi è attivo',
        );

        await fillSignIn(page, newcomer);
        await page.waitForURL(`${server.url}/dashboardpage`);
        const me = (await (await page.context().request.get(`${server.url}/api/users/me`)).json()) as {
          role: string;
        };
        expect(me.role).toBe('sola_lettura');
      } finally {
        await visitor.context.close();
        await adminPage.context.close();
      }
    });
  }
});
