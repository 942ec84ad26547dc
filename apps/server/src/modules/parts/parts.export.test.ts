import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_COLUMNS, csvFileName, IN_STOCK_STATUSES, PartInputSchema } from '@magazzino/contract';
import { buildTestApp, signIn, type Session, type TestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/databases.js';
import { sqlitePlans } from '../../../test/sqlite-plans.js';
import { partInput, seedParts } from '../../../test/factories.js';
import { newId } from '../../lib/ids.js';
import { CSV_RECORDS } from './parts.csv.js';
import { insertParts, recordsAfter, REGISTRATION } from './parts.repository.js';
import { FIELDS_CHUNK_SIZE } from './parts.service.js';
import { SEQ_BLOCK_SIZE } from './parts.tables.js';

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

  it('exports the parts of several blocks of seqs newest first, each once, in stock or all', async () => {
    // On SQLite the export of every part (in stock, or of every status) reads its blocks of
    // SEQ_BLOCK_SIZE seqs two at a time; sold parts and deleted ones leave holes in the blocks.
    // PostgreSQL reads chunk after chunk: the same parts must come out.
    const count = 2 * SEQ_BLOCK_SIZE + 300;
    const seeded = await seedParts(t.app.db, count, (i) => ({
      nome: `Blocco ${String(i).padStart(5, '0')}`,
    }));
    const sold = seeded.filter((_, i) => i % 7 === 3).map((part) => part.id);
    const deleted = seeded.filter((_, i) => i % 11 === 5 && i % 7 !== 3).map((part) => part.id);
    for (let start = 0; start < sold.length; start += 500) {
      const ids = sold.slice(start, start + 500);
      await t.app.db.updateTable('parts').set({ stato: 'venduto' }).where('id', 'in', ids).execute();
    }
    for (let start = 0; start < deleted.length; start += 500) {
      await t.app.db
        .deleteFrom('parts')
        .where('id', 'in', deleted.slice(start, start + 500))
        .execute();
    }
    const expected = async (inStock: boolean) => {
      let query = t.app.db.selectFrom('parts').select('nome').where('nome', 'like', 'Blocco %');
      if (inStock) query = query.where('stato', 'not in', ['venduto', 'scartato']);
      return (await query.orderBy('seq', 'desc').execute()).map((row) => row.nome);
    };
    const exported = async (query: string) => {
      const lines = records((await exportCsv(query)).body).slice(1);
      const all = await t.app.db
        .selectFrom('parts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .$if(query === '', (q) => q.where('stato', 'not in', ['venduto', 'scartato']))
        .executeTakeFirstOrThrow();
      expect(lines).toHaveLength(Number(all.n));
      return lines.map((line) => line.split(',')[0]).filter((nome) => nome?.startsWith('Blocco '));
    };
    const inStock = await expected(true);
    expect(inStock.length).toBe(count - sold.length - deleted.length);
    expect(await exported('')).toEqual(inStock);
    expect(await exported('?stato=tutti')).toEqual(await expected(false));
    // Oldest first, and a status of its own (read chunk after chunk): the same parts, each once.
    expect(await exported('?stato=tutti&sort=createdAt')).toEqual((await expected(false)).reverse());
  });
});

// SQLite keeps no statistics: the export's read of one block of seqs must take an index on seq for
// its range, never walk the whole table (or a whole index) once per block.
describe('the read of one block of seqs, on sqlite', () => {
  it('is a range on an index of seqs, for the parts in stock and for every part', async () => {
    const t = await buildTestApp('sqlite');
    const { db, statements, planOf, close } = sqlitePlans(t);
    try {
      await seedParts(t.app.db, 50);
      // seq is the table's rowid: every part is read on the table itself, by a range of it.
      for (const [stato, range] of [
        [IN_STOCK_STATUSES, /USING (COVERING )?INDEX parts_in_stock_idx \(seq>\? AND seq<\?\)/],
        [undefined, /USING INTEGER PRIMARY KEY \(rowid>\? AND rowid<\?\)/],
      ] as const) {
        statements.length = 0;
        const { text } = await recordsAfter(
          db,
          { stato, seqFrom: 0, seqBelow: SEQ_BLOCK_SIZE },
          { field: REGISTRATION, descending: true },
          { offset: 0 },
          SEQ_BLOCK_SIZE,
          CSV_RECORDS,
        );
        expect(text.split('\r\n')).toHaveLength(51);
        const plan = planOf(statements[0]);
        expect(plan, String(stato)).toMatch(range);
        expect(plan, String(stato)).not.toMatch(/\bSCAN\b/);
      }
    } finally {
      await close();
      await t.close();
    }
  });
});
