import type { Page } from 'playwright-core';

/** An account for browser tests. */
export interface TestAccount {
  username: string;
  email: string;
  password: string;
}

let sequence = 0;

/** A fresh account (unique email per call) with optional overrides. */
export function newAccount(overrides: Partial<TestAccount> = {}): TestAccount {
  sequence += 1;
  const id = `${Date.now().toString(36)}${sequence}`;
  return {
    username: `Magazziniere ${sequence}`,
    email: `utente.${id}@example.it`,
    password: 'Ricambi-2025!',
    ...overrides,
  };
}

/**
 * Creates `account` through POST /api/users/signup (no browser involved): 201 for an
 * installation's first account, 202 for the others (active at once with the server's default
 * SIGNUP=open of startServer; waiting for approval with SIGNUP=approval).
 */
export async function createAccount(
  baseUrl: string,
  account: TestAccount = newAccount(),
): Promise<TestAccount> {
  const res = await fetch(`${baseUrl}/api/users/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (res.status !== 201 && res.status !== 202)
    throw new Error(`signup failed: ${res.status} ${await res.text()}`);
  return account;
}

/**
 * Signs the page's browser context in through POST /api/users/login: the session cookie lands in
 * the context, and the app confirms it with GET /api/users/me on the next page it opens.
 */
export async function signInByApi(page: Page, baseUrl: string, account: TestAccount): Promise<void> {
  const res = await page.context().request.post(`${baseUrl}/api/users/login`, {
    data: { email: account.email, password: account.password },
  });
  if (res.status() !== 200) throw new Error(`login failed: ${res.status()} ${await res.text()}`);
}

/**
 * Ends the session of the page's browser context on the server (as an expiry or a revocation
 * would): the context keeps its cookie, which no longer opens anything.
 */
export async function endSessionOnServer(page: Page, baseUrl: string): Promise<void> {
  const cookie = (await page.context().cookies(baseUrl)).map((c) => `${c.name}=${c.value}`).join('; ');
  const res = await fetch(`${baseUrl}/api/users/logout`, { method: 'POST', headers: { cookie } });
  if (res.status !== 204) throw new Error(`logout failed: ${res.status} ${await res.text()}`);
}

/** Fills and submits the sign-in form of the page (already on /login). */
export async function fillSignIn(
  page: Page,
  account: Pick<TestAccount, 'email' | 'password'>,
): Promise<void> {
  // Screens are lazy chunks: wait for this one, not a previous screen's Email field.
  await page.getByRole('heading', { name: 'Accedi', exact: true }).waitFor();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Fills and submits the sign-up form of the page (already on /register). */
export async function fillSignUp(page: Page, account: TestAccount): Promise<void> {
  await page.getByRole('heading', { name: 'Registrati', exact: true }).waitFor();
  await page.getByLabel('Nome utente').fill(account.username);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Registrati' }).click();
}

/** Opens /login, signs in through the form and waits for the dashboard. */
export async function signInInBrowser(page: Page, baseUrl: string, account: TestAccount): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await fillSignIn(page, account);
  await page.waitForURL(`${baseUrl}/dashboardpage`);
}

/** Signs out through the user menu (which shows the email) and waits for /login. */
export async function signOutInBrowser(page: Page, baseUrl: string, email: string): Promise<void> {
  await openUserMenu(page, email);
  await page.getByRole('button', { name: 'Esci' }).click();
  await page.waitForURL(`${baseUrl}/login`);
}

/** Opens the navbar's user menu (expanding the collapsed navbar first on a phone). */
export async function openUserMenu(page: Page, title: string): Promise<void> {
  // The signed-in bar is a chunk of its own: wait for it (its menu is there, folded on a phone).
  await page.locator('#user-menu').waitFor({ state: 'attached' });
  const toggler = page.getByRole('button', { name: 'Apri o chiudi il menu' });
  if ((await toggler.isVisible()) && (await toggler.getAttribute('aria-expanded')) !== 'true') {
    await toggler.click();
    // Wait for the collapse animation to end ('show' is set once the menu is fully open).
    await page.locator('#main-navbar.show').waitFor();
  }
  await page.getByRole('button', { name: title }).click();
}
