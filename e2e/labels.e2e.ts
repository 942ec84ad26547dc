import jsQRModule from 'jsqr';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Part, PartInput } from '@magazzino/contract';
import { saveScreenshot } from './support/browser.js';
import { assertNoSidewaysScroll, usePartsSuite, type PartsSuiteHandle } from './support/parts.js';
import { checkScreen, describeViolations, VIEWPORT_NAMES } from './support/screens.js';
import { describeTargets, tapTargets, tooSmall } from './support/targets.js';

// Labels in Chromium: rows chosen in the list open the labels page, whose QR codes read (from a
// screenshot, as a phone's camera would) as the parts' and bins' addresses; printed, an A4 sheet
// holds 3 × 8 labels of 70 × 37 mm and the roll one 62 × 29 mm label per page; axe in both themes.

/**
 * A word no other data of this file holds, to find its parts (the file has a server and a
 * database of its own). Fixed, not made from the clock: a timestamp in base 36 could hold 'd12',
 * which the last test searches for everywhere.
 */
const RUN = 'Etqprova';

/** Creates `n` parts named '<prefix> 1'... in scaffale `scaffale`, one cassetta each (overrides per index). */
async function createParts(
  suite: PartsSuiteHandle,
  prefix: string,
  n: number,
  scaffale = 'L',
  overrides: (index: number) => Partial<PartInput> = () => ({}),
): Promise<Part[]> {
  const parts: Part[] = [];
  for (let index = 1; index <= n; index++) {
    parts.push(
      await suite.createPart({
        nome: `${prefix} ${index}`,
        marca: 'Fiat',
        modello: 'Panda',
        scaffale,
        campata: '04',
        ripiano: '3',
        cassetta: String(index),
        ...overrides(index),
      }),
    );
  }
  return parts;
}

/** What a yard's sheet of labels holds (the README's picture): a part, and the vehicle it came from. */
const SHEET_PARTS: [string, string, string][] = [
  ['Faro anteriore sinistro', 'Fiat', 'Punto'],
  ['Alternatore', 'Volkswagen', 'Golf'],
  ['Specchietto retrovisore destro', 'Ford', 'Fiesta'],
  ['Motorino di avviamento', 'Renault', 'Clio'],
  ['Pompa acqua', 'Opel', 'Corsa'],
  ['Centralina motore', 'Peugeot', '206'],
  ['Paraurti posteriore', 'Lancia', 'Ypsilon'],
  ['Radiatore', 'Toyota', 'Yaris'],
  ['Compressore aria condizionata', 'Fiat', 'Panda'],
  ['Alzacristallo anteriore destro', 'Citroën', 'C3'],
  ['Pinza freno anteriore', 'Alfa Romeo', '147'],
  ['Quadro strumenti', 'Volkswagen', 'Polo'],
];

/** The n-th part of the README's sheet: the names in turn, from other vehicles the second time round. */
const sheetPart = (index: number): Partial<PartInput> => {
  const round = Math.floor((index - 1) / SHEET_PARTS.length);
  const [nome = ''] = SHEET_PARTS[(index - 1) % SHEET_PARTS.length] ?? [];
  const [, marca = '', modello = ''] = SHEET_PARTS[(index - 1 + round * 5) % SHEET_PARTS.length] ?? [];
  return {
    nome,
    marca,
    modello,
    ripiano: String(Math.ceil(index / 6)),
    cassetta: String(((index - 1) % 6) + 1),
  };
};

/** What a QR on the screen says: the element's screenshot, enlarged, decoded by jsQR. */
async function readQr(element: Locator): Promise<string | null> {
  const png = await element.screenshot();
  const { data, info } = await sharp(png)
    .resize({ width: 600, kernel: 'nearest' })
    .extend({ top: 30, bottom: 30, left: 30, right: 30, background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

/** The printed pages of the labels page as a PDF, with the page size its CSS asks for. */
async function printedPages(page: Page): Promise<{ count: number; sizes: string[] }> {
  const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
  const count = pdf.match(/\/Type\s*\/Page[^s]/g)?.length ?? 0;
  const sizes = [...pdf.matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map(
    ([, w = '0', h = '0']) => `${Math.round((Number(w) * 25.4) / 72)}×${Math.round((Number(h) * 25.4) / 72)}`,
  );
  return { count, sizes: [...new Set(sizes)] };
}

// jsQR is CommonJS: under Node's ESM its function is the module's `default`.
const jsQR = jsQRModule.default;

const labelsPath = (ids: readonly string[], formato?: 'rotolo') =>
  `/etichette?tipo=componenti&ids=${ids.join(',')}${formato ? `&formato=${formato}` : ''}`;

describe('labels in Chromium', () => {
  const suite = usePartsSuite();

  for (const viewport of VIEWPORT_NAMES) {
    it(`on a ${viewport}: rows chosen in the list print as labels whose QR reads as the part's address`, async () => {
      const prefix = `${RUN} ${viewport}`;
      const parts = await createParts(suite, prefix, 3);
      await suite.inPage(
        `/elencocomponenti?nome=${encodeURIComponent(prefix)}`,
        async (page) => {
          const third = page.getByRole('checkbox', { name: `Seleziona ${prefix} 3` });
          await third.waitFor();
          // The keyboard chooses a row too: Space on its checkbox.
          await third.focus();
          await page.keyboard.press('Space');
          await page.getByRole('checkbox', { name: `Seleziona ${prefix} 1` }).check();
          await assertNoSidewaysScroll(page);
          if (viewport === 'phone') expect(describeTargets(tooSmall(await tapTargets(page)))).toBe('');
          await page.getByRole('link', { name: 'Stampa etichette (2)' }).click();

          await page.waitForURL(/\/etichette\?/);
          const labels = page.getByRole('article');
          await labels.nth(1).waitFor();
          expect(await labels.count()).toBe(2);
          const [first, second] = [parts[2], parts[0]];
          const label = page.getByRole('article', {
            name: `Etichetta di ${first?.codiceRicambio}, ${prefix} 3`,
          });
          await label.waitFor();
          expect(await label.textContent()).toContain('L-04-3-3');
          const qr = label.getByRole('img', { name: `QR del componente ${first?.codiceRicambio}` });
          expect(await readQr(qr)).toBe(`${suite.server.url}/r/${first?.codiceRicambio}`);
          // What a phone reads off the whole label is the same address.
          expect(await readQr(label)).toBe(`${suite.server.url}/r/${first?.codiceRicambio}`);
          await page
            .getByRole('article', { name: `Etichetta di ${second?.codiceRicambio}, ${prefix} 1` })
            .waitFor();
          await assertNoSidewaysScroll(page);
          if (viewport === 'phone') expect(describeTargets(tooSmall(await tapTargets(page)))).toBe('');

          // 'Indietro' goes back to the list as it was.
          await page.getByRole('link', { name: /Indietro/ }).click();
          await page.waitForURL(/\/elencocomponenti\?nome=/);
        },
        { viewport },
      );
    });
  }

  it('prints an A4 sheet of 3 × 8 labels of 70 × 37 mm per page, and the roll one 62 × 29 mm label per page', async () => {
    const parts = await createParts(suite, `${RUN} foglio`, 25, 'B', sheetPart);
    const ids = parts.map((part) => part._id);
    await suite.inPage(labelsPath(ids.slice(0, 24)), async (page) => {
      await page.getByRole('article').nth(23).waitFor();
      await page.emulateMedia({ media: 'print' });
      // On paper: no navbar, toolbar or footer; the labels in a grid of 3 columns, 37 mm apart.
      expect(await page.getByRole('navigation').first().isVisible()).toBe(false);
      expect(await page.getByRole('button', { name: 'Stampa' }).isVisible()).toBe(false);
      const boxes = await page
        .getByRole('article')
        .evaluateAll((all) =>
          all
            .map((el) => el.getBoundingClientRect())
            .map(({ x, y, width, height }) => ({ x, y, width, height })),
        );
      const mm = (px: number) => Math.round((px * 25.4) / 96);
      expect(boxes.map((box) => `${mm(box.width)}×${mm(box.height)}`)).toEqual(Array(24).fill('70×37'));
      expect(new Set(boxes.map((box) => mm(box.x))).size).toBe(3);
      expect(new Set(boxes.map((box) => Math.round(box.y))).size).toBe(8);
      expect(mm((boxes[3]?.y ?? 0) - (boxes[0]?.y ?? 0))).toBe(37);
      expect(await printedPages(page)).toEqual({ count: 1, sizes: ['210×297'] });

      // The sheet as it prints, for the README.
      await page.setViewportSize({ width: 794, height: 1123 });
      await saveScreenshot(page, 'labels-a4-sheet');
    });
    // A 25th label starts a second sheet.
    await suite.inPage(labelsPath(ids), async (page) => {
      await page.getByRole('article').nth(24).waitFor();
      await page.getByText('25 etichette su 2 fogli A4 da 24 (70 × 37 mm)').waitFor();
      expect(await printedPages(page)).toEqual({ count: 2, sizes: ['210×297'] });
    });
    // The roll: one label per 62 × 29 mm page.
    await suite.inPage(labelsPath(ids.slice(0, 3)), async (page) => {
      // The format buttons are radios drawn as buttons: a click on the button chooses.
      await page.locator('label', { hasText: 'Rotolo 62 mm' }).click();
      await page.waitForURL(/formato=rotolo/);
      // The URL changes before the page is drawn again: the three A4 labels are still there until
      // the roll's list (with its page rule) replaces their sheet.
      await page.getByRole('list', { name: 'Etichette da stampare' }).getByRole('article').nth(2).waitFor();
      expect(await printedPages(page)).toEqual({ count: 3, sizes: ['62×29'] });
      const label = page.getByRole('article').first();
      expect(await readQr(label)).toBe(`${suite.server.url}/r/${parts[0]?.codiceRicambio}`);
    });
  });

  it("the lookup's 'Stampa etichette' prints a scaffale's parts, or its bins, whose QR opens the bin", async () => {
    // A scaffale of its own (fixed: one made from the clock could hold 'D12', searched below).
    const scaffale = 'SQ';
    await createParts(suite, `${RUN} scaffale`, 2, scaffale);
    await suite.inPage(`/consultamagazzino?scaffale=${scaffale}`, async (page) => {
      await page.getByRole('link', { name: 'Stampa etichette' }).click();
      await page.waitForURL(/\/etichette\?tipo=componenti&scaffale=/);
      await page.getByRole('article').nth(1).waitFor();
      expect(await page.getByRole('article').count()).toBe(2);

      await page.locator('label', { hasText: 'Cassette' }).click();
      const bin = page.getByRole('article', { name: `Etichetta della cassetta ${scaffale}-04-3-2` });
      await bin.waitFor();
      expect(await page.getByRole('article').count()).toBe(2);
      const address = await readQr(bin);
      expect(address).toBe(
        `${suite.server.url}/consultamagazzino?scaffale=${scaffale}&campata=04&ripiano=3&cassetta=2`,
      );
      // The address opens that bin's contents.
      await page.goto(address ?? '');
      await page
        .getByRole('table')
        .or(page.getByRole('list', { name: /Componenti/ }))
        .first()
        .waitFor();
      await page.getByText(`${RUN} scaffale 2`).first().waitFor();
    });
  });

  it('photographs the labels page and the list with rows chosen; axe clean in both themes', async () => {
    // Named like a yard's parts (the shots are in the README), found by their own scaffale.
    const parts = await createParts(suite, 'foto', 4, 'D12', sheetPart);
    const ids = parts.map((part) => part._id);
    const results = [
      ...(await checkScreen(suite.browser, {
        baseUrl: suite.server.url,
        path: labelsPath(ids),
        name: 'labels',
        storageState: suite.signedIn,
        ready: async (page) => {
          await page.getByRole('article').nth(3).waitFor();
          await assertNoSidewaysScroll(page);
        },
      })),
      ...(await checkScreen(suite.browser, {
        baseUrl: suite.server.url,
        path: '/elencocomponenti?q=D12',
        name: 'parts-list-selected',
        storageState: suite.signedIn,
        ready: async (page) => {
          await page.getByRole('checkbox', { name: 'Seleziona Alternatore' }).check();
          await page.getByRole('checkbox', { name: 'Seleziona Motorino di avviamento' }).check();
          await page.getByRole('link', { name: 'Stampa etichette (2)' }).waitFor();
        },
      })),
    ];
    expect(describeViolations(results)).toBe('');
  });
});
