import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import type { Part, User } from '@magazzino/contract';
import { launchBrowser, saveScreenshot, seriousAxeViolations } from './support/browser.js';
import { apiCreatePart, apiUploadPhoto, makePhoto, type partInput } from './support/parts.js';
import {
  checkScreen,
  describeViolations,
  openPage,
  type StorageState,
  type ViewportName,
} from './support/screens.js';
import { startServer, type RunningServer } from './support/server.js';
import { createAccount, newAccount, signInByApi, type TestAccount } from './support/session.js';

/** A browser context signed in as `account`, kept open, and its storage state. */
async function signedIn(
  browser: Browser,
  baseUrl: string,
  account: TestAccount,
): Promise<{ context: BrowserContext; state: StorageState; api: APIRequestContext }> {
  const { context, page } = await openPage(browser);
  await signInByApi(page, baseUrl, account);
  await page.close();
  return { context, state: await context.storageState(), api: context.request };
}

/** Waits until no animation (a modal fading in) runs, so axe and screenshots see the final colours. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

describe("a part's life in Chromium: status, history, bin and roles", () => {
  let server: RunningServer;
  let browser: Browser;
  const admin = newAccount({ username: 'Giulia Ferri' });
  const clerk = newAccount({ username: 'Mario Rossi' });
  const reader = newAccount({ username: 'Anna Verdi' });
  let adminState: StorageState;
  let clerkState: StorageState;
  let readerState: StorageState;
  let clerkApi: APIRequestContext;
  let readerApi: APIRequestContext;
  const contexts: BrowserContext[] = [];

  const create = (overrides: Parameters<typeof partInput>[0]) =>
    apiCreatePart(clerkApi, server.url, overrides);
  const read = async (id: string) =>
    (await (await clerkApi.get(`${server.url}/api/componenti/${id}`)).json()) as Part;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    // The first account of the installation is amministratore; the others magazziniere.
    for (const account of [admin, clerk, reader]) await createAccount(server.url, account);
    const adminSession = await signedIn(browser, server.url, admin);
    const clerkSession = await signedIn(browser, server.url, clerk);
    contexts.push(adminSession.context, clerkSession.context);
    adminState = adminSession.state;
    clerkState = clerkSession.state;
    clerkApi = clerkSession.api;
    const users = (await (await adminSession.api.get(`${server.url}/api/users`)).json()) as User[];
    const readerId = users.find((user) => user.email === reader.email)?._id;
    const made = await adminSession.api.patch(`${server.url}/api/users/${readerId}`, {
      data: { role: 'sola_lettura' },
    });
    expect(made.status()).toBe(200);
    const readerSession = await signedIn(browser, server.url, reader);
    contexts.push(readerSession.context);
    readerState = readerSession.state;
    readerApi = readerSession.api;
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
  });

  it('reserves a part from the list, then sells it, and the list shows each status', async () => {
    const part = await create({ nome: 'Faro Zeta sinistro', marca: 'Zeta', prezzo: 45 });
    // Neighbours in other statuses, for the badges of the screenshot.
    const returned = await create({ nome: 'Faro Zeta destro', marca: 'Zeta', prezzo: 60 });
    for (const body of [{ stato: 'venduto', prezzo: 60 }, { stato: 'reso' }]) {
      expect(
        (await clerkApi.post(`${server.url}/api/componenti/stato/${returned._id}`, { data: body })).status(),
      ).toBe(200);
    }
    await create({ nome: 'Fanale Zeta', marca: 'Zeta', prezzo: null });

    const { context, page } = await openPage(browser, { storageState: clerkState });
    try {
      await page.goto(`${server.url}/elencocomponenti?marca=zeta`);
      await page.getByRole('button', { name: `Cambia lo stato di ${part.nome}` }).click();
      // The dialog reckons its default day when it opens: between now and the check below.
      const opened = Date.now();
      await page.getByRole('button', { name: 'Riserva', exact: true }).click();
      const reserve = page.getByRole('dialog', { name: `Riserva ${part.nome}` });
      await reserve.waitFor();
      await settled(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await reserve.getByLabel('Cliente').fill('Officina Bianchi');
      await reserve.getByLabel('Telefono').fill('333 7654321');
      await saveScreenshot(page, 'status-reserve-dialog');
      await reserve.getByRole('button', { name: 'Riserva' }).click();
      await page.getByText(new RegExp(`^${part.nome}: riservato per Officina Bianchi fino al`)).waitFor();
      const reserved = await read(part._id);
      expect(reserved).toMatchObject({
        stato: 'riservato',
        riserva: { cliente: 'Officina Bianchi', telefono: '333 7654321' },
      });
      // Reserved for a week by default: seven calendar days from the yard's day when the dialog
      // opened (midnight in Rome may fall between that and now; 7 × 24 h is not a week across a
      // change to summer time).
      const weekFrom = (time: number) => {
        const day = new Date(time).toLocaleDateString('sv-SE', { timeZone: 'Europe/Rome' });
        const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
        return new Date(Date.UTC(year, month - 1, date + 7)).toISOString().slice(0, 10);
      };
      expect([...new Set([weekFrom(opened), weekFrom(Date.now())])]).toContain(reserved.riserva?.fino);
      await page
        .getByRole('row', { name: new RegExp(part.nome) })
        .getByText('Riservato', { exact: true })
        .waitFor();
      await page.mouse.move(0, 0);
      await saveScreenshot(page, 'list-statuses');

      await page.getByRole('button', { name: `Cambia lo stato di ${part.nome}` }).click();
      await page.getByRole('button', { name: 'Vendi', exact: true }).click();
      const sell = page.getByRole('dialog', { name: `Vendi ${part.nome}` });
      await sell.waitFor();
      // The asking price is offered; the clerk types what was paid, the Italian way.
      expect(await sell.getByLabel('Prezzo di vendita (€)').inputValue()).toBe('45,00');
      await sell.getByLabel('Prezzo di vendita (€)').fill('40,50');
      await sell.getByRole('button', { name: 'Registra la vendita' }).click();
      await page.getByText(`${part.nome}: venduto a € 40,50.`).waitFor();
      expect(await read(part._id)).toMatchObject({ stato: 'venduto', vendita: { prezzo: 40.5 } });
      // A sold part leaves the parts in stock; the status filter brings it back.
      await page.getByRole('row', { name: new RegExp(part.nome) }).waitFor({ state: 'detached' });
      await page.getByLabel('Stato', { exact: true }).selectOption({ label: 'Venduto' });
      await page.waitForURL(/stato=venduto/);
      await page
        .getByRole('row', { name: new RegExp(part.nome) })
        .getByText('Venduto', { exact: true })
        .waitFor();
    } finally {
      await context.close();
    }
  });

  it('shows a sola lettura account no status, edit or delete control, and its API writes get 403', async () => {
    const part = await create({ nome: 'Pompa Zeta lettura', marca: 'Zetalettura' });
    const { context, page } = await openPage(browser, { storageState: readerState });
    try {
      await page.goto(`${server.url}/elencocomponenti?marca=zetalettura`);
      await page.getByRole('row', { name: new RegExp(part.nome) }).waitFor();
      await page.waitForFunction(() => localStorage.getItem('user')?.includes('sola_lettura'));
      for (const name of [`Cambia lo stato di ${part.nome}`, /^Modifica/, /^Cancella/]) {
        expect(await page.getByRole('button', { name }).count()).toBe(0);
        expect(await page.getByRole('link', { name }).count()).toBe(0);
      }
      await page.goto(`${server.url}/componente/${part._id}`);
      await page.getByRole('heading', { name: 'Storico' }).waitFor();
      expect(await page.getByRole('button', { name: 'Riserva' }).count()).toBe(0);
    } finally {
      await context.close();
    }
    const refused = await readerApi.post(`${server.url}/api/componenti/stato/${part._id}`, {
      data: { stato: 'scartato' },
    });
    expect(refused.status()).toBe(403);
    expect((await readerApi.get(`${server.url}/api/cestino`)).status()).toBe(403);
    expect((await read(part._id)).stato).toBe('disponibile');
  });

  it("shows an edited part's history on its edit screen, in the clerk's words", async () => {
    const part = await create({ nome: 'Alternatore Zeta', peso: 1.2, prezzo: 35 });
    const patched = await clerkApi.patch(`${server.url}/api/componenti/modifica/${part._id}`, {
      data: { peso: '1,5', prezzo: '55' },
    });
    expect(patched.status()).toBe(200);
    const { context, page } = await openPage(browser, { storageState: adminState });
    try {
      await page.goto(`${server.url}/modificacomponente/${part._id}`);
      await page.getByRole('heading', { name: 'Storico' }).waitFor();
      await page
        .getByText(
          `${clerk.username} ha cambiato il peso da 1,2 Kg a 1,5 Kg e il prezzo da € 35,00 a € 55,00`,
        )
        .waitFor();
      await page.getByText(`${clerk.username} ha registrato il componente`).waitFor();
      await page.getByRole('heading', { name: 'Storico' }).scrollIntoViewIfNeeded();
      await saveScreenshot(page, 'part-history');
    } finally {
      await context.close();
    }
  });

  it('moves a deleted part to the bin, whence it comes back with its photo', async () => {
    const photo = await apiUploadPhoto(clerkApi, server.url, await makePhoto(480, 360, 7));
    const part = await create({ nome: 'Specchietto Zeta', marca: 'Zetabin', urlImmagine: photo.secure_url });
    const { context, page } = await openPage(browser, { storageState: clerkState });
    try {
      await page.goto(`${server.url}/cancellacomponente/${part._id}`);
      await page.getByRole('heading', { name: 'Richiesta cancellazione componente' }).waitFor();
      await page.getByRole('button', { name: 'Sì, cancella' }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/cancellacomponente'));
      expect((await clerkApi.get(`${server.url}/api/componenti/${part._id}`)).status()).toBe(404);

      await page.goto(`${server.url}/cestino`);
      await page.getByRole('heading', { level: 1, name: 'Cestino' }).waitFor();
      const row = page.getByRole('row', { name: new RegExp(part.nome) });
      await row.getByText(clerk.username).waitFor();
      // Only an amministratore empties the bin.
      expect(await page.getByRole('button', { name: 'Svuota il cestino' }).count()).toBe(0);
      await row.getByRole('button', { name: /^Ripristina/ }).click();
      await page.getByText(`${part.nome} è stato ripristinato.`).waitFor();
      await page.getByRole('link', { name: 'Apri il componente' }).click();
      await page.getByRole('heading', { level: 1, name: part.nome }).waitFor();
      await page.getByText(`${clerk.username} ha ripristinato il componente dal cestino`).waitFor();
      expect(await read(part._id)).toMatchObject({ nome: part.nome, urlImmagine: photo.secure_url });
      expect((await clerkApi.get(`${server.url}${photo.secure_url}`)).status()).toBe(200);
    } finally {
      await context.close();
    }
  });

  it('has accessible Cestino, Attività, list and history screens in both themes at desktop and phone width', async () => {
    // Something in the bin, so the bin shows its table and the amministratore its controls.
    const binned = await create({ nome: 'Paraurti Zeta', marca: 'Zetaaxe' });
    expect((await clerkApi.delete(`${server.url}/api/componenti/delete/${binned._id}`)).status()).toBe(204);
    const sold = await create({ nome: 'Tergicristallo Zeta', marca: 'Zeta', prezzo: 12 });
    await clerkApi.post(`${server.url}/api/componenti/stato/${sold._id}`, {
      data: { stato: 'venduto', prezzo: 12 },
    });
    const edited = await create({ nome: 'Motorino Zeta', peso: 2 });
    await clerkApi.patch(`${server.url}/api/componenti/modifica/${edited._id}`, { data: { peso: '2,5' } });
    const screens: {
      path: string;
      name: string;
      state: StorageState;
      ready: (page: Page) => Promise<void>;
    }[] = [
      {
        path: '/cestino',
        name: 'bin',
        state: adminState,
        ready: async (page) => {
          await page.getByRole('button', { name: 'Svuota il cestino' }).waitFor();
          await page.getByText('Paraurti Zeta').first().waitFor();
        },
      },
      {
        path: '/attivita',
        name: 'activity',
        state: clerkState,
        ready: async (page) => {
          await page.getByRole('heading', { level: 1, name: 'Attività' }).waitFor();
          await page.getByText(`${clerk.username} ha eliminato il componente`).first().waitFor();
        },
      },
      {
        path: '/elencocomponenti?marca=zeta&stato=tutti',
        name: 'list-statuses',
        state: clerkState,
        ready: async (page) => {
          await page
            .getByRole('row', { name: /Tergicristallo Zeta/ })
            .getByText('Venduto', { exact: true })
            .waitFor();
        },
      },
      {
        path: `/componente/${edited._id}`,
        name: 'part-history',
        state: clerkState,
        ready: async (page) => {
          await page.getByText(`${clerk.username} ha cambiato il peso da 2 Kg a 2,5 Kg`).waitFor();
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
      });
      failures.push(describeViolations(results));
    }
    expect(failures.filter(Boolean).join('\n')).toBe('');
  });

  for (const viewport of ['phone'] as ViewportName[]) {
    it(`offers the quick actions on a phone, in a dialog that fits (${viewport})`, async () => {
      const part = await create({ nome: 'Centralina Zeta', marca: 'Zetaphone', prezzo: 80 });
      const { context, page } = await openPage(browser, { storageState: clerkState, viewport });
      try {
        await page.goto(`${server.url}/elencocomponenti?marca=zetaphone`);
        await page.getByRole('button', { name: `Cambia lo stato di ${part.nome}` }).click();
        await page.getByRole('button', { name: 'Vendi', exact: true }).click();
        const sell = page.getByRole('dialog', { name: `Vendi ${part.nome}` });
        await sell.waitFor();
        await settled(page);
        expect(await seriousAxeViolations(page)).toEqual([]);
        const box = await sell.locator('.modal-content').boundingBox();
        expect(box?.width ?? 999).toBeLessThanOrEqual(390);
        await sell.getByRole('button', { name: 'Registra la vendita' }).click();
        await page.getByText(`${part.nome}: venduto a € 80,00.`).waitFor();
        expect(await read(part._id)).toMatchObject({ stato: 'venduto', vendita: { prezzo: 80 } });
      } finally {
        await context.close();
      }
    });
  }
});
