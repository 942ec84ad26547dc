import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, saveScreenshot, seriousAxeViolations } from './support/browser.js';
import { checkScreen, describeViolations, openPage, type StorageState } from './support/screens.js';
import { startServer, type RunningServer } from './support/server.js';
import { createAccount, fillSignIn, newAccount, signInByApi, signOutInBrowser } from './support/session.js';

/**
 * The code an authenticator app shows for the key the page shows (spaces as on screen), at
 * `offsetSteps` 30-second steps from now: the next one is accepted too, and is never the one the
 * enrolment just used (a code is taken once).
 */
function codeFor(key: string, offsetSteps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(key.replace(/\s+/g, '')), digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

/**
 * A code that is none of the key's codes from two steps before now to two after (the server takes
 * one step either side): made from the next one, and moved on should it hit one of them by chance.
 */
function wrongCodeFor(key: string): string {
  const valid = new Set([-2, -1, 0, 1, 2].map((offset) => codeFor(key, offset)));
  let wrong = (Number(codeFor(key, 1)) + 500_000) % 1_000_000;
  while (valid.has(String(wrong).padStart(6, '0'))) wrong = (wrong + 1) % 1_000_000;
  return String(wrong).padStart(6, '0');
}

/** Opens 'Il tuo account' and starts 'Attiva' of 'Verifica in due passaggi': the key on screen. */
async function startEnrolment(page: Page): Promise<string> {
  const section = page.getByRole('region', { name: 'Verifica in due passaggi' });
  await section.getByRole('button', { name: 'Attiva', exact: true }).click();
  await section.getByRole('img', { name: "Codice QR da inquadrare con l'app di autenticazione" }).waitFor();
  return (await section.getByTestId('two-factor-key').innerText()).trim();
}

describe('two-factor sign-in in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  const admin = newAccount({ username: 'Giulia Ferri' });
  let adminState: StorageState;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    await createAccount(server.url, admin);
    const { context, page } = await openPage(browser);
    await signInByApi(page, server.url, admin);
    adminState = await context.storageState();
    await context.close();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('enrols with the QR code and the key shown, saves the recovery codes, then signs in again with a code', async () => {
    // The QR code screen, in both themes and on a phone: axe-clean, screenshots saved.
    const qrResults = await checkScreen(browser, {
      baseUrl: server.url,
      path: '/account/sicurezza',
      name: 'two-factor-setup',
      storageState: adminState,
      ready: async (page) => {
        await startEnrolment(page);
      },
    });
    expect(
      qrResults.flatMap((r) => r.violations),
      describeViolations(qrResults),
    ).toEqual([]);

    const { context, page } = await openPage(browser, { storageState: adminState });
    try {
      await page.goto(`${server.url}/account/sicurezza`);
      const key = await startEnrolment(page);
      expect(key).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
      const section = page.getByRole('region', { name: 'Verifica in due passaggi' });
      const code = section.getByLabel('Codice di verifica');
      expect(await code.getAttribute('inputmode')).toBe('numeric');
      expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
      await code.fill(codeFor(key));
      await section.getByRole('button', { name: 'Conferma e attiva' }).click();

      const codes = section.getByRole('list', { name: 'I dieci codici di recupero' });
      await codes.waitFor();
      expect(await codes.getByRole('listitem').allInnerTexts()).toHaveLength(10);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveScreenshot(page, 'two-factor-recovery-codes');
      await section.getByRole('button', { name: 'Ho salvato i codici in un posto sicuro' }).click();
      await section.getByText('Attiva', { exact: true }).waitFor();
      await section.getByRole('button', { name: 'Genera nuovi codici' }).waitFor();

      // Signed out, the password alone no longer signs in: the code step comes next.
      await signOutInBrowser(page, server.url, admin.email);
      await fillSignIn(page, admin);
      await page.getByRole('heading', { name: 'Verifica in due passaggi' }).waitFor();
      expect(page.url()).toBe(`${server.url}/login`);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveScreenshot(page, 'two-factor-login');
      const step = page.getByLabel('Codice di verifica');
      await step.fill(wrongCodeFor(key));
      await page.getByRole('button', { name: 'Verifica' }).click();
      await page
        .getByText(/Il codice non è corretto/)
        .first()
        .waitFor();
      await step.fill(codeFor(key, 1));
      await page.getByRole('button', { name: 'Verifica' }).click();
      // Signed in: back to where the sign-out left from.
      await page.waitForURL((url) => url.pathname !== '/login');
      await page.getByRole('heading', { level: 1, name: 'Il tuo account' }).waitFor();
    } finally {
      await context.close();
    }

    // The code step with a recovery code, in both themes and on a phone.
    const results = await checkScreen(browser, {
      baseUrl: server.url,
      path: '/login',
      name: 'two-factor-recovery-step',
      ready: async (signIn) => {
        await fillSignIn(signIn, admin);
        await signIn.getByRole('button', { name: 'Usa un codice di recupero' }).click();
        await signIn.getByLabel('Codice di recupero').waitFor();
      },
    });
    expect(
      results.flatMap((r) => r.violations),
      describeViolations(results),
    ).toEqual([]);
  });
});
