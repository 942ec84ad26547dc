import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_COLUMNS, csvFileName, PartInputSchema } from '@magazzino/contract';
import { buildTestApp, signIn, type Session, type TestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/databases.js';
import { partInput, seedParts } from '../../../test/factories.js';
import { newId } from '../../lib/ids.js';
import { insertParts } from './parts.repository.js';
import { FIELDS_CHUNK_SIZE } from './parts.service.js';

const HEADER = CSV_COLUMNS.join(',');

/** The records of a CSV body (after the BOM), split on CRLF; the last line ends with CRLF too. */
function records(body: string): string[] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  expect(body.endsWith('\r\n')).toBe(true);
  return body.slice(1, -2).split('\r\n');
}

describe.each(DIALECTS)('GET /api/componenti/export.csv on %s', (dialect) => {
  let t: TestApp;
  let session: Session;
  const exportCsv = (query = '') =>
    session.inject({ method: 'GET', url: `/api/componenti/export.csv${query}` });

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    session = await signIn(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends a UTF-8 CSV attachment named after the day, with BOM and header row', async () => {
    const res = await exportCsv();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toBe(`attachment; filename="${csvFileName()}"`);
    expect(disposition).toMatch(/filename="ListaComponenti-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(records(res.body)).toEqual([HEADER]);
  });

  it('writes one CRLF record per part in column order, anno from annoImmatricolazione', async () => {
    await seedParts(t.app.db, 1, () => ({
      nome: 'Faro',
      categoria: 'Illuminazione',
      codice: '51787654',
      condizione: 'Buona',
      peso: '1,25',
      scaffale: 'A',
      campata: '1',
      ripiano: '2',
      cassetta: '3',
      marca: 'Fiat',
      modello: 'Punto',
      versione: '1.2 8V',
      annoImmatricolazione: '2004',
    }));
    const lines = records((await exportCsv('?nome=faro')).body);
    expect(lines).toEqual([
      HEADER,
      'Faro,Illuminazione,51787654,Buona,1.25,A,1,2,3,Fiat,Punto,1.2 8V,2004,disponibile,45',
    ]);
  });

  it('quotes commas, quotes and line breaks per RFC 4180, keeping accents and emoji', async () => {
    await seedParts(t.app.db, 1, () => ({
      nome: 'Paraurti, anteriore',
      codice: 'Q-1',
      condizione: 'Il "migliore"',
      versione: 'riga uno\nriga due',
      marca: 'Citroën 🚗',
    }));
    const body = (await exportCsv('?nome=paraurti')).body;
    const row = body.slice(1).split('\r\n')[1] ?? '';
    expect(row).toMatch(/^"Paraurti, anteriore",Illuminazione,Q-1,"Il ""migliore""",/);
    expect(row).toContain(',"riga uno\nriga due",');
    expect(row).toContain(',Citroën 🚗,');
  });

  it.each([
    ['=', '=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+', '+39 0123', "'+39 0123"],
    ['-', '-2+3', "'-2+3"],
    ['@', '@cmd', "'@cmd"],
    ['tab', '\tX', "'\tX"],
    ['carriage return', '\rX', `"'\rX"`],
  ])('neutralises a cell starting with %s', async (_name, versione, cell) => {
    const marker = `Formula-${versione.charCodeAt(0)}`;
    // Stored as is (the API trims tabs and CRs away, but older or imported rows may hold them).
    const input = { ...PartInputSchema.parse(partInput({ nome: marker })), versione };
    const now = new Date();
    await insertParts(t.app.db, [{ input, id: newId(now.getTime()), createdAt: now.toISOString() }]);
    const body = (await exportCsv(`?nome=${marker}`)).body;
    expect(body.slice(1).split('\r\n')[1]).toContain(`,${cell},`);
  });

  it('applies the list filters and sort, never paging', async () => {
    await seedParts(t.app.db, 3, (i) => ({
      nome: `Specchio ${i}`,
      marca: i === 1 ? 'Opel' : 'Fiat',
      modello: 'Corsa',
    }));
    const lines = records((await exportCsv('?nome=specchio&sort=-nome&limit=1&offset=1')).body);
    expect(lines.map((line) => line.split(',')[0])).toEqual([
      'nome',
      'Specchio 2',
      'Specchio 1',
      'Specchio 0',
    ]);
    const opel = records((await exportCsv('?q=specchio&marca=OPEL&modello=corsa')).body);
    expect(opel).toHaveLength(2);
    expect(opel[1]).toMatch(/^Specchio 1,/);
    expect(records((await exportCsv('?categoria=Nessuna')).body)).toEqual([HEADER]);
  });

  it('refuses bad filters with 400 JSON', async () => {
    const res = await exportCsv('?sort=segreto');
    expect(res.statusCode).toBe(400);
    const body = res.json<{ code: string; fields: Record<string, string> }>();
    expect(body.code).toBe('VALIDATION');
    expect(body.fields.sort).toMatch(/^sort deve essere uno di: nome, /);
  });

  it('exports more parts than one chunk, each once', async () => {
    const count = FIELDS_CHUNK_SIZE + 100;
    await seedParts(t.app.db, count, (i) => ({ nome: `Bulk ${String(i).padStart(4, '0')}` }));
    const lines = records((await exportCsv('?nome=bulk&sort=nome')).body);
    expect(lines).toHaveLength(count + 1);
    expect(lines[1]).toMatch(/^Bulk 0000,/);
    expect(lines[count]).toMatch(new RegExp(`^Bulk ${count - 1},`));
    expect(new Set(lines.slice(1).map((line) => line.split(',')[0])).size).toBe(count);
  });
});
