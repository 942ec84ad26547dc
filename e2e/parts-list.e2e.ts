import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Part } from '@magazzino/contract';
import {
  assertNoSidewaysScroll,
  columnTexts,
  listAnswer,
  makePhoto,
  usePartsSuite,
  waitForRows,
  waitForThumbnails,
} from './support/parts.js';
import { eventually } from './support/poll.js';
import { checkScreen, describeViolations } from './support/screens.js';

const LIST = '/elencocomponenti';

describe('parts list in Chromium', () => {
  let withPhoto: Part;
  // 8 Fiat Punto, 2 Lancia Ypsilon, 1 Alfa Romeo, 1 Citroën: 12 parts, 3 pages of 5.
  const suite = usePartsSuite(async ({ createPart, uploadPhoto }) => {
    const photo = await uploadPhoto(await makePhoto());
    for (let i = 1; i <= 8; i++) {
      await createPart({ nome: `Faro ${i}`, marca: 'Fiat', modello: 'Punto', peso: i });
    }
    for (let i = 1; i <= 2; i++) {
      await createPart({ nome: `Specchietto ${i}`, marca: 'Lancia', modello: 'Ypsilon', codice: `LAN-${i}` });
    }
    withPhoto = await createPart({
      nome: 'Paraurti posteriore',
      marca: 'Alfa Romeo',
      modello: '147',
      peso: 12.5,
      urlImmagine: photo,
    });
    await createPart({
      nome: 'Faro anteriore Citroën',
      marca: 'Citroën',
      modello: 'C3',
      codice: '1K0-615-301-AA',
      peso: 0.25,
      scaffale: 'G',
      campata: '2',
      ripiano: '3',
      cassetta: '12',
    });
  });

  const currentPage = (page: Page) =>
    page.getByRole('navigation', { name: 'Paginazione' }).locator('[aria-current="page"]').innerText();
  const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Cerca ovunque' });
  const marks = (page: Page) => page.locator('table.parts-table mark').allInnerTexts();

  it('filters on the server, resets, changes page size and pages, all kept in the URL', async () => {
    await suite.inPage(LIST, async (page) => {
      const url = suite.server.url;
      await page.getByText('Componenti trovati: 12').waitFor();
      await waitForRows(page, 5);
      expect(await page.title()).toBe('Elenco Componenti · Magazzino Ricambi');
      // Newest first: the last part created heads the list, with its formatted weight.
      expect((await columnTexts(page, 'nome'))[0]).toBe('Faro anteriore Citroën');
      // Under the OEM code, the part's own code (the one its label prints).
      expect((await columnTexts(page, 'codice'))[0]).toMatch(/R-\d{6}$/);
      expect((await columnTexts(page, 'peso'))[1]).toBe('12,5 Kg');
      // The location on one line.
      expect((await columnTexts(page, 'ubicazione'))[0]).toBe('G · 2 · 3 · 12');
      expect(await currentPage(page)).toContain('Pagina 1');

      await page.getByRole('link', { name: 'Pagina 3' }).click();
      await page.waitForURL(`${url}${LIST}?pagina=3`);
      await waitForRows(page, 2);
      expect(await currentPage(page)).toContain('Pagina 3');

      await page.getByPlaceholder('Inserisci la marca').fill('fiat');
      await page.waitForURL(`${url}${LIST}?marca=fiat`);
      await page.getByText('Componenti trovati: 8').waitFor();
      await waitForRows(page, 5);
      expect(new Set(await columnTexts(page, 'marca'))).toEqual(new Set(['Fiat']));

      await page.getByLabel('Componenti per pagina').selectOption('10');
      await page.waitForURL(`${url}${LIST}?marca=fiat&perPagina=10`);
      await waitForRows(page, 8);
      expect(await page.getByRole('navigation', { name: 'Paginazione' }).count()).toBe(0);

      await page.reload();
      await waitForRows(page, 8);
      expect(await page.getByPlaceholder('Inserisci la marca').inputValue()).toBe('fiat');
      expect(await page.getByLabel('Componenti per pagina').inputValue()).toBe('10');

      await page.goBack();
      await page.waitForURL(`${url}${LIST}?marca=fiat`);
      // The clerk chose 10 per page: a list without a size in its URL now shows 10.
      await waitForRows(page, 8);
      expect(await page.getByLabel('Componenti per pagina').inputValue()).toBe('10');
      await page.goBack();
      await page.waitForURL(`${url}${LIST}?pagina=3`);
      // The URL changes first; the boxes follow it when the page is drawn again.
      await eventually(() => page.getByPlaceholder('Inserisci la marca').inputValue()).toBe('');

      await page.getByPlaceholder('Inserisci il nome').fill('specchietto');
      await page.getByPlaceholder('Inserisci il modello').fill('YPS');
      await page.waitForURL(`${url}${LIST}?nome=specchietto&modello=YPS`);
      // Page 3 had two rows too, kept on screen until the answer: its count tells them apart.
      await page.getByText('Componenti trovati: 2').waitFor();
      await waitForRows(page, 2);
      await page.getByRole('button', { name: 'Azzera filtri' }).click();
      await page.waitForURL(`${url}${LIST}`);
      await page.getByText('Componenti trovati: 12').waitFor();
      expect(await page.getByPlaceholder('Inserisci il nome').inputValue()).toBe('');

      await page.getByPlaceholder('Inserisci il nome').fill('nessun pezzo così');
      await page.getByText('Nessun componente trovato').waitFor();
      expect(await page.locator('table.parts-table').count()).toBe(0);
    });
  });

  it('searches everywhere as the clerk types, marks what matched, and Back restores the search', async () => {
    await suite.inPage(LIST, async (page) => {
      const url = suite.server.url;
      await waitForRows(page, 5);
      const requests: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/componenti?')) requests.push(new URL(request.url()).search);
      });
      // Accents and case do not matter: 'citroen' finds 'Citroën', and the mark covers the 'ë'.
      await searchBox(page).pressSequentially('ci', { delay: 60 });
      await page.waitForTimeout(600);
      expect(requests).toEqual([]);
      // When each of the next keys reached the page, by the page's clock.
      await searchBox(page).evaluate((box) => {
        const times: number[] = [];
        (window as unknown as { keyTimes: number[] }).keyTimes = times;
        box.addEventListener('input', () => times.push(performance.now()));
      });
      await searchBox(page).pressSequentially('troen', { delay: 60 });
      await page.waitForURL(`${url}${LIST}?q=citroen`);
      await waitForRows(page, 1);
      await page.getByText('Componenti trovati: 1').waitFor();
      expect(await marks(page)).toEqual(['Citroën', 'Citroën']);
      // Not one request per keystroke (five of them asked for 3 characters or more): one for the
      // whole word, and one more only for each pause between two keys that let the debounce run
      // out (a loaded machine stalls the typing; a pause of 250 ms or more is counted as one).
      const keyTimes = await page.evaluate(() => (window as unknown as { keyTimes: number[] }).keyTimes);
      expect(keyTimes).toHaveLength(5);
      const pauses = keyTimes.filter(
        (time, index) => index > 0 && time - (keyTimes[index - 1] ?? time) >= 250,
      ).length;
      const searches = requests.filter((search) => search.includes('q='));
      expect(searches.length).toBeGreaterThanOrEqual(1);
      expect(searches.length).toBeLessThanOrEqual(1 + pauses);
      expect(searches.at(-1)).toContain('q=citroen');

      // A code, however it is written; and several words must all match.
      await searchBox(page).fill('1k0615 faro');
      await page.waitForURL(`${url}${LIST}?q=1k0615+faro`);
      // Until the page is drawn again, the two marks are still the previous search's.
      await eventually(() => marks(page)).toEqual(['1K0-615', 'Faro']);

      await page.goBack();
      await page.waitForURL(`${url}${LIST}?q=citroen`);
      await page.waitForFunction(
        () => document.querySelector<HTMLInputElement>('input[name="q"]')?.value === 'citroen',
      );
      expect(await marks(page)).toEqual(['Citroën', 'Citroën']);
      expect(await page.getByRole('link', { name: 'Esporta Lista CSV' }).getAttribute('href')).toBe(
        '/api/componenti/export.csv?q=citroen',
      );

      // Two characters and Enter search at once. The previous search showed one row too (the same
      // part), kept on screen until the new answer is drawn: wait for that answer.
      const c3 = listAnswer(page, { q: 'c3' });
      await searchBox(page).fill('c3');
      await searchBox(page).press('Enter');
      await page.waitForURL(`${url}${LIST}?q=c3`);
      await c3;
      await waitForRows(page, 1);
      await searchBox(page).fill('');
      await page.waitForURL(`${url}${LIST}`);
      await page.getByText('Componenti trovati: 12').waitFor();
    });
  });

  it('sorts by a column header, both ways, with the order in the URL', async () => {
    await suite.inPage(`${LIST}?marca=fiat&pagina=2`, async (page) => {
      const url = suite.server.url;
      await waitForRows(page, 3);
      const pesoHeader = page.locator('th', { has: page.getByRole('button', { name: 'Peso' }) });
      expect(await pesoHeader.getAttribute('aria-sort')).toBeNull();
      await page.getByRole('button', { name: 'Peso' }).click();
      await page.waitForURL(`${url}${LIST}?marca=fiat&sort=peso`);
      await page.waitForFunction(
        () => document.querySelector('table.parts-table tbody td.parts-col-peso')?.textContent === '1 Kg',
      );
      expect(await columnTexts(page, 'peso')).toEqual(['1 Kg', '2 Kg', '3 Kg', '4 Kg', '5 Kg']);
      expect(await pesoHeader.getAttribute('aria-sort')).toBe('ascending');

      // From the keyboard: the header is a button.
      await page.getByRole('button', { name: 'Peso' }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(`${url}${LIST}?marca=fiat&sort=-peso`);
      await page.waitForFunction(
        () => document.querySelector('table.parts-table tbody td.parts-col-peso')?.textContent === '8 Kg',
      );
      expect(await pesoHeader.getAttribute('aria-sort')).toBe('descending');

      await page.getByRole('button', { name: 'Nome' }).click();
      await page.waitForURL(`${url}${LIST}?marca=fiat&sort=nome`);
      await page.waitForFunction(
        () => document.querySelector('table.parts-table tbody td.parts-col-nome')?.textContent === 'Faro 1',
      );
      await page.reload();
      await page.waitForFunction(
        () => document.querySelector('table.parts-table tbody td.parts-col-nome')?.textContent === 'Faro 1',
      );
      expect(
        await page
          .locator('th', { has: page.getByRole('button', { name: 'Nome' }) })
          .getAttribute('aria-sort'),
      ).toBe('ascending');
    });
  });

  it('shows the 64 px thumbnail, opens the full photo in the lightbox and closes it with Escape', async () => {
    await suite.inPage(`${LIST}?nome=paraurti`, async (page) => {
      const thumb = page.getByRole('button', { name: 'Ingrandisci la foto di Paraurti posteriore' });
      await thumb.waitFor();
      const img = thumb.locator('img');
      expect(await img.getAttribute('src')).toBe(withPhoto.urlMiniatura);
      expect(withPhoto.urlMiniatura).toMatch(/^\/media\/.+/);
      await page.waitForFunction(() => {
        const image = document.querySelector<HTMLImageElement>('.parts-thumb-button img');
        return image !== null && image.complete && image.naturalWidth > 0;
      });
      expect(await img.boundingBox()).toMatchObject({ width: 64, height: 64 });
      const codice = withPhoto.codice ?? '';
      const code = page.getByRole('link', { name: new RegExp(codice) });
      expect(await code.getAttribute('href')).toBe(
        `https://www.google.com/search?q=${encodeURIComponent(codice)}`,
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
    });
  });

  it('downloads the server CSV of the filtered and searched list', async () => {
    await suite.inPage(`${LIST}?marca=lancia&q=specchietto`, async (page) => {
      await waitForRows(page, 2);
      const link = page.getByRole('link', { name: 'Esporta Lista CSV' });
      expect(await link.getAttribute('href')).toBe('/api/componenti/export.csv?marca=lancia&q=specchietto');
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
        'nome,categoria,codice,condizione,peso,scaffale,campata,ripiano,cassetta,marca,modello,versione,anno,stato,prezzo',
      );
      // Only the two Lancia parts: name, brand, model, year and status of each row. (The weight,
      // '1,5', is a quoted cell with a comma: the name is read from the start, the rest from the end.)
      const rows = lines.slice(1).map((line) => {
        const cells = line.split(',');
        const [marca, modello, , anno, stato] = cells.slice(-6);
        return [cells[0], marca, modello, anno, stato];
      });
      expect(rows.sort()).toEqual([
        ['Specchietto 1', 'Lancia', 'Ypsilon', '2004', 'disponibile'],
        ['Specchietto 2', 'Lancia', 'Ypsilon', '2004', 'disponibile'],
      ]);
      // The page is still there and usable after the download.
      expect(page.url()).toBe(`${suite.server.url}${LIST}?marca=lancia&q=specchietto`);
    });
  });

  it('passes axe in both themes, fits a phone, and is photographed (plain, searched, filters open)', async () => {
    const common = { baseUrl: suite.server.url, storageState: suite.signedIn };
    const results = [
      ...(await checkScreen(suite.browser, {
        ...common,
        path: LIST,
        name: 'parts-list',
        ready: async (page) => {
          await waitForRows(page, 5);
          await waitForThumbnails(page);
          await assertNoSidewaysScroll(page);
        },
      })),
      ...(await checkScreen(suite.browser, {
        ...common,
        path: `${LIST}?q=faro&sort=-peso`,
        name: 'parts-list-search',
        ready: async (page) => {
          await waitForRows(page, 5);
          await assertNoSidewaysScroll(page);
        },
      })),
      ...(await checkScreen(suite.browser, {
        ...common,
        path: `${LIST}?marca=fiat&modello=punto`,
        name: 'parts-list-filters',
        viewports: ['phone'],
        ready: async (page) => {
          await page.getByRole('button', { name: 'Filtri (2)' }).click();
          await page.getByPlaceholder('Inserisci la marca').waitFor();
          await page.locator('.parts-card').first().waitFor();
          await assertNoSidewaysScroll(page);
        },
      })),
    ];
    expect(describeViolations(results)).toBe('');
    expect(results).toHaveLength(10);
  });
});
