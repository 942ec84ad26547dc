import { describe, expect, it } from 'vitest';
import {
  assertNoSidewaysScroll,
  columnTexts,
  makePhoto,
  usePartsSuite,
  waitForRows,
  waitForThumbnails,
} from './support/parts.js';
import { checkScreen, describeViolations, openPage } from './support/screens.js';

const SPECIAL = 'Carrozzeria & vetri/ricambi';

describe('categories and warehouse lookup in Chromium', () => {
  const suite = usePartsSuite(async ({ createPart, uploadPhoto }) => {
    const photo = await uploadPhoto(await makePhoto(400, 300, 5));
    for (let i = 1; i <= 7; i++) {
      await createPart({ nome: `Pastiglie freno ${i}`, categoria: 'Freni', peso: i });
    }
    await createPart({
      nome: 'Parabrezza',
      categoria: SPECIAL,
      urlImmagine: photo,
      scaffale: 'B2',
      campata: 'Nord',
      ripiano: '3',
      cassetta: 'C 7',
    });
    await createPart({ nome: 'Lunotto', categoria: SPECIAL });
    // Scaffale W, registered out of location order, and a scaffale 'WA' that W must not take in.
    const shelf: [string, string, string, string][] = [
      ['Specchietto dx', '2', '1', '4'],
      ['Maniglia', '1', '3', '1'],
      ['Fanale', '10', '1', '1'],
      ['Tappo serbatoio', '1', '1', '2'],
      ['Griglia', '2', '1', '1'],
    ];
    for (const [nome, campata, ripiano, cassetta] of shelf) {
      await createPart({ nome, scaffale: 'W', campata, ripiano, cassetta });
    }
    await createPart({ nome: 'Paraurti', scaffale: 'WA', campata: '1', ripiano: '1', cassetta: '1' });
  });

  it('lists categories with counts, opens one by name, pages it and prints the table alone', async () => {
    const { context, page } = await openPage(suite.browser, { storageState: suite.signedIn });
    await context.addInitScript(() => {
      const calls = { count: 0 };
      (window as unknown as { printCalls: typeof calls }).printCalls = calls;
      window.print = () => {
        calls.count += 1;
      };
    });
    try {
      await page.goto(`${suite.server.url}/consultacategorie`);
      await page.getByRole('heading', { name: 'Consulta Categorie' }).waitFor();
      await page.getByText('Consulta i componenti divisi per categorie').waitFor();
      const freni = page.getByRole('link', { name: /^Freni/ });
      await freni.waitFor();
      expect(await freni.innerText()).toContain('7 componenti');
      const special = page.getByRole('link', { name: new RegExp(`^${SPECIAL}`) });
      expect(await special.innerText()).toContain('2 componenti');

      await freni.click();
      await page.waitForURL(`${suite.server.url}/singolacategoria/Freni`);
      await page.getByRole('heading', { level: 1, name: 'Freni' }).waitFor();
      await page.getByText('Componenti trovati: 7').waitFor();
      expect(await columnTexts(page, 'categoria')).toHaveLength(5);
      await page.getByRole('link', { name: 'Pagina 2' }).click();
      await page.waitForURL(`${suite.server.url}/singolacategoria/Freni?pagina=2`);
      await waitForRows(page, 2);
      // Sorted by a header, back on page 1, the order in the URL.
      await page.getByRole('button', { name: 'Peso' }).click();
      await page.waitForURL(`${suite.server.url}/singolacategoria/Freni?sort=peso`);
      await page.waitForFunction(
        () => document.querySelector('table.parts-table td.parts-col-peso')?.textContent === '1 Kg',
      );
      expect(await columnTexts(page, 'peso')).toEqual(['1 Kg', '2 Kg', '3 Kg', '4 Kg', '5 Kg']);

      await page.goto(`${suite.server.url}/consultacategorie`);
      await page.getByRole('link', { name: new RegExp(`^${SPECIAL}`) }).click();
      await page.waitForURL(`${suite.server.url}/singolacategoria/${encodeURIComponent(SPECIAL)}`);
      await page.getByRole('heading', { level: 1, name: SPECIAL }).waitFor();
      // The heading shows before the category's parts have arrived.
      await waitForRows(page, 2);
      expect((await columnTexts(page, 'nome')).sort()).toEqual(['Lunotto', 'Parabrezza']);
      expect(await page.getByRole('link', { name: 'Visualizza Parabrezza' }).count()).toBe(1);
      expect(await page.getByRole('link', { name: 'Modifica Parabrezza' }).count()).toBe(1);
      expect(await page.getByRole('link', { name: 'Cancella Parabrezza' }).count()).toBe(1);

      // A reload of the deep link works (the category comes from the URL).
      await page.reload();
      await page.getByRole('heading', { level: 1, name: SPECIAL }).waitFor();
      // 'Stampa' waits for the parts (it is disabled until they arrive), so the table is printed.
      await page.getByRole('button', { name: 'Stampa' }).click();
      await waitForRows(page, 2);
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
    const { context, page } = await openPage(suite.browser, { storageState: suite.signedIn });
    try {
      await page.goto(`${suite.server.url}/consultamagazzino`);
      await page
        .getByRole('heading', {
          name: 'Inserisci lo scaffale (e, se vuoi, campata, ripiano e cassetta) e poi clicca Consulta',
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
        `${suite.server.url}/consultamagazzino?scaffale=b2&campata=nord&ripiano=3&cassetta=c+7`,
      );
      await waitForRows(page, 1);
      expect(await columnTexts(page, 'nome')).toEqual(['Parabrezza']);
      expect(await page.getByRole('button', { name: 'Ingrandisci la foto di Parabrezza' }).count()).toBe(1);

      await page.reload();
      await waitForRows(page, 1);
      expect(await page.getByRole('textbox', { name: 'Cassetta' }).inputValue()).toBe('c 7');

      await page.getByRole('textbox', { name: 'Cassetta' }).fill('99');
      await page.getByRole('button', { name: 'Consulta' }).click();
      await page.getByText('Nessun componente trovato in questa ubicazione').waitFor();
      await page.goBack();
      await waitForRows(page, 1);
    } finally {
      await context.close();
    }
  });

  it('lists a scaffale alone sorted by location, narrows it to a campata, and refuses a gap', async () => {
    for (const viewport of ['desktop', 'phone'] as const) {
      const { context, page } = await openPage(suite.browser, { storageState: suite.signedIn, viewport });
      try {
        await page.goto(`${suite.server.url}/consultamagazzino`);
        await page.getByRole('textbox', { name: 'Campata' }).fill('1');
        await page.getByRole('button', { name: 'Consulta' }).click();
        await page.getByText('Indica prima lo scaffale').waitFor();
        expect(page.url()).toBe(`${suite.server.url}/consultamagazzino`);

        await page.getByRole('textbox', { name: 'Scaffale' }).fill('w');
        await page.getByRole('textbox', { name: 'Campata' }).fill('');
        await page.getByRole('button', { name: 'Consulta' }).click();
        // Only the segment given is in the URL.
        await page.waitForURL(`${suite.server.url}/consultamagazzino?scaffale=w`);
        await page.getByText('Componenti trovati: 5').waitFor();
        const names = () =>
          viewport === 'desktop'
            ? columnTexts(page, 'nome')
            : page.locator('.parts-card-title').allInnerTexts();
        if (viewport === 'desktop') {
          await waitForRows(page, 5);
          // Sorted by location: campata 1 before 10 before 2 (text), then ripiano and cassetta.
          expect(await columnTexts(page, 'ubicazione')).toEqual([
            'W · 1 · 1 · 2',
            'W · 1 · 3 · 1',
            'W · 10 · 1 · 1',
            'W · 2 · 1 · 1',
            'W · 2 · 1 · 4',
          ]);
        } else {
          await page.locator('.parts-card').nth(4).waitFor();
        }
        expect(await names()).toEqual(['Tappo serbatoio', 'Maniglia', 'Fanale', 'Griglia', 'Specchietto dx']);

        await page.getByRole('textbox', { name: 'Campata' }).fill('2');
        await page.getByRole('button', { name: 'Consulta' }).click();
        await page.waitForURL(`${suite.server.url}/consultamagazzino?scaffale=w&campata=2`);
        await page.getByText('Componenti trovati: 2').waitFor();
        expect(await names()).toEqual(['Griglia', 'Specchietto dx']);
      } finally {
        await context.close();
      }
    }
  });

  it('passes axe in both themes and is photographed (categories, category, lookup)', async () => {
    const common = { baseUrl: suite.server.url, storageState: suite.signedIn };
    const results = [
      ...(await checkScreen(suite.browser, {
        ...common,
        path: '/consultacategorie',
        name: 'parts-categories',
        ready: async (page) => {
          await page.getByRole('link', { name: /^Freni/ }).waitFor();
          await assertNoSidewaysScroll(page);
        },
      })),
      ...(await checkScreen(suite.browser, {
        ...common,
        path: '/singolacategoria/Freni',
        name: 'parts-category',
        ready: async (page) => {
          await page.getByText('Componenti trovati: 7').waitFor();
          await assertNoSidewaysScroll(page);
        },
      })),
      ...(await checkScreen(suite.browser, {
        ...common,
        path: '/consultamagazzino?scaffale=B2&campata=Nord&ripiano=3&cassetta=C%207',
        name: 'parts-warehouse',
        ready: async (page) => {
          await page.getByRole('button', { name: 'Ingrandisci la foto di Parabrezza' }).waitFor();
          await waitForThumbnails(page);
          await assertNoSidewaysScroll(page);
        },
      })),
      ...(await checkScreen(suite.browser, {
        ...common,
        path: '/consultamagazzino?scaffale=W',
        name: 'parts-warehouse-scaffale',
        ready: async (page) => {
          await page.getByText('Componenti trovati: 5').waitFor();
          await assertNoSidewaysScroll(page);
        },
      })),
    ];
    expect(describeViolations(results)).toBe('');
  });
});
