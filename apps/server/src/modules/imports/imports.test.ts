import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportMapping, ImportPreview, ImportSummary, Part, PartEvent } from '@magazzino/contract';
import { buildTestApp, signIn, type Session, type TestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/databases.js';
import { partInput } from '../../../test/factories.js';
import { csvFile, finished, uploaded, xlsxFile, type XlsxCell } from '../../../test/imports.js';

const HEADER = [
  'Nome componente',
  'Categoria',
  'Codice',
  'Condizione',
  'Peso (Kg)',
  'Prezzo',
  'Scaffale',
  'Campata',
  'Ripiano',
  'Cassetta',
  'Marca',
  'Modello',
  'Anno',
  'Note di magazzino',
];

/** A valid row of HEADER, in category `categoria`, with `changes` by column name. */
function row(categoria: string, changes: Record<string, XlsxCell> = {}): XlsxCell[] {
  const base: Record<string, XlsxCell> = {
    'Nome componente': 'Faro anteriore',
    Categoria: categoria,
    Codice: '',
    Condizione: 'Buona',
    'Peso (Kg)': '1,5',
    Prezzo: '45,50',
    Scaffale: 'A',
    Campata: '1',
    Ripiano: '2',
    Cassetta: '3',
    Marca: 'Fiat',
    Modello: 'Punto',
    Anno: '2004',
    'Note di magazzino': 'ignorata',
  };
  const merged = { ...base, ...changes };
  return HEADER.map((column) => merged[column] ?? '');
}

/** The rows of the mixed file: three good ones and four with errors (lines 2–8 of the file). */
function mixedRows(categoria: string): XlsxCell[][] {
  return [
    row(categoria, { 'Nome componente': 'Faro buono', Codice: 'F-1' }),
    row(categoria, { 'Nome componente': 'Peso sbagliato', 'Peso (Kg)': 'tanto' }),
    row(categoria, { 'Nome componente': 'Senza categoria', Categoria: '' }),
    row(categoria, { 'Nome componente': 'x'.repeat(201) }),
    row(categoria, { 'Nome componente': '=1+1', Codice: '@SUM(A1)', 'Peso (Kg)': '' }),
    row(categoria, { 'Nome componente': 'Anno sbagliato', Anno: '19' }),
    row(categoria, { 'Nome componente': '+39 specchietto', Prezzo: '1.234,5' }),
  ];
}

async function partsOf(session: Session, categoria: string): Promise<Part[]> {
  const res = await session.inject({
    method: 'GET',
    url: `/api/componenti?categoria=${encodeURIComponent(categoria)}&sort=nome`,
  });
  expect(res.statusCode).toBe(200);
  return res.json<Part[]>();
}

describe.each(DIALECTS)('imports on %s', (dialect) => {
  let t: TestApp;
  let session: Session;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    session = await signIn(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const preview = (id: string, mappatura: ImportMapping) =>
    session.inject({ method: 'POST', url: `/api/importazioni/${id}/anteprima`, payload: { mappatura } });
  const run = (id: string, mappatura: ImportMapping, modalita: 'crea' | 'aggiorna' = 'crea') =>
    session.inject({
      method: 'POST',
      url: `/api/importazioni/${id}/esegui`,
      payload: { mappatura, modalita },
    });

  it('reads a CSV, guesses the mapping, previews the errors by column and imports the valid rows', async () => {
    const file = csvFile([HEADER, ...(mixedRows('Csv') as string[][])]);
    const summary = await uploaded(session, file, 'magazzino.csv');
    expect(summary).toMatchObject({
      nomeFile: 'magazzino.csv',
      formato: 'csv',
      colonne: HEADER,
      righe: 7,
      stato: 'caricato',
      modalita: null,
      elaborate: 0,
    });
    expect(summary.mappatura).toEqual({
      'Nome componente': 'nome',
      Categoria: 'categoria',
      Codice: 'codice',
      Condizione: 'condizione',
      'Peso (Kg)': 'peso',
      Prezzo: 'prezzo',
      Scaffale: 'scaffale',
      Campata: 'campata',
      Ripiano: 'ripiano',
      Cassetta: 'cassetta',
      Marca: 'marca',
      Modello: 'modello',
      Anno: 'annoImmatricolazione',
      'Note di magazzino': null,
    });

    const previewed = await preview(summary._id, summary.mappatura);
    expect(previewed.statusCode, previewed.body).toBe(200);
    const result = previewed.json<ImportPreview>();
    expect(result).toMatchObject({ valide: 3, conErrori: 4 });
    expect(result.righe.map((r) => r.riga)).toEqual([2, 3, 4, 5, 6, 7, 8]);
    expect(result.righe[0]).toMatchObject({ errori: [], valori: { nome: 'Faro buono', peso: '1,5' } });
    expect(result.righe[1]?.errori).toEqual([
      { colonna: 'Peso (Kg)', campo: 'peso', messaggio: 'Il peso deve essere un numero' },
    ]);
    expect(result.righe[2]?.errori).toEqual([
      { colonna: 'Categoria', campo: 'categoria', messaggio: 'La categoria è obbligatoria' },
    ]);
    expect(result.righe[3]?.errori).toEqual([
      { colonna: 'Nome componente', campo: 'nome', messaggio: 'Il nome può avere al massimo 200 caratteri' },
    ]);
    expect(result.righe[4]?.errori).toEqual([]);
    expect(result.righe[5]?.errori[0]).toMatchObject({ colonna: 'Anno', campo: 'annoImmatricolazione' });
    expect(result.erroriFrequenti).toHaveLength(4);

    // Nothing written by the preview.
    expect(await partsOf(session, 'Csv')).toEqual([]);

    const started = await run(summary._id, summary.mappatura);
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json<ImportSummary>()).toMatchObject({ stato: 'in_corso', modalita: 'crea' });
    const done = await finished(session, summary._id);
    expect(done).toMatchObject({
      stato: 'completato',
      elaborate: 7,
      importate: 3,
      aggiornate: 0,
      scartate: 4,
    });

    const parts = await partsOf(session, 'Csv');
    expect(parts.map((part) => part.nome).sort()).toEqual(['+39 specchietto', '=1+1', 'Faro buono']);
    const formula = parts.find((part) => part.nome === '=1+1');
    // Formula-looking cells stay text, never evaluated.
    expect(formula).toMatchObject({
      codice: '@SUM(A1)',
      peso: null,
      prezzo: 45.5,
      annoImmatricolazione: '2004',
    });
    expect(parts.find((part) => part.nome === '+39 specchietto')?.prezzo).toBe(1234.5);
    const history = await session.inject({
      method: 'GET',
      url: `/api/componenti/storico/${formula?._id ?? ''}`,
    });
    expect(history.json<PartEvent[]>()).toMatchObject([
      { tipo: 'creato', utente: { _id: session.user._id } },
    ]);

    // Running it again is refused: upload the file again to import it again.
    expect((await run(summary._id, summary.mappatura)).statusCode).toBe(409);

    const refused = await session.inject({
      method: 'GET',
      url: `/api/importazioni/${summary._id}/scartate.csv`,
    });
    expect(refused.statusCode).toBe(200);
    expect(refused.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(refused.body.startsWith('\uFEFF')).toBe(true);
    const lines = refused.body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe([...HEADER, 'riga', 'errore'].join(';'));
    expect(lines).toHaveLength(5);
    expect(lines[1]).toMatch(/^Peso sbagliato;.*;3;Peso \(Kg\): Il peso deve essere un numero$/);
    expect(lines[2]).toMatch(/;4;Categoria: La categoria è obbligatoria$/);
    expect(lines[4]).toMatch(/;7;Anno: L'anno di immatricolazione deve essere un anno di 4 cifre$/);
  });

  it('reads an XLSX made by a spreadsheet: numbers, dates and formulas as text', async () => {
    const rows: XlsxCell[][] = [
      HEADER,
      row('Xlsx', {
        'Nome componente': 'Numeri veri',
        'Peso (Kg)': 2.25,
        Prezzo: 120,
        Anno: 2010,
        Codice: 51787654,
      }),
      row('Xlsx', { 'Nome componente': { formula: '1+1', result: 2 } }),
      row('Xlsx', { 'Nome componente': 'Data come anno', Anno: new Date(Date.UTC(2012, 5, 1)) }),
      row('Xlsx', { 'Nome componente': 'Prezzo negativo', Prezzo: -3 }),
      [],
      row('Xlsx', { 'Nome componente': 'Dopo la riga vuota', 'Peso (Kg)': 'mezzo chilo' }),
    ];
    const summary = await uploaded(session, await xlsxFile(rows), 'magazzino.xlsx');
    expect(summary).toMatchObject({ formato: 'xlsx', righe: 5, colonne: HEADER });
    // The mapping step shows each column's first values, read by the server from the workbook.
    expect(summary.esempi).toHaveLength(HEADER.length);
    expect(summary.esempi[HEADER.indexOf('Nome componente')]).toEqual([
      'Numeri veri',
      '=1+1',
      'Data come anno',
    ]);
    expect(summary.esempi[HEADER.indexOf('Peso (Kg)')]?.[0]).toBe('2.25');
    const result = (await preview(summary._id, summary.mappatura)).json<ImportPreview>();
    expect(result).toMatchObject({ valide: 3, conErrori: 2 });
    expect(result.righe.map((r) => r.riga)).toEqual([2, 3, 4, 5, 7]);
    expect(result.righe[1]?.valori.nome).toBe('=1+1');
    expect(result.righe[3]?.errori).toEqual([
      { colonna: 'Prezzo', campo: 'prezzo', messaggio: 'Il prezzo non può essere negativo' },
    ]);
    expect(result.righe[4]?.errori[0]).toMatchObject({
      colonna: 'Peso (Kg)',
      messaggio: 'Il peso deve essere un numero',
    });

    expect((await run(summary._id, summary.mappatura)).statusCode).toBe(202);
    expect(await finished(session, summary._id)).toMatchObject({
      stato: 'completato',
      importate: 3,
      scartate: 2,
    });
    const parts = await partsOf(session, 'Xlsx');
    expect(parts.find((part) => part.nome === 'Numeri veri')).toMatchObject({
      peso: 2.25,
      prezzo: 120,
      annoImmatricolazione: '2010',
      codice: '51787654',
    });
    expect(parts.find((part) => part.nome === 'Data come anno')?.annoImmatricolazione).toBe('2012');
    expect(parts.some((part) => part.nome === '=1+1')).toBe(true);
  });

  it('refuses a preview or a run whose mapping leaves a required field without a column', async () => {
    const summary = await uploaded(session, csvFile([HEADER, row('Mappa') as string[]]), 'mappa.csv');
    const mapping = { ...summary.mappatura, 'Nome componente': null, Categoria: null };
    const res = await preview(summary._id, mapping);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION',
      fields: { mappatura: 'Manca la colonna per: Nome, Categoria' },
    });
    expect((await run(summary._id, mapping)).statusCode).toBe(400);
    const twice = await preview(summary._id, { ...summary.mappatura, 'Note di magazzino': 'nome' });
    expect(twice.statusCode).toBe(400);
    expect(twice.json<{ fields: Record<string, string> }>().fields.mappatura).toContain(
      'Nome è scelto per più colonne',
    );
    const unknown = await preview(summary._id, { ...summary.mappatura, Inesistente: 'descrizione' });
    expect(unknown.json<{ fields: Record<string, string> }>().fields.mappatura).toBe(
      'Il file non ha le colonne: Inesistente',
    );
    // aggiorna needs the codice column.
    expect(
      (await run(summary._id, { ...summary.mappatura, Codice: null }, 'aggiorna')).json<{
        fields: Record<string, string>;
      }>().fields.mappatura,
    ).toBe('Manca la colonna per: Codice');
  });

  it('updates by codice: one match updated, none created, several or repeated refused', async () => {
    const create = (body: Record<string, unknown>) =>
      session.inject({ method: 'POST', url: '/api/componenti/crea-componente', payload: partInput(body) });
    const single = (
      await create({ categoria: 'Aggiorna', codice: 'AGG-1', prezzo: 10, nome: 'Uno' })
    ).json<Part>();
    await create({ categoria: 'Aggiorna', codice: 'DOPPIO', nome: 'Doppio A' });
    await create({ categoria: 'Aggiorna', codice: 'doppio', nome: 'Doppio B' });
    const file = csvFile([
      HEADER,
      row('Aggiorna', { 'Nome componente': 'Uno', Codice: 'agg 1', Prezzo: '99' }) as string[],
      row('Aggiorna', { 'Nome componente': 'Nuovo', Codice: 'NUOVO-1' }) as string[],
      row('Aggiorna', { 'Nome componente': 'Doppio', Codice: 'DOPPIO' }) as string[],
      row('Aggiorna', { 'Nome componente': 'Uno di nuovo', Codice: 'AGG1', Prezzo: '5' }) as string[],
    ]);
    const summary = await uploaded(session, file, 'aggiorna.csv');
    expect((await run(summary._id, summary.mappatura, 'aggiorna')).statusCode).toBe(202);
    expect(await finished(session, summary._id)).toMatchObject({
      stato: 'completato',
      modalita: 'aggiorna',
      elaborate: 4,
      importate: 1,
      aggiornate: 1,
      scartate: 2,
    });
    const parts = await partsOf(session, 'Aggiorna');
    expect(parts.map((part) => part.nome).sort()).toEqual(['Doppio A', 'Doppio B', 'Nuovo', 'Uno']);
    const updated = parts.find((part) => part._id === single._id);
    expect(updated).toMatchObject({ prezzo: 99, codice: 'agg 1', version: 2 });
    const history = await session.inject({ method: 'GET', url: `/api/componenti/storico/${single._id}` });
    const [latest] = history.json<PartEvent[]>();
    expect(latest).toMatchObject({ tipo: 'modificato' });
    expect(latest?.modifiche).toContainEqual({ campo: 'prezzo', prima: 10, dopo: 99 });

    const refused = await session.inject({
      method: 'GET',
      url: `/api/importazioni/${summary._id}/scartate.csv`,
    });
    const lines = refused.body.slice(1).trimEnd().split('\r\n');
    expect(lines[1]).toMatch(/;4;Codice: Più componenti hanno il codice DOPPIO \(2\): aggiornali a mano$/);
    expect(lines[2]).toMatch(/;5;Codice: Il codice AGG1 compare già alla riga 2 del file$/);
  });

  it('remembers the mapping for the same set of headers', async () => {
    const header = [
      'Descrizione breve',
      'Gruppo',
      'Cond.',
      'Scaffale',
      'Campata',
      'Ripiano',
      'Cassetta',
      'Marca',
      'Modello',
      'Anno',
    ];
    const data = ['Specchio', 'Ricordata', 'Buona', 'B', '1', '1', '1', 'Fiat', 'Uno', '1990'];
    const first = await uploaded(session, csvFile([header, data]), 'fornitore.csv');
    expect(first.mappatura).toMatchObject({ 'Descrizione breve': null, Gruppo: null, 'Cond.': null });
    const mapping = {
      ...first.mappatura,
      'Descrizione breve': 'nome',
      Gruppo: 'categoria',
      'Cond.': 'condizione',
    } as const;
    expect((await run(first._id, mapping)).statusCode).toBe(202);
    await finished(session, first._id);
    // The same headers, in another order and case, next week.
    const again = await uploaded(
      session,
      csvFile([[...header].reverse().map((cell) => cell.toUpperCase()), [...data].reverse()], ','),
      'fornitore-2.csv',
    );
    expect(again.mappatura).toMatchObject({
      'DESCRIZIONE BREVE': 'nome',
      GRUPPO: 'categoria',
      'COND.': 'condizione',
    });
    const list = await session.inject({ method: 'GET', url: '/api/importazioni?limit=2' });
    expect(list.json<ImportSummary[]>().map((item) => item._id)).toEqual([again._id, first._id]);
  });
});
