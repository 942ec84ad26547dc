import { once } from 'node:events';
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CSV_COLUMNS, xlsxFileName, type Part } from '@magazzino/contract';
import { buildTestApp, signIn, type Session, type TestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/databases.js';
import { seedParts, storedPartRow } from '../../../test/factories.js';
import { jsonRecordsOfObjects } from '../../lib/csv.js';
import { exportCellsOf, toPart } from './parts.mapper.js';
import { FIELDS_CHUNK_SIZE } from './parts.service.js';
import { XLSX_RECORDS, xlsxStream, xlsxThreadsStarted } from './parts.xlsx.js';

/** The first sheet of an XLSX body, each row as its cell values (1-based columns, as exceljs reads them). */
async function sheetRows(body: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  sheet?.eachRow({ includeEmpty: true }, (row) => {
    rows.push(CSV_COLUMNS.map((_, index) => row.getCell(index + 1).value));
  });
  return rows;
}

/** What the export's row of a part must hold, column by column. */
function expectedRow(part: Part): unknown[] {
  return CSV_COLUMNS.map((column) => {
    if (column === 'anno') return Number(part.annoImmatricolazione);
    return part[column] ?? null;
  });
}

describe.each(DIALECTS)('GET /api/componenti/export.xlsx on %s', (dialect) => {
  let t: TestApp;
  let session: Session;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    session = await signIn(t.app);
    await seedParts(t.app.db, 1203, (index) => ({
      nome: index === 5 ? '=HYPERLINK("http://x")' : `Componente ${index} è così`,
      categoria: index % 2 === 0 ? 'Pari' : 'Dispari',
      peso: index % 3 === 0 ? null : index / 8,
      prezzo: index % 4 === 0 ? null : index + 0.5,
      versione: index % 5 === 0 ? null : 'v',
    }));
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends every part, as the CSV, with numbers as numbers, cell by cell', async () => {
    const res = await session.inject({ method: 'GET', url: '/api/componenti/export.xlsx' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${xlsxFileName()}"`);
    expect(xlsxFileName()).toMatch(/^ListaComponenti-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const rows = await sheetRows(res.rawPayload);
    const parts = (await session.inject({ method: 'GET', url: '/api/componenti' })).json<Part[]>();
    expect(parts).toHaveLength(1203);
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    expect(rows.slice(1)).toEqual(parts.map(expectedRow));
    // A formula-looking text is a text cell, never a formula.
    expect(rows.slice(1).some((row) => row[0] === '=HYPERLINK("http://x")')).toBe(true);
    expect(typeof rows[1]?.[CSV_COLUMNS.indexOf('anno')]).toBe('number');
  });

  it('takes the same filters and order as the CSV', async () => {
    const res = await session.inject({
      method: 'GET',
      url: '/api/componenti/export.xlsx?categoria=Pari&sort=-prezzo',
    });
    expect(res.statusCode).toBe(200);
    const rows = await sheetRows(res.rawPayload);
    const parts = (
      await session.inject({ method: 'GET', url: '/api/componenti?categoria=Pari&sort=-prezzo' })
    ).json<Part[]>();
    expect(parts).toHaveLength(602);
    expect(rows.slice(1)).toEqual(parts.map(expectedRow));
    expect(
      (await session.inject({ method: 'GET', url: '/api/componenti/export.xlsx?sort=colore' })).statusCode,
    ).toBe(400);
  });

  it('sends every part of an export longer than a chunk once, in order, where a chunk is read in two parts', async () => {
    // Sorted by price, highest first, with the unpriced last: the second chunk reads the priced
    // parts left after the first, then the unpriced, each its own read, merged into one chunk.
    const count = FIELDS_CHUNK_SIZE + 100;
    await seedParts(t.app.db, count, (index) => ({
      nome: `Lotto ${index}`,
      prezzo: index < FIELDS_CHUNK_SIZE + 50 ? index + 1 : null,
    }));
    const res = await session.inject({
      method: 'GET',
      url: '/api/componenti/export.xlsx?nome=lotto&sort=-prezzo',
    });
    expect(res.statusCode).toBe(200);
    const rows = await sheetRows(res.rawPayload);
    const parts = (
      await session.inject({ method: 'GET', url: '/api/componenti?nome=lotto&sort=-prezzo' })
    ).json<Part[]>();
    expect(parts).toHaveLength(count);
    expect(rows.slice(1)).toEqual(parts.map(expectedRow));
    expect(rows.at(-1)?.[CSV_COLUMNS.indexOf('prezzo')]).toBeNull();
  });
});

describe('xlsxStream', () => {
  const part = (nome: string): Part => toPart(storedPartRow(nome));
  /** A chunk of rows as a reader thread renders it (XLSX_RECORDS), from the stored rows of `names`. */
  const chunk = (names: readonly string[]): string =>
    jsonRecordsOfObjects(
      names.map((nome) => storedPartRow(nome)),
      exportCellsOf(XLSX_RECORDS),
    );

  /** Reads a stream to its end; rejects with its error. */
  async function bytesOf(stream: Readable): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  it('writes every chunk it is given, in order, after the header', async () => {
    async function* chunks() {
      for (let start = 0; start < 1200; start += 400) {
        await Promise.resolve();
        yield chunk(Array.from({ length: 400 }, (_, index) => `Parte ${start + index}`));
      }
    }
    const rows = await sheetRows(await bytesOf(xlsxStream(chunks())));
    expect(rows).toHaveLength(1201);
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    expect(rows.slice(1).map((row) => row[0])).toEqual(Array.from({ length: 1200 }, (_, i) => `Parte ${i}`));
    expect(rows[1]).toEqual(expectedRow(part('Parte 0')));
  });

  it('fails the download, not the server, when the parts stop coming mid-way', async () => {
    async function* chunks() {
      yield chunk(['Prima']);
      await Promise.resolve();
      throw new Error('database gone');
    }
    await expect(bytesOf(xlsxStream(chunks()))).rejects.toThrow('database gone');
  });

  it('stops reading parts when the client goes away', async () => {
    let sent = 0;
    let stopped = false;
    async function* chunks() {
      try {
        for (;;) {
          sent += 1;
          await Promise.resolve();
          yield chunk(Array.from({ length: 500 }, (_, index) => `Parte ${index}`));
        }
      } finally {
        stopped = true;
      }
    }
    const stream = xlsxStream(chunks());
    await once(stream, 'data');
    stream.destroy();
    await vi.waitFor(() => expect(stopped).toBe(true));
    const after = sent;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sent).toBe(after);
  });

  it('writes exports that follow one another on one thread, each with only its own rows', async () => {
    const exportOf = async (names: string[]) => {
      async function* chunks() {
        await Promise.resolve();
        yield chunk(names);
      }
      return (await sheetRows(await bytesOf(xlsxStream(chunks())))).map((row) => row[0]);
    };
    expect(await exportOf(['Faro'])).toEqual(['nome', 'Faro']);
    const started = xlsxThreadsStarted();
    expect(await exportOf(['Alternatore', 'Pompa'])).toEqual(['nome', 'Alternatore', 'Pompa']);
    expect(await exportOf([])).toEqual(['nome']);
    expect(xlsxThreadsStarted()).toBe(started);
  });

  it('never hands a thread stopped mid-file to the next export', async () => {
    async function* endless() {
      for (;;) {
        await Promise.resolve();
        yield chunk(Array.from({ length: 500 }, (_, index) => `Parte ${index}`));
      }
    }
    async function* failing() {
      yield chunk(['Prima']);
      await Promise.resolve();
      throw new Error('database gone');
    }
    async function* one() {
      await Promise.resolve();
      yield chunk(['Dopo']);
    }
    const cut = xlsxStream(endless());
    await once(cut, 'data');
    cut.destroy();
    await expect(bytesOf(xlsxStream(failing()))).rejects.toThrow('database gone');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = xlsxThreadsStarted();
    const rows = await sheetRows(await bytesOf(xlsxStream(one())));
    expect(rows.map((row) => row[0])).toEqual(['nome', 'Dopo']);
    expect(xlsxThreadsStarted()).toBe(started + 1);
  });
});
