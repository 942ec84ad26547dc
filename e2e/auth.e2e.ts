import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { User } from '@magazzino/contract';
import { launchBrowser } from './support/browser.js';
import { findLink, startSmtpReceiver, waitForMailTo, type SmtpReceiver } from './support/mail.js';
import { checkScreen, describeViolations, openPage, type ScreenResult } from './support/screens.js';
import { startServer, type RunningServer } from './support/server.js';
import {
  createAccount,
  fillSignIn,
  fillSignUp,
  newAccount,
  openUserMenu,
  signInByApi,
  signInInBrowser,
  signOutInBrowser,
} from './support/session.js';

const storedUser = (page: Page) => page.evaluate(() => localStorage.getItem('user'));
/** The signed-in user of the page's context, as the server knows it. */
const serverUser = async (page: Page, baseUrl: string) =>
  (await (await page.context().request.get(`${baseUrl}/api/users/me`)).json()) as User;
const path = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

describe('accounts in Chromium', () => {
  let smtp: SmtpReceiver;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    server = await startServer({ SMTP_URL: smtp.url });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  it('sends a visitor to /login from every data page, and back to the page asked for after sign-in', async () => {
    const account = await createAccount(server.url);
    const { context, page } = await openPage(browser);
    for (const guarded of [
      '/dashboardpage',
      '/cancellacomponente/qualsiasi',
      '/singolacategoria/Freni%20e%20dischi',
    ]) {
      await page.goto(server.url + guarded);
      await page.getByRole('heading', { name: 'Accedi' }).waitFor();
      expect(path(page)).toBe('/login');
    }
    await page.goto(server.url + '/elencocomponenti?nome=faro&marca=fiat');
    await page.getByRole('heading', { name: 'Accedi' }).waitFor();
    await fillSignIn(page, account);
    await page.waitForURL(`${server.url}/elencocomponenti?nome=faro&marca=fiat`);
    // Only the public profile (with the role the screens adapt to) is kept, and it is the signed-in user's.
    const { _id, role } = await serverUser(page, server.url);
    expect(JSON.parse((await storedUser(page)) ?? 'null')).toEqual({
      _id,
      email: account.email,
      username: account.username,
      role,
    });
    await context.close();
  });

  it('signs up and lands on the dashboard, with the email in the user menu', async () => {
    const account = newAccount();
    const { context, page } = await openPage(browser);
    await page.goto(server.url + '/register');
    await fillSignUp(page, account);
    await page.waitForURL(server.url + '/dashboardpage');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    // The signed-in bar is a chunk of its own, drawn after the page on a busy machine: waited for
    // (visible), it fails if it never shows.
    await page.getByRole('button', { name: account.email }).waitFor();
    // A signed-in user is sent away from the account screens (/register → /login → dashboard).
    for (const guestOnly of ['/login', '/register']) {
      await page.goto(server.url + guestOnly);
      await page.waitForURL(server.url + '/dashboardpage');
    }
    await context.close();
  });

  it('answers a taken email as a new one, without an alert, and mails the owner instead', async () => {
    const account = await createAccount(server.url);
    const { context, page } = await openPage(browser);
    page.on('dialog', () => expect.fail('no browser alert may open'));
    await page.goto(server.url + '/register');
    await fillSignUp(page, { ...account, username: 'Altro', password: 'Un-Altra-Password-9' });
    // The same answer a new address gets (SIGNUP=open): nothing tells that the address is taken.
    await page.getByRole('heading', { name: 'Richiesta inviata' }).waitFor();
    expect(await page.getByRole('status').textContent()).toMatch(/Registrazione ricevuta/);
    expect(path(page)).toBe('/register');
    const mail = await waitForMailTo(smtp, account.email);
    expect(mail.subject).toBe('Registrazione a Magazzino Ricambi con il tuo indirizzo');
    await context.close();
  });

  it('signs in, shows a wrong password under the form, and signs out to /login', async () => {
    const account = await createAccount(server.url);
    const { context, page } = await openPage(browser);
    await page.goto(server.url + '/login');
    await fillSignIn(page, { email: account.email, password: 'non-e-questa' });
    await page.getByRole('alert').filter({ hasText: 'Email o password non corretti.' }).waitFor();
    expect(await page.getByRole('button', { name: 'Login' }).isEnabled()).toBe(true);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(server.url + '/dashboardpage');

    await signOutInBrowser(page, server.url, account.email);
    expect(await storedUser(page)).toBeNull();
    // The server session is gone too: the dashboard is closed again.
    await page.goto(server.url + '/dashboardpage');
    await page.getByRole('heading', { name: 'Accedi' }).waitFor();
    expect(path(page)).toBe('/login');
    await context.close();
  });

  it('drops a stored user whose session the server no longer has (any 401)', async () => {
    const account = await createAccount(server.url);
    const { context, page } = await openPage(browser);
    await signInByApi(page, server.url, account);
    await page.goto(server.url + '/consultacategorie');
    await openUserMenu(page, account.email); // the session is confirmed and the profile stored
    expect(JSON.parse((await storedUser(page)) ?? 'null')).toMatchObject({
      email: account.email,
      username: account.username,
    });
    await context.clearCookies();
    await page.goto(server.url + '/consultacategorie');
    await page.getByRole('heading', { name: 'Accedi' }).waitFor();
    expect(await storedUser(page)).toBeNull();
    await fillSignIn(page, account);
    await page.waitForURL(server.url + '/consultacategorie');
    await context.close();
  });

  it('resets a forgotten password from the link in the mail', async () => {
    const account = await createAccount(server.url);
    const { context, page } = await openPage(browser);
    await page.goto(server.url + '/login');
    await page.getByRole('link', { name: 'Password dimenticata?' }).click();
    // The screen is a lazy chunk: until it renders, the sign-in form (with its own Email) stays.
    await page.getByRole('heading', { name: 'Password dimenticata', exact: true }).waitFor();
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Cambia' }).click();
    await page.waitForURL(server.url + '/sentpassword');
    await page.getByRole('heading', { name: 'Controlla la tua email' }).waitFor();

    const mail = await waitForMailTo(smtp, account.email);
    const link = findLink(mail, /\/newpassword\/[^/]+$/);
    expect(new URL(link).origin).toBe(server.url);
    expect(new URL(link).pathname).toMatch(/^\/newpassword\/[^/]+$/);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Reimposta la password' }).waitFor();
    const newPassword = 'Nuova-Password-2025';
    await page.getByLabel('Nuova password').fill(newPassword);
    await page.getByRole('button', { name: 'Salva la nuova password' }).click();
    await page.waitForURL(server.url + '/login');
    await page.getByText('Password cambiata. Accedi con la nuova password.').waitFor();

    // The old password no longer works; the new one does.
    await fillSignIn(page, account);
    await page.getByText('Email o password non corretti.').waitFor();
    await page.getByLabel('Password').fill(newPassword);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(server.url + '/dashboardpage');

    // The link is single use.
    await page.evaluate(() => localStorage.removeItem('user'));
    await context.clearCookies();
    await page.goto(link);
    await page.getByLabel('Nuova password').fill('Ancora-Un-Altra-1');
    await page.getByRole('button', { name: 'Salva la nuova password' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /link|token/i })
      .waitFor();
    expect(path(page)).toBe(new URL(link).pathname);
    await context.close();
  });

  it('signs in through the helper used by other browser tests', async () => {
    const account = await createAccount(server.url);
    const { context, page } = await openPage(browser, { viewport: 'phone' });
    await signInInBrowser(page, server.url, account);
    await signOutInBrowser(page, server.url, account.email);
    await context.close();
  });

  it('has no serious or critical axe violations on the account screens, in both themes', async () => {
    const account = await createAccount(server.url);
    const heading = (name: string) => async (page: Page) => {
      await page.getByRole('heading', { name, level: 1 }).waitFor();
    };
    const checks: Parameters<typeof checkScreen>[1][] = [
      { baseUrl: server.url, path: '/login', name: 'login', ready: heading('Accedi') },
      {
        baseUrl: server.url,
        path: '/login',
        name: 'login-error',
        ready: async (page) => {
          await fillSignIn(page, { email: account.email, password: 'password-sbagliata' });
          await page.getByText('Email o password non corretti.').waitFor();
        },
      },
      { baseUrl: server.url, path: '/register', name: 'register', ready: heading('Registrati') },
      {
        baseUrl: server.url,
        path: '/register',
        name: 'register-errors',
        ready: async (page) => {
          await page.getByRole('button', { name: 'Registrati' }).click();
          await page.getByText('Il nome utente è obbligatorio').waitFor();
        },
      },
      {
        baseUrl: server.url,
        path: '/resetpassword',
        name: 'resetpassword',
        ready: heading('Password dimenticata'),
      },
      {
        baseUrl: server.url,
        path: '/sentpassword',
        name: 'sentpassword',
        ready: heading('Controlla la tua email'),
      },
      {
        baseUrl: server.url,
        path: '/newpassword/esempio',
        name: 'newpassword',
        ready: heading('Reimposta la password'),
      },
    ];
    const results: ScreenResult[] = [];
    for (const check of checks) results.push(...(await checkScreen(browser, check)));
    expect(results).toHaveLength(checks.length * 4);
    expect(describeViolations(results)).toBe('');
  });
});
