import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  makePhoto,
  sidewaysOverflow,
  usePartsSuite,
  waitForRows,
  waitForThumbnails,
} from './support/parts.js';
import { saveScreenshot } from './support/browser.js';

// A list that fits: no sideways scroll from 1024 px up, even with the longest values a part may
// hold; rows as tall as a thumbnail; on a phone a compact card per part.

const LONG_WORD = 'Supercalifragilistichespiralidoso'.repeat(3);
const LONG = {
  nome: `Gruppo ottico anteriore sinistro completo di centralina ${LONG_WORD} e staffe di fissaggio originali`,
  categoria: `Carrozzeria${LONG_WORD}`,
  codice: 'A1B2C3D4E5F6G7H8I9J0K1L2M3N4O5P6Q7R8S9T0',
  condizione: 'Da revisionare, manca una vite',
  marca: `Mercedes-Benz ${LONG_WORD}`,
  modello: 'Classe E Station Wagon All-Terrain',
  versione: '220 d 4MATIC Auto Premium Plus Business Sport',
  scaffale: 'SCAFFALE-NORD-LUNGHISSIMO-0001',
  campata: 'Campata 12 bis',
  ripiano: 'Ripiano alto',
  cassetta: 'Cassetta 120',
};

/** What a yard's day-to-day parts look like: short names, codes, a letter and numbers for the place. */
const EVERYDAY = [
  ['Faro anteriore sinistro', 'Illuminazione', 'Fiat', 'Punto'],
  ['Specchietto retrovisore destro', 'Carrozzeria', 'Volkswagen', 'Golf'],
  ['Alternatore', 'Elettrico', 'Renault', 'Clio'],
  ['Pompa acqua', 'Motore', 'Ford', 'Fiesta'],
  ['Centralina motore', 'Elettronica', 'Lancia', 'Ypsilon'],
] as const;

describe('the parts list fits the screen', () => {
  const suite = usePartsSuite(async ({ createPart, uploadPhoto }) => {
    const photo = await uploadPhoto(await makePhoto(640, 480, 11));
    for (let i = 0; i < 3; i++) await createPart({ ...LONG, nome: `${LONG.nome} ${i}` });
    for (let i = 0; i < 20; i++) {
      const [nome, categoria, marca, modello] = EVERYDAY[i % EVERYDAY.length] ?? EVERYDAY[0];
      await createPart({
        nome: `${nome} ${i + 1}`,
        categoria,
        marca,
        modello,
        codice: `${51_787_654 + i}`,
        scaffale: String.fromCharCode(65 + (i % 8)),
        campata: String(1 + (i % 4)),
        ripiano: String(1 + (i % 3)),
        cassetta: String(10 + i),
        annoImmatricolazione: String(2004 + (i % 15)),
        // Most parts of a living warehouse have a photo.
        urlImmagine: i % 4 === 3 ? null : photo,
      });
    }
  });

  /** The list's height and its tallest row or card, as drawn. */
  const measure = (page: Page, selector: string) =>
    page.evaluate((sel) => {
      const items = [...document.querySelectorAll(sel)].map((el) => el.getBoundingClientRect().height);
      return {
        items: items.length,
        tallest: Math.max(...items),
        page: document.documentElement.scrollHeight,
      };
    }, selector);

  it('never scrolls sideways at 1024 and 1280 px, with the longest values a part may hold', async () => {
    for (const width of [1024, 1280]) {
      await suite.inPage(`/elencocomponenti?marca=mercedes`, async (page) => {
        await page.setViewportSize({ width, height: 800 });
        await waitForRows(page, 3);
        expect(await sidewaysOverflow(page)).toEqual({ document: 0, tables: 0 });
        // Nothing is cut off: the last column's buttons are inside the window.
        const box = await page
          .getByRole('link', { name: /^Cancella/ })
          .first()
          .boundingBox();
        expect((box?.x ?? width) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
        await saveScreenshot(page, `parts-list-long-values-${width}`);
      });
    }
  });

  it('keeps an everyday row as short as its thumbnail, with the location on one line', async () => {
    for (const width of [1024, 1280]) {
      await suite.inPage('/elencocomponenti?perPagina=20', async (page) => {
        await page.setViewportSize({ width, height: 800 });
        await waitForRows(page, 20);
        await waitForThumbnails(page);
        await saveScreenshot(page, `parts-list-20-${width}`);
        expect(await sidewaysOverflow(page)).toEqual({ document: 0, tables: 0 });
        const rows = await measure(page, 'table.parts-table tbody tr');
        const location = await page
          .locator('td.parts-col-ubicazione')
          .first()
          .evaluate((cell) => {
            const line = cell.querySelector('[aria-hidden="true"]');
            const height = line?.getBoundingClientRect().height ?? 0;
            return { height, lineHeight: Number.parseFloat(getComputedStyle(cell).lineHeight) };
          });
        console.log(`list at ${width} px: 20 rows, tallest ${rows.tallest} px, page ${rows.page} px`);
        expect(location.height).toBeLessThanOrEqual(location.lineHeight * 1.5);
        expect(rows.tallest).toBeLessThanOrEqual(90);
      });
    }
  });

  it('shows a compact card per part on a phone, and 20 parts in a few screens', async () => {
    await suite.inPage(
      '/elencocomponenti?perPagina=20',
      async (page) => {
        await page.locator('.parts-card').nth(19).waitFor();
        await waitForThumbnails(page);
        expect(await sidewaysOverflow(page)).toEqual({ document: 0, tables: 0 });
        const cards = await measure(page, '.parts-card');
        const shortest = await page.evaluate(() =>
          Math.min(
            ...[...document.querySelectorAll('.parts-card')].map((el) => el.getBoundingClientRect().height),
          ),
        );
        console.log(`phone 390×844: 20 cards, ${shortest}–${cards.tallest} px each, page ${cards.page} px`);
        expect(cards.items).toBe(20);
        expect(cards.tallest).toBeLessThanOrEqual(170);
        // Every button of a card is finger-sized.
        const buttons = await page
          .locator('.parts-card')
          .first()
          .locator('.btn')
          .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height));
        expect(Math.min(...buttons)).toBeGreaterThanOrEqual(44);
        await saveScreenshot(page, 'parts-list-20-phone');
      },
      { viewport: 'phone' },
    );
  });

  it('keeps a card small with the longest values too', async () => {
    await suite.inPage(
      '/elencocomponenti?marca=mercedes',
      async (page) => {
        await page.locator('.parts-card').nth(2).waitFor();
        expect(await sidewaysOverflow(page)).toEqual({ document: 0, tables: 0 });
        expect((await measure(page, '.parts-card')).tallest).toBeLessThanOrEqual(170);
      },
      { viewport: 'phone' },
    );
  });
});
