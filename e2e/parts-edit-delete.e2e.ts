import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import type { Part, PartInput } from '@magazzino/contract';
import {
  apiCreatePart,
  apiDeletePart,
  apiUploadPhoto,
  assertNoSidewaysScroll,
  columnTexts,
  COLUMN,
  makePhoto,
  startPartsSuite,
  type PartsSuite,
} from './support/parts.js';
import { checkScreen, describeViolations, openPage, type StorageState } from './support/screens.js';
import type { RunningServer } from './support/server.js';

describe('edit and delete a part in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let signedIn: StorageState;
  let api: BrowserContext;
  let photoUrl: string;

  let suite: PartsSuite | undefined;

  beforeAll(async () => {
    suite = await startPartsSuite();
    ({ server, browser, signedIn, api } = suite);
    photoUrl = (await apiUploadPhoto(api.request, server.url, await makePhoto(640, 480, 3))).secure_url;
  });
  afterAll(async () => {
    await suite?.close();
  });

  const create = (overrides: Partial<PartInput> = {}) =>
    apiCreatePart(api.request, server.url, { urlImmagine: photoUrl, ...overrides });

  it('shows the part prefilled, saves a change and the list shows it', async () => {
    const part = await create({ nome: 'Alternatore Magneti Marelli', marca: 'Fiat', peso: 4.25 });
    const { context, page } = await openPage(browser, { storageState: signedIn });
    try {
      await page.goto(`${server.url}/modificacomponente/${part._id}`);
      await page.getByRole('heading', { name: 'Visualizza/ Modifica componente' }).waitFor();
      const nome = page.getByRole('textbox', { name: 'Nome' });
      await nome.waitFor();
      expect(await nome.inputValue()).toBe('Alternatore Magneti Marelli');
      expect(await nome.getAttribute('placeholder')).toBe('Alternatore Magneti Marelli');
      expect(await page.getByRole('textbox', { name: 'Peso (Kg)' }).inputValue()).toBe('4,25');
      const image = page.getByRole('img', { name: 'Immagine attuale di Alternatore Magneti Marelli' });
      expect(await image.getAttribute('src')).toBe(photoUrl);
      await page.waitForFunction(
        () => document.querySelector<HTMLImageElement>('.parts-edit-image')?.complete,
      );
      expect((await image.boundingBox())?.width).toBe(320);

      await page.getByRole('textbox', { name: 'Marca' }).fill('Lancia');
      // Emptied: a field left empty keeps its stored value.
      await nome.fill('');
      await page.getByRole('button', { name: 'Conferma e salva' }).click();
      await page.waitForURL(`${server.url}/dashboardpage`);

      await page.goto(`${server.url}/elencocomponenti?nome=alternatore`);
      await page.getByText('Componenti trovati: 1').waitFor();
      expect(await columnTexts(page, COLUMN.nome)).toEqual(['Alternatore Magneti Marelli']);
      expect(await columnTexts(page, 6)).toEqual(['Lancia']);
    } finally {
      await context.close();
    }
  });

  it('refuses a stale save with 412 and offers the latest version (two tabs)', async () => {
    const part = await create({ nome: 'Pompa acqua', modello: 'Punto' });
    const { context, page: first } = await openPage(browser, { storageState: signedIn });
    try {
      const second = await context.newPage();
      const url = `${server.url}/modificacomponente/${part._id}`;
      await first.goto(url);
      await second.goto(url);
      await first.getByRole('textbox', { name: 'Modello' }).waitFor();
      await second.getByRole('textbox', { name: 'Modello' }).waitFor();

      await second.getByRole('textbox', { name: 'Modello' }).fill('Grande Punto');
      await second.getByRole('button', { name: 'Conferma e salva' }).click();
      await second.waitForURL(`${server.url}/dashboardpage`);

      await first.bringToFront();
      await first.getByRole('textbox', { name: 'Versione' }).fill('1.3 Multijet');
      await first.getByRole('button', { name: 'Conferma e salva' }).click();
      await first.getByText('Qualcun altro ha modificato questo componente').waitFor();
      expect(first.url()).toBe(url);
      await first.getByRole('button', { name: 'Carica la versione più recente' }).click();
      await first.waitForFunction(
        () => document.querySelector<HTMLInputElement>('input[name="modello"]')?.value === 'Grande Punto',
      );
      expect(await first.getByText('Qualcun altro ha modificato').count()).toBe(0);
      await first.getByRole('textbox', { name: 'Versione' }).fill('1.3 Multijet');
      await first.getByRole('button', { name: 'Conferma e salva' }).click();
      await first.waitForURL(`${server.url}/dashboardpage`);

      const stored = (await (
        await api.request.get(`${server.url}/api/componenti/${part._id}`)
      ).json()) as Part;
      expect(stored).toMatchObject({ modello: 'Grande Punto', versione: '1.3 Multijet' });
    } finally {
      await context.close();
    }
  });

  it('deletes after confirmation, with the modal only once the server agreed', async () => {
    const part = await create({ nome: 'Specchietto destro elettrico' });
    const { context, page } = await openPage(browser, { storageState: signedIn });
    try {
      await page.goto(`${server.url}/cancellacomponente/${part._id}`);
      await page.getByRole('heading', { name: 'Richiesta cancellazione componente' }).waitFor();
      await page.getByText('Stai per cancellare il componente').waitFor();
      await page.getByText('Specchietto destro elettrico').waitFor();
      await page.getByText(`Codice: ${part.codice}`).waitFor();
      expect(
        await page.getByRole('img', { name: 'Foto di Specchietto destro elettrico' }).getAttribute('src'),
      ).toBe(part.urlMiniatura);
      await page.getByRole('button', { name: 'OK, CANCELLA' }).click();
      const modal = page.getByRole('dialog', { name: 'COMPONENTE CANCELLATO' });
      await modal.getByText('Componente cancellato correttamente!').waitFor();
      expect((await api.request.get(`${server.url}/api/componenti/${part._id}`)).status()).toBe(404);
      await modal.getByRole('button', { name: 'Chiudi' }).click();
      await page.waitForURL(`${server.url}/elencocomponenti`);
      await page.getByPlaceholder('Inserisci il nome').fill('specchietto destro');
      await page.getByText('Nessun componente trovato').waitFor();
    } finally {
      await context.close();
    }
  });

  it('shows a failed deletion and no success modal', async () => {
    const part = await create({ nome: 'Paraurti già venduto' });
    const { context, page } = await openPage(browser, { storageState: signedIn });
    try {
      await page.goto(`${server.url}/cancellacomponente/${part._id}`);
      await page.getByText('Paraurti già venduto').waitFor();
      // Someone else deletes it meanwhile.
      await apiDeletePart(api.request, server.url, part._id);
      await page.getByRole('button', { name: 'OK, CANCELLA' }).click();
      const alert = page.getByRole('alert');
      await alert.waitFor();
      expect(await alert.innerText()).toContain('Il componente non è stato cancellato');
      expect(await page.getByRole('dialog').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('passes axe in both themes and is photographed (edit, delete)', async () => {
    const part = await create({ nome: 'Motorino avviamento' });
    const edit = await checkScreen(browser, {
      baseUrl: server.url,
      path: `/modificacomponente/${part._id}`,
      name: 'parts-edit',
      storageState: signedIn,
      ready: async (page) => {
        await page.getByRole('textbox', { name: 'Nome' }).waitFor();
        await page.waitForFunction(
          () => document.querySelector<HTMLImageElement>('.parts-edit-image')?.complete,
        );
        await assertNoSidewaysScroll(page);
      },
    });
    const remove = await checkScreen(browser, {
      baseUrl: server.url,
      path: `/cancellacomponente/${part._id}`,
      name: 'parts-delete',
      storageState: signedIn,
      ready: async (page) => {
        await page.getByText('Motorino avviamento').waitFor();
        await assertNoSidewaysScroll(page);
      },
    });
    expect(describeViolations([...edit, ...remove])).toBe('');
  });
});
