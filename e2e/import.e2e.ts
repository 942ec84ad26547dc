import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Part } from '@magazzino/contract';
import { assertNoSidewaysScroll, sidewaysOverflow, usePartsSuite, waitForRows } from './support/parts.js';
import { eventually } from './support/poll.js';
import { checkScreen, describeViolations, openPage } from './support/screens.js';
import { createAccount, endSessionOnServer, fillSignIn, newAccount, signInByApi } from './support/session.js';

const IMPORT = '/importa';
const LIST = '/elencocomponenti';

/** The headers of the yard's sheet: 'Conservazione' is no name the server knows (mapped by hand). */
const HEADERS = [
  'Nome',
  'Categoria',
  'Conservazione',
  'Codice',
  'Scaffale',
  'Campata',
  'Ripiano',
  'Cassetta',
  'Marca',
  'Modello',
  'Anno',
  'Peso (Kg)',
  'Prezzo',
] as const;

type Row = Record<(typeof HEADERS)[number], string | number>;

let sequence = 0;
/** A good row with overrides; codes unique per run. */
function row(nome: string, overrides: Partial<Row> = {}): Row {
  sequence += 1;
  return {
    Nome: nome,
    Categoria: 'Carrozzeria',
    Conservazione: 'Buona',
    Codice: `IMP-${Date.now().toString(36)}-${sequence}`,
    Scaffale: 'H',
    Campata: '1',
    Ripiano: '2',
    Cassetta: String(sequence),
    Marca: 'Fiat',
    Modello: 'Punto',
    Anno: 2006,
    'Peso (Kg)': '1,5',
    Prezzo: '25,00',
    ...overrides,
  };
}

/** A CSV as Excel saves one in Italy: UTF-8 with BOM, ';' separated, CRLF. */
function csvText(rows: readonly Row[]): string {
  const cell = (value: string | number) => {
    const text = String(value);
    return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const lines = [HEADERS.join(';'), ...rows.map((r) => HEADERS.map((h) => cell(r[h])).join(';'))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** A real .xlsx made with exceljs (numbers as number cells). */
async function xlsxBuffer(rows: readonly Row[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Ricambi');
  sheet.addRow([...HEADERS]);
  for (const r of rows) sheet.addRow(HEADERS.map((h) => r[h]));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'magazzino-import-e2e-'));
afterAll(() => fs.rmSync(tempDir, { recursive: true, force: true }));

/** Writes a file to pick in the browser (the picker takes a path, as a clerk's disk would). */
function tempFile(name: string, content: string | Buffer): string {
  const file = path.join(tempDir, name);
  fs.writeFileSync(file, content);
  return file;
}

/**
 * Seven rows: four good ones ('<prefix> 1' to 4) and, between them, three bad ones — a weight in
 * words, no name, a year out of range.
 */
function mixedRows(prefix: string): Row[] {
  const good = (n: number) => row(`${prefix} ${n}`);
  return [
    good(1),
    row(`${prefix} peso sbagliato`, { 'Peso (Kg)': 'molto' }),
    good(2),
    row(''),
    good(3),
    row(`${prefix} anno sbagliato`, { Anno: 1850 }),
    good(4),
  ];
}

const mappingTitle = (page: Page) => page.getByRole('heading', { level: 2, name: 'Abbina le colonne' });
const previewTitle = (page: Page) => page.getByRole('heading', { level: 2, name: 'Controlla l’anteprima' });
const summaryTitle = (page: Page) => page.getByRole('heading', { level: 2, name: 'Importazione completata' });
const fieldFor = (page: Page, colonna: string) =>
  page.getByRole('combobox', { name: `Campo per la colonna ${colonna}`, exact: true });

/**
 * Fails when the screen is wider than the window: neither <main> nor the document may scroll
 * sideways (a wide preview scrolls inside its own region).
 */
async function assertFits(page: Page): Promise<void> {
  await assertNoSidewaysScroll(page);
  expect((await sidewaysOverflow(page)).document).toBe(0);
}

/** Picks a file in step 1 and waits for the mapping. */
async function uploadFile(page: Page, file: string): Promise<void> {
  await page.getByLabel('File da importare (CSV o Excel .xlsx)').setInputFiles(file);
  await mappingTitle(page).waitFor();
}

/** Maps 'Conservazione' (unless remembered) and opens the preview. */
async function toPreview(page: Page): Promise<void> {
  await fieldFor(page, 'Conservazione').selectOption('condizione');
  await page.getByRole('button', { name: 'Mostra l’anteprima' }).click();
  await previewTitle(page).waitFor();
}

/** Starts the import and waits for its summary. */
async function runImport(page: Page, valid: number): Promise<void> {
  await page.getByRole('button', { name: `Importa ${valid} righe valide` }).click();
  await summaryTitle(page).waitFor({ timeout: 60_000 });
}

/** The totals of the summary: 'Componenti creati' → '4'. */
async function totals(page: Page): Promise<Record<string, string>> {
  const entries = await page
    .locator('.import-totals > div')
    .evaluateAll((items) =>
      items.map((item): [string, string] => [
        item.querySelector('dt')?.textContent ?? '',
        item.querySelector('dd')?.textContent ?? '',
      ]),
    );
  return Object.fromEntries(entries);
}

describe('import in Chromium', () => {
  const suite = usePartsSuite();

  /** The parts whose name starts with `prefix`, as the API lists them. */
  async function partsNamed(prefix: string): Promise<Part[]> {
    const res = await suite.api.request.get(
      `${suite.server.url}/api/componenti?nome=${encodeURIComponent(prefix)}&limit=100`,
    );
    return (await res.json()) as Part[];
  }

  it('maps a CSV, previews its errors, imports the valid rows, lists them, and downloads the refused ones', async () => {
    const file = tempFile('ricambi.csv', csvText(mixedRows('Importato CSV')));
    await suite.inPage(
      IMPORT,
      async (page) => {
        await page.getByRole('heading', { level: 1, name: 'Importa componenti' }).waitFor();
        // The title is set by an effect, after the heading is drawn.
        await eventually(() => page.title()).toBe('Importa componenti · Magazzino Ricambi');
        await uploadFile(page, file);
        expect(page.url()).toMatch(/\/importa\?importazione=[^&]+$/);
        await page.getByText('ricambi.csv: 7 righe', { exact: false }).waitFor();
        // Guessed from the names: 'Anno' and 'Peso (Kg)'; 'Conservazione' is the clerk's to map.
        expect(await fieldFor(page, 'Anno').inputValue()).toBe('annoImmatricolazione');
        expect(await fieldFor(page, 'Peso (Kg)').inputValue()).toBe('peso');
        expect(await fieldFor(page, 'Conservazione').inputValue()).toBe('');
        await page.getByText('Manca la colonna per: Condizione').waitFor();
        // The values of the column, read from the file in the page.
        const nomeRow = page
          .getByRole('row')
          .filter({ has: page.getByRole('rowheader', { name: 'Nome', exact: true }) });
        await nomeRow.getByText('Importato CSV 1').waitFor();

        await toPreview(page);
        await page.getByText('4 righe valide', { exact: true }).waitFor();
        await page.getByText('3 con errori').waitFor();
        const table = page.getByRole('table', { name: 'Le prime 7 righe del file' });
        // Every cell in error marked: the weight, the missing name, the year.
        expect(await table.locator('td.import-cell-error').count()).toBeGreaterThanOrEqual(3);
        const weightRow = table.getByRole('row').filter({ hasText: 'Importato CSV peso sbagliato' });
        expect(await weightRow.locator('td.import-cell-error').innerText()).toContain('molto');
        expect(await weightRow.innerText()).toMatch(/Colonna «Peso \(Kg\)»: Il peso/);
        expect(
          await table.getByRole('row').filter({ hasText: 'Importato CSV anno sbagliato' }).innerText(),
        ).toMatch(/Colonna «Anno»: L'anno/);
        await page.getByRole('heading', { name: 'Gli errori più frequenti' }).waitFor();
        // The wide preview scrolls in its own region, not the page.
        await assertFits(page);

        await runImport(page, 4);
        expect(await totals(page)).toEqual({
          'Componenti creati': '4',
          'Componenti aggiornati': '0',
          'Righe scartate': '3',
        });

        const link = page.getByRole('link', { name: 'Scarica le righe scartate' });
        const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
        const refused = fs
          .readFileSync(await download.path(), 'utf8')
          .replace(/^\uFEFF/, '')
          .trim()
          .split(/\r?\n/);
        // The original columns, then the line in the file and why it was refused.
        expect(refused[0]).toMatch(/^Nome;Categoria;Conservazione;.*;riga;errore$/);
        expect(refused).toHaveLength(4);
        expect(refused[1]).toContain('Importato CSV peso sbagliato');
        // Line 3 of the file (the header is line 1), and its reason last.
        expect(refused[1]).toMatch(/;3;[^;]+$/);

        await page.getByRole('link', { name: 'Vai all’elenco' }).click();
        await page.getByRole('heading', { level: 1, name: 'Elenco Componenti' }).waitFor();
        await page.goto(
          `${suite.server.url}${LIST}?nome=${encodeURIComponent('Importato CSV')}&perPagina=20`,
        );
        await page.getByText('Componenti trovati: 4').waitFor();
        await waitForRows(page, 4);
      },
      { theme: 'light' },
    );
    const stored = await partsNamed('Importato CSV');
    expect(stored.map((part) => part.nome).sort()).toEqual([1, 2, 3, 4].map((n) => `Importato CSV ${n}`));
    expect(stored.find((part) => part.nome === 'Importato CSV 1')).toMatchObject({
      condizione: 'Buona',
      peso: 1.5,
      annoImmatricolazione: '2006',
    });
  });

  it('imports an Excel sheet with the mapping remembered, updating the parts with the same code, at phone width', async () => {
    const [first] = await partsNamed('Importato CSV 1');
    const code = first?.codice;
    if (!code) throw new Error('the CSV test must run first');
    const sheet = await xlsxBuffer([
      row('Importato CSV 1', { Codice: code, Prezzo: 99, 'Peso (Kg)': 2.25 }),
      row('Importato XLSX 1', { Anno: 2015 }),
    ]);
    const file = tempFile('magazzino.xlsx', sheet);
    await suite.inPage(
      IMPORT,
      async (page) => {
        await uploadFile(page, file);
        await assertFits(page);
        // Remembered from the CSV with the same headers.
        expect(await fieldFor(page, 'Conservazione').inputValue()).toBe('condizione');
        // The workbook's own values beside each column, read by the server.
        const mappingTable = page.getByRole('table', { name: /colonne del file/i });
        await mappingTable.getByText('Importato XLSX 1', { exact: true }).waitFor();
        await mappingTable.getByText('2.25', { exact: true }).waitFor();
        await page.getByRole('button', { name: 'Mostra l’anteprima' }).click();
        await previewTitle(page).waitFor();
        await page.getByText('2 righe valide', { exact: true }).waitFor();
        await assertFits(page);
        await page.getByRole('radio', { name: 'Aggiorna i componenti con lo stesso codice' }).check();
        await runImport(page, 2);
        await assertFits(page);
        expect(await totals(page)).toEqual({
          'Componenti creati': '1',
          'Componenti aggiornati': '1',
          'Righe scartate': '0',
        });
        expect(await page.getByRole('link', { name: 'Scarica le righe scartate' }).count()).toBe(0);
        // The latest imports, newest first.
        await page.getByRole('button', { name: 'Importa un altro file' }).click();
        const history = page.getByRole('table', { name: 'Le ultime importazioni, dalla più recente' });
        await history.waitFor();
        // The history was on screen before this import (with the CSV alone), and is asked for again
        // once the import has ended: the answer may come after the table is drawn.
        await eventually(() => history.getByRole('link').allInnerTexts()).toEqual([
          'magazzino.xlsx',
          'ricambi.csv',
        ]);
        await assertFits(page);
      },
      { viewport: 'phone' },
    );
    const [updated] = await partsNamed('Importato CSV 1');
    expect(updated).toMatchObject({ _id: first._id, prezzo: 99, peso: 2.25 });
    expect(await partsNamed('Importato XLSX 1')).toHaveLength(1);
  });

  it('on a phone: loses no column chosen when the session ends under the mapping', async () => {
    // A clerk of their own, so ending the session does not sign the other tests out.
    const { context, page } = await openPage(suite.browser, { viewport: 'phone' });
    try {
      const account = await createAccount(suite.server.url, newAccount({ username: 'Addetto importazioni' }));
      await signInByApi(page, suite.server.url, account);
      const file = tempFile(
        'sessione.csv',
        csvText([
          row('Sessione faro', { Marca: 'Citroën', Modello: 'C3', 'Peso (Kg)': '1,8' }),
          row('Sessione pompa', { Modello: 'Doblò', 'Peso (Kg)': '0,75' }),
        ]),
      );
      await page.goto(suite.server.url + IMPORT);
      await uploadFile(page, file);
      const shown = page.url();
      await fieldFor(page, 'Conservazione').selectOption('condizione');
      await fieldFor(page, 'Prezzo').selectOption('Ignora');

      await endSessionOnServer(page, suite.server.url);
      await page.getByRole('button', { name: 'Mostra l’anteprima' }).click();
      await page.waitForURL(`${suite.server.url}/login`);
      await fillSignIn(page, account);

      await page.waitForURL(shown);
      await page.getByText(/Abbiamo ripristinato i dati non salvati/).waitFor();
      expect(await fieldFor(page, 'Conservazione').inputValue()).toBe('condizione');
      expect(await fieldFor(page, 'Prezzo').inputValue()).toBe('');
      await assertFits(page);
      await page.getByRole('button', { name: 'Mostra l’anteprima' }).click();
      await previewTitle(page).waitFor();
      await runImport(page, 2);
      expect((await totals(page))['Componenti creati']).toBe('2');

      const parts = await partsNamed('Sessione');
      const byName = Object.fromEntries(parts.map((part) => [part.nome, part]));
      expect(byName['Sessione faro']).toMatchObject({ peso: 1.8, marca: 'Citroën', condizione: 'Buona' });
      expect(byName['Sessione faro']?.prezzo ?? null).toBeNull();
      expect(byName['Sessione pompa']).toMatchObject({ peso: 0.75, modello: 'Doblò' });
    } finally {
      await context.close();
    }
  });

  it('downloads the list as an Excel sheet with the list’s filters, numbers as numbers', async () => {
    await suite.inPage(`${LIST}?nome=${encodeURIComponent('Importato CSV')}`, async (page) => {
      await page.getByText('Componenti trovati: 4').waitFor();
      const link = page.getByRole('link', { name: 'Esporta Lista Excel' });
      expect(await link.getAttribute('href')).toBe(
        `/api/componenti/export.xlsx?nome=${encodeURIComponent('Importato CSV').replace(/%20/g, '+')}`,
      );
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      expect(download.suggestedFilename()).toMatch(/^ListaComponenti-\d{4}-\d{2}-\d{2}\.xlsx$/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(await download.path());
      const sheet = workbook.worksheets[0];
      if (!sheet) throw new Error('the workbook has no sheet');
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      expect(header.slice(0, 2)).toEqual(['nome', 'categoria']);
      expect(sheet.rowCount).toBe(5);
      const pesoColumn = header.indexOf('peso') + 1;
      const pesi = [2, 3, 4, 5].map((r) => sheet.getRow(r).getCell(pesoColumn).value);
      expect(pesi.every((value) => typeof value === 'number')).toBe(true);
    });
  });

  it('passes axe in both themes at desktop and phone width, and is photographed at every step', async () => {
    const common = { baseUrl: suite.server.url, storageState: suite.signedIn };
    const shotRows = () => csvText(mixedRows('Foto'));
    const results = [
      ...(await checkScreen(suite.browser, {
        ...common,
        path: IMPORT,
        name: 'import',
        ready: async (page) => {
          await page.getByRole('table', { name: 'Le ultime importazioni, dalla più recente' }).waitFor();
          await assertFits(page);
        },
      })),
      ...(await checkScreen(suite.browser, {
        ...common,
        path: IMPORT,
        name: 'import-mapping',
        ready: async (page) => {
          await uploadFile(page, tempFile('ricambi-mappatura.csv', shotRows()));
          await page.getByRole('row').filter({ hasText: 'Foto 1' }).first().waitFor();
          await assertFits(page);
        },
      })),
      ...(await checkScreen(suite.browser, {
        ...common,
        path: IMPORT,
        name: 'import-preview',
        ready: async (page) => {
          await uploadFile(page, tempFile('ricambi-anteprima.csv', shotRows()));
          await toPreview(page);
          await assertFits(page);
        },
      })),
      ...(await checkScreen(suite.browser, {
        ...common,
        path: IMPORT,
        name: 'import-summary',
        ready: async (page) => {
          await uploadFile(page, tempFile('ricambi-riepilogo.csv', shotRows()));
          await toPreview(page);
          await runImport(page, 4);
          await page.getByRole('table', { name: 'Le ultime importazioni, dalla più recente' }).waitFor();
          await assertFits(page);
        },
      })),
    ];
    expect(describeViolations(results)).toBe('');
    expect(results.map((result) => result.shot)).toEqual(
      expect.arrayContaining([
        'import-mapping-light-desktop',
        'import-preview-dark-phone',
        'import-summary-light-desktop',
      ]),
    );
    // Four screens, each in two themes at two widths (16 axe runs and screenshots), and an import
    // run between them: 87 s and then over 120 s on a host at half speed (2026-11-30).
  }, 240_000);
});
