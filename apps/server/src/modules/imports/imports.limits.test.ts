import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportSummary } from '@magazzino/contract';
import { buildTestApp, signIn, type Session, type TestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/databases.js';
import { imageOf } from '../../../test/images.js';
import { importForm, upload, xlsxFile } from '../../../test/imports.js';
import { signInAs } from '../../../test/roles.js';

const HEADER = 'nome;categoria;condizione;scaffale;campata;ripiano;cassetta;marca;modello;anno\r\n';

/** A CSV of about `megabytes` MB: the header, then valid rows. */
function csvOfSize(megabytes: number): Buffer {
  const line = 'Alternatore revisionato 90A;Motore;Buona;A;1;2;3;Fiat;Punto;2004;' + 'x'.repeat(20) + '\r\n';
  const count = Math.ceil((megabytes * 1024 * 1024) / Buffer.byteLength(line));
  return Buffer.from(HEADER + line.repeat(count));
}

describe.each(DIALECTS)('import limits on %s', (dialect) => {
  let t: TestApp;
  let session: Session;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    session = await signIn(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('accepts a 10 MB file and refuses a 21 MB one with 413', async () => {
    const ten = csvOfSize(10);
    const accepted = await upload(session, ten, 'grande.csv');
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json<ImportSummary>().righe).toBeGreaterThan(100_000);
    const refused = await upload(session, csvOfSize(21), 'enorme.csv');
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      error: 'Il file è troppo grande: il limite è 20 MB.',
    });
  });

  it('refuses with 415 what is not a spreadsheet, whatever its name', async () => {
    const message = 'Il file deve essere un CSV o un foglio Excel (.xlsx)';
    const png = await imageOf('png');
    const workbook = await xlsxFile([['nome'], ['Faro']]);
    // A ZIP whose entries are not a workbook: the workbook's name changed in the archive.
    const notWorkbook = Buffer.from(
      workbook.toString('latin1').replaceAll('xl/workbook.xml', 'xl/workbook.xmz'),
      'latin1',
    );
    for (const [bytes, name] of [
      [png, 'componenti.xlsx'],
      [png, 'componenti.csv'],
      [Buffer.from('nome;categoria\r\nFaro;Luci\r\n'), 'testo.xlsx'],
      [notWorkbook, 'componenti.xlsx'],
    ] as const) {
      const res = await upload(session, bytes, name);
      expect(res.statusCode, name).toBe(415);
      expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', error: message });
    }
  });

  it('refuses with 400 an empty file, a header alone, a broken CSV, a missing file field', async () => {
    expect((await upload(session, Buffer.alloc(0), 'vuoto.csv')).statusCode).toBe(400);
    expect((await upload(session, Buffer.from('\r\n\r\n'), 'vuoto.csv')).statusCode).toBe(400);
    const headerOnly = await upload(session, Buffer.from(HEADER), 'intestazione.csv');
    expect(headerOnly.statusCode).toBe(400);
    expect(headerOnly.json<{ error: string }>().error).toContain('solo la riga di intestazione');
    const broken = await upload(session, Buffer.from('nome;categoria\r\n"Faro;Luci\r\n'), 'rotto.csv');
    expect(broken.statusCode).toBe(400);
    expect(broken.json<{ error: string }>().error).toContain('virgoletta');
    const wrongField = await session.inject({
      method: 'POST',
      url: '/api/importazioni',
      payload: importForm(Buffer.from(HEADER), 'a.csv', { field: 'my_file' }),
    });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toMatchObject({
      fields: { file: 'Scegli un CSV o un foglio Excel da importare' },
    });
  });

  it('reads a Windows-1252 CSV (Excel’s own) and a comma-separated one', async () => {
    const latin = Buffer.from('nome,categoria\r\nParaurti però,Carrozzeria\r\n', 'latin1');
    const res = await upload(session, latin, 'excel.csv');
    expect(res.statusCode, res.body).toBe(201);
    const summary = res.json<ImportSummary>();
    expect(summary.colonne).toEqual(['nome', 'categoria']);
    const preview = await session.inject({
      method: 'POST',
      url: `/api/importazioni/${summary._id}/anteprima`,
      payload: { mappatura: { nome: 'nome', categoria: 'categoria' } },
    });
    expect(preview.statusCode).toBe(400);
    expect(preview.json<{ fields: Record<string, string> }>().fields.mappatura).toMatch(
      /^Manca la colonna per: Condizione/,
    );
  });

  it('needs a session (401) and parts:write (403 for sola_lettura)', async () => {
    const file = Buffer.from(HEADER + 'Faro;Luci;Buona;A;1;2;3;Fiat;Punto;2004\r\n');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/importazioni',
      payload: importForm(file, 'a.csv'),
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/importazioni' })).statusCode).toBe(401);
    const reader = await signInAs(t.app, session, 'sola_lettura');
    const res = await reader.inject({
      method: 'POST',
      url: '/api/importazioni',
      payload: importForm(file, 'a.csv'),
    });
    expect(res.statusCode).toBe(403);
    const summary = (await upload(session, file, 'a.csv')).json<ImportSummary>();
    for (const url of [`/api/importazioni/${summary._id}`, `/api/importazioni/${summary._id}/scartate.csv`]) {
      expect((await reader.inject({ method: 'GET', url })).statusCode).toBe(403);
    }
    expect((await session.inject({ method: 'GET', url: '/api/importazioni/sconosciuta' })).statusCode).toBe(
      404,
    );
  });

  it('marks failed a job whose instance stopped, and purges imports after 7 days', async () => {
    const file = Buffer.from(HEADER + 'Faro;Luci;Buona;A;1;2;3;Fiat;Punto;2004\r\n');
    const summary = (await upload(session, file, 'vecchio.csv')).json<ImportSummary>();
    const old = new Date(Date.now() - 8 * 86_400_000).toISOString();
    const silent = new Date(Date.now() - 3 * 60_000).toISOString();
    const running = (await upload(session, file, 'fermo.csv')).json<ImportSummary>();
    await t.app.db.updateTable('imports').set({ created_at: old }).where('id', '=', summary._id).execute();
    await t.app.db
      .updateTable('imports')
      .set({ status: 'in_corso', heartbeat_at: silent })
      .where('id', '=', running._id)
      .execute();
    const polled = await session.inject({ method: 'GET', url: `/api/importazioni/${running._id}` });
    expect(polled.json()).toMatchObject({
      stato: 'fallito',
      errore: expect.stringContaining('Interrotta') as unknown,
    });
    expect(await t.app.imports.purge()).toBeGreaterThanOrEqual(1);
    expect(
      (await session.inject({ method: 'GET', url: `/api/importazioni/${summary._id}` })).statusCode,
    ).toBe(404);
    const files = await t.app.db
      .selectFrom('import_files')
      .select('import_id')
      .where('import_id', '=', summary._id)
      .execute();
    expect(files).toEqual([]);
  });
});
