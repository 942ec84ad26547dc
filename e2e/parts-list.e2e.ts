import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Part } from '@magazzino/contract';
import {
  apiCreatePart,
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

const LIST = '/elencocomponenti';

describe('parts list in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let signedIn: StorageState;
  let api: BrowserContext;
  let withPhoto: Part;

  let suite: PartsSuite | undefined;

  beforeAll(async () => {
    suite = await startPartsSuite();
    ({ server, browser, signedIn, api } = suite);
    const photo = await apiUploadPhoto(api.request, server.url, await makePhoto());
    // 8 Fiat Punto, 2 Lancia Ypsilon, 1 Alfa Romeo: 11 parts, 3 pages of 5.
    for (let i = 1; i <= 8; i++) {
      await apiCreatePart(api.request, server.url, { nome: `Faro ${i}`, marca: 'Fiat', modello: 'Punto' });
    }
    for (let i = 1; i <= 2; i++) {
      await apiCreatePart(api.request, server.url, {
        nome: `Specchietto ${i}`,
        marca: 'Lancia',
        modello: 'Ypsilon',
        codice: `LAN-${i}`,
      });
    }
    withPhoto = await apiCreatePart(api.request, server.url, {
      nome: 'Paraurti posteriore',
      marca: 'Alfa Romeo',
      modello: '147',
      peso: 12.5,
      urlImmagine: photo.secure_url,
    });
  });
  afterAll(async () => {
    await suite?.close();
  });

  const open = async (path: string): Promise<{ context: BrowserContext; page: Page }> => {
    const opened = await openPage(browser, { storageState: signedIn });
    await opened.page.goto(server.url + path);
    return opened;
  };
  const waitForRows = (page: Page, count: number) =>
    page.waitForFunction((n) => document.querySelectorAll('table.parts-table tbody tr').length === n, count);
  const currentPage = (page: Page) =>
    page.getByRole('navigation', { name: 'Paginazione' }).locator('[aria-current="page"]').innerText();

  it('filters on the server, resets, changes page size and pages, all kept in the URL', async () => {
    const { context, page } = await open(LIST);
    try {
      await page.getByText('Componenti trovati: 11').waitFor();
      await waitForRows(page, 5);
      expect(await page.title()).toBe('Elenco Componenti · Magazzino Ricambi');
      // Newest first: the last part created heads the list, with its formatted weight.
      expect((await columnTexts(page, COLUMN.nome))[0]).toBe('Paraurti posteriore');
      expect((await columnTexts(page, COLUMN.peso))[0]).toBe('12,5 Kg');
      expect(await currentPage(page)).toContain('Pagina 1');

      await page.getByRole('link', { name: 'Pagina 3' }).click();
      await page.waitForURL(`${server.url}${LIST}?pagina=3`);
      await waitForRows(page, 1);
      expect(await currentPage(page)).toContain('Pagina 3');

      await page.getByPlaceholder('Inserisci la marca').fill('fiat');
      await page.waitForURL(`${server.url}${LIST}?marca=fiat`);
      await page.getByText('Componenti trovati: 8').waitFor();
      await waitForRows(page, 5);
      expect(new Set(await columnTexts(page, 6))).toEqual(new Set(['Fiat']));

      await page.getByLabel('Componenti per pagina').selectOption('10');
      await page.waitForURL(`${server.url}${LIST}?marca=fiat&perPagina=10`);
      await waitForRows(page, 8);
      expect(await page.getByRole('navigation', { name: 'Paginazione' }).count()).toBe(0);

      await page.reload();
      await waitForRows(page, 8);
      expect(await page.getByPlaceholder('Inserisci la marca').inputValue()).toBe('fiat');
      expect(await page.getByLabel('Componenti per pagina').inputValue()).toBe('10');

      await page.goBack();
      await page.waitForURL(`${server.url}${LIST}?marca=fiat`);
      await waitForRows(page, 5);
      expect(await page.getByLabel('Componenti per pagina').inputValue()).toBe('5');
      await page.goBack();
      await page.waitForURL(`${server.url}${LIST}?pagina=3`);
      await waitForRows(page, 1);
      expect(await page.getByPlaceholder('Inserisci la marca').inputValue()).toBe('');

      await page.getByPlaceholder('Inserisci il nome').fill('specchietto');
      await page.getByPlaceholder('Inserisci il modello').fill('YPS');
      await page.waitForURL(`${server.url}${LIST}?nome=specchietto&modello=YPS`);
      await waitForRows(page, 2);
      await page.getByRole('button', { name: 'RESET' }).click();
      await page.waitForURL(`${server.url}${LIST}`);
      await page.getByText('Componenti trovati: 11').waitFor();
      expect(await page.getByPlaceholder('Inserisci il nome').inputValue()).toBe('');

      await page.getByPlaceholder('Inserisci il nome').fill('nessun pezzo così');
      await page.getByText('Nessun componente trovato').waitFor();
      expect(await page.locator('table.parts-table').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('shows the 120 px thumbnail, opens the full photo in the lightbox and closes it with Escape', async () => {
    const { context, page } = await open(`${LIST}?nome=paraurti`);
    try {
      const thumb = page.getByRole('button', { name: 'Ingrandisci la foto di Paraurti posteriore' });
      await thumb.waitFor();
      const img = thumb.locator('img');
      expect(await img.getAttribute('src')).toBe(withPhoto.urlMiniatura);
      expect(withPhoto.urlMiniatura).toMatch(/^\/media\/.+/);
      await page.waitForFunction(() => {
        const image = document.querySelector<HTMLImageElement>('.parts-thumb-button img');
        return image !== null && image.complete && image.naturalWidth > 0;
      });
      expect((await img.boundingBox())?.width).toBe(120);
      const code = page.getByRole('link', { name: new RegExp(withPhoto.codice) });
      expect(await code.getAttribute('href')).toBe(
        `https://www.google.com/search?q=${encodeURIComponent(withPhoto.codice)}`,
      );
      expect(await code.getAttribute('target')).toBe('_blank');
      expect(await code.getAttribute('rel')).toBe('noopener noreferrer');

      await thumb.click();
      const lightbox = page.getByRole('dialog', { name: 'Visualizzatore immagini' });
      await lightbox.waitFor();
      const full = lightbox.locator('img.yarl__slide_image');
      await full.waitFor();
      expect(await full.getAttribute('src')).toBe(withPhoto.urlImmagine);
      await page.keyboard.press('Escape');
      await lightbox.waitFor({ state: 'detached' });
      // The focus goes back to the thumbnail it was opened from.
      expect(await thumb.evaluate((el) => el === document.activeElement)).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('downloads the server CSV of the filtered list', async () => {
    const { context, page } = await open(`${LIST}?marca=lancia`);
    try {
      await waitForRows(page, 2);
      const link = page.getByRole('link', { name: 'Esporta Lista CSV' });
      expect(await link.getAttribute('href')).toBe('/api/componenti/export.csv?marca=lancia');
      const started = Date.now();
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(download.suggestedFilename()).toMatch(/^ListaComponenti-\d{4}-\d{2}-\d{2}\.csv$/);
      const file = await download.path();
      const text = fs.readFileSync(file, 'utf8');
      const lines = text
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
      expect(lines[0]).toBe(
        'nome,categoria,codice,condizione,peso,scaffale,campata,ripiano,cassetta,marca,modello,versione,anno',
      );
      // Only the two Lancia parts: name, brand, model and year of each row. (The weight, '1,5',
      // is a quoted cell with a comma: the name is read from the start, the rest from the end.)
      const rows = lines.slice(1).map((line) => {
        const cells = line.split(',');
        const [marca, modello, , anno] = cells.slice(-4);
        return [cells[0], marca, modello, anno];
      });
      expect(rows.sort()).toEqual([
        ['Specchietto 1', 'Lancia', 'Ypsilon', '2004'],
        ['Specchietto 2', 'Lancia', 'Ypsilon', '2004'],
      ]);
      // The page is still there and usable after the download.
      expect(page.url()).toBe(`${server.url}${LIST}?marca=lancia`);
    } finally {
      await context.close();
    }
  });

  it('passes axe in both themes, stays readable on a phone, and is photographed', async () => {
    const results = await checkScreen(browser, {
      baseUrl: server.url,
      path: LIST,
      name: 'parts-list',
      storageState: signedIn,
      ready: async (page) => {
        await waitForRows(page, 5);
        await page.waitForFunction(() =>
          [...document.querySelectorAll<HTMLImageElement>('.parts-thumb-button img')].every(
            (image) => image.complete,
          ),
        );
        // The screen never scrolls sideways at any width: on a phone rows are stacked cards.
        await assertNoSidewaysScroll(page);
      },
    });
    expect(describeViolations(results)).toBe('');
    expect(results).toHaveLength(4);
  });
});
