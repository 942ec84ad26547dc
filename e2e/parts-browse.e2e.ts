import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
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

const SPECIAL = 'Carrozzeria & vetri/ricambi';

describe('categories and warehouse lookup in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let signedIn: StorageState;
  let api: BrowserContext;

  let suite: PartsSuite | undefined;

  beforeAll(async () => {
    suite = await startPartsSuite();
    ({ server, browser, signedIn, api } = suite);
    const photo = (await apiUploadPhoto(api.request, server.url, await makePhoto(400, 300, 5))).secure_url;
    for (let i = 1; i <= 7; i++) {
      await apiCreatePart(api.request, server.url, { nome: `Pastiglie freno ${i}`, categoria: 'Freni' });
    }
    await apiCreatePart(api.request, server.url, {
      nome: 'Parabrezza',
      categoria: SPECIAL,
      urlImmagine: photo,
      scaffale: 'B2',
      campata: 'Nord',
      ripiano: '3',
      cassetta: 'C 7',
    });
    await apiCreatePart(api.request, server.url, { nome: 'Lunotto', categoria: SPECIAL });
  });
  afterAll(async () => {
    await suite?.close();
  });

  it('lists categories with counts, opens one by name, pages it and prints the table alone', async () => {
    const { context, page } = await openPage(browser, { storageState: signedIn });
    await context.addInitScript(() => {
      const calls = { count: 0 };
      (window as unknown as { printCalls: typeof calls }).printCalls = calls;
      window.print = () => {
        calls.count += 1;
      };
    });
    try {
      await page.goto(`${server.url}/consultacategorie`);
      await page.getByRole('heading', { name: 'Consulta Categorie' }).waitFor();
      await page.getByText('Consulta i componenti divisi per categorie').waitFor();
      const freni = page.getByRole('link', { name: /^Freni/ });
      await freni.waitFor();
      expect(await freni.innerText()).toContain('7 componenti');
      const special = page.getByRole('link', { name: new RegExp(`^${SPECIAL}`) });
      expect(await special.innerText()).toContain('2 componenti');

      await freni.click();
      await page.waitForURL(`${server.url}/singolacategoria/Freni`);
      await page.getByRole('heading', { level: 1, name: 'Freni' }).waitFor();
      await page.getByText('Componenti trovati: 7').waitFor();
      expect(await columnTexts(page, COLUMN.categoria)).toHaveLength(5);
      await page.getByRole('link', { name: 'Pagina 2' }).click();
      await page.waitForURL(`${server.url}/singolacategoria/Freni?pagina=2`);
      await page.waitForFunction(() => document.querySelectorAll('table.parts-table tbody tr').length === 2);

      await page.goto(`${server.url}/consultacategorie`);
      await page.getByRole('link', { name: new RegExp(`^${SPECIAL}`) }).click();
      await page.waitForURL(`${server.url}/singolacategoria/${encodeURIComponent(SPECIAL)}`);
      await page.getByRole('heading', { level: 1, name: SPECIAL }).waitFor();
      expect((await columnTexts(page, COLUMN.nome)).sort()).toEqual(['Lunotto', 'Parabrezza']);
      expect(await page.getByRole('link', { name: 'Visualizza/Modifica Parabrezza' }).count()).toBe(1);
      expect(await page.getByRole('link', { name: 'Cancella Parabrezza' }).count()).toBe(1);

      // A reload of the deep link works (the category comes from the URL).
      await page.reload();
      await page.getByRole('heading', { level: 1, name: SPECIAL }).waitFor();
      await page.getByRole('button', { name: 'Stampa' }).click();
      expect(
        await page.evaluate(() => (window as unknown as { printCalls: { count: number } }).printCalls.count),
      ).toBe(1);

      await page.emulateMedia({ media: 'print' });
      const shown = (selector: string) =>
        page.evaluate(
          (s) => [...document.querySelectorAll(s)].some((el) => getComputedStyle(el).display !== 'none'),
          selector,
        );
      expect(await shown('header')).toBe(false);
      expect(await shown('footer')).toBe(false);
      expect(await shown('nav')).toBe(false);
      expect(await shown('table.parts-table')).toBe(true);
      expect(await page.getByRole('button', { name: 'Stampa' }).isVisible()).toBe(false);
      await page.emulateMedia({ media: 'screen' });
      expect(await shown('header')).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('looks a location up, keeps it in the URL, and says when nothing is there', async () => {
    const { context, page } = await openPage(browser, { storageState: signedIn });
    try {
      await page.goto(`${server.url}/consultamagazzino`);
      await page
        .getByRole('heading', {
          name: 'Inserisci Scaffale, Campata, Ripiano e cassetta e poi clicca Consulta',
        })
        .waitFor();
      expect(
        await page.getByRole('link', { name: 'Torna alla dashboard senza consultare' }).getAttribute('href'),
      ).toBe('/dashboardpage');
      await page.getByRole('button', { name: 'Consulta' }).click();
      await page.getByText('Lo scaffale è obbligatorio').waitFor();

      // Compared after trimming and ignoring case on the server.
      await page.getByRole('textbox', { name: 'Scaffale' }).fill('b2');
      await page.getByRole('textbox', { name: 'Campata' }).fill('nord');
      await page.getByRole('textbox', { name: 'Ripiano' }).fill('3');
      await page.getByRole('textbox', { name: 'Cassetta' }).fill('c 7');
      await page.getByRole('button', { name: 'Consulta' }).click();
      await page.waitForURL(
        `${server.url}/consultamagazzino?scaffale=b2&campata=nord&ripiano=3&cassetta=c+7`,
      );
      await page.waitForFunction(() => document.querySelectorAll('table.parts-table tbody tr').length === 1);
      expect(await columnTexts(page, COLUMN.nome)).toEqual(['Parabrezza']);
      expect(await page.getByRole('button', { name: 'Ingrandisci la foto di Parabrezza' }).count()).toBe(1);

      await page.reload();
      await page.waitForFunction(() => document.querySelectorAll('table.parts-table tbody tr').length === 1);
      expect(await page.getByRole('textbox', { name: 'Cassetta' }).inputValue()).toBe('c 7');

      await page.getByRole('textbox', { name: 'Cassetta' }).fill('99');
      await page.getByRole('button', { name: 'Consulta' }).click();
      await page.getByText('Nessun componente trovato in questa ubicazione').waitFor();
      await page.goBack();
      await page.waitForFunction(() => document.querySelectorAll('table.parts-table tbody tr').length === 1);
    } finally {
      await context.close();
    }
  });

  it('passes axe in both themes and is photographed (categories, category, lookup)', async () => {
    const common = { baseUrl: server.url, storageState: signedIn };
    const results = [
      ...(await checkScreen(browser, {
        ...common,
        path: '/consultacategorie',
        name: 'parts-categories',
        ready: async (page) => {
          await page.getByRole('link', { name: /^Freni/ }).waitFor();
          await assertNoSidewaysScroll(page);
        },
      })),
      ...(await checkScreen(browser, {
        ...common,
        path: '/singolacategoria/Freni',
        name: 'parts-category',
        ready: async (page) => {
          await page.getByText('Componenti trovati: 7').waitFor();
          await assertNoSidewaysScroll(page);
        },
      })),
      ...(await checkScreen(browser, {
        ...common,
        path: '/consultamagazzino?scaffale=B2&campata=Nord&ripiano=3&cassetta=C%207',
        name: 'parts-warehouse',
        ready: async (page) => {
          await page.getByRole('button', { name: 'Ingrandisci la foto di Parabrezza' }).waitFor();
          await page.waitForFunction(() =>
            [...document.querySelectorAll<HTMLImageElement>('.parts-thumb-button img')].every(
              (i) => i.complete,
            ),
          );
          await assertNoSidewaysScroll(page);
        },
      })),
    ];
    expect(describeViolations(results)).toBe('');
  });
});
