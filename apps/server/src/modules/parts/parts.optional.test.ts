import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Part } from '@magazzino/contract';
import { buildTestApp, signIn, type Session, type TestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/databases.js';
import { partInput } from '../../../test/factories.js';

/** descrizione, codice, peso and versione may be left empty: null on the wire and in the database. */
describe.each(DIALECTS)('optional fields on %s', (dialect) => {
  let t: TestApp;
  let session: Session;
  const create = async (overrides: Record<string, unknown>) => {
    const res = await session.inject({
      method: 'POST',
      url: '/api/componenti/crea-componente',
      payload: partInput(overrides),
    });
    expect(res.statusCode).toBe(201);
    return res.json<Part>();
  };
  const patch = (id: string, payload: Record<string, unknown>) =>
    session.inject({ method: 'PATCH', url: `/api/componenti/modifica/${id}`, payload });
  const read = async (id: string) =>
    (await session.inject({ method: 'GET', url: `/api/componenti/${id}` })).json<Part>();

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    session = await signIn(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('empties an optional field sent empty in a PATCH, and leaves the fields not sent alone', async () => {
    const part = await create({ nome: 'Alternatore', descrizione: 'Revisionato', versione: '1.9 JTD' });
    const res = await patch(part._id, { descrizione: '', codice: null, peso: '  ' });
    expect(res.statusCode).toBe(200);
    const emptied = res.json<Part>();
    expect(emptied).toMatchObject({
      descrizione: null,
      codice: null,
      peso: null,
      versione: '1.9 JTD',
      nome: 'Alternatore',
      version: 2,
    });
    expect(res.headers.etag).toBe('"v2"');
    expect(await read(part._id)).toEqual(emptied);
    // And filled again.
    const refilled = (await patch(part._id, { codice: '1K0 615', peso: '2,5' })).json<Part>();
    expect(refilled).toMatchObject({ codice: '1K0 615', peso: 2.5, descrizione: null });
  });

  it('refuses to blank a required field', async () => {
    const part = await create({});
    for (const empty of ['', '   ', null]) {
      const res = await patch(part._id, { nome: empty, categoria: empty });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        fields: { nome: 'Il nome è obbligatorio', categoria: 'La categoria è obbligatoria' },
      });
    }
    expect((await read(part._id)).version).toBe(1);
  });

  it('searches a part with empty fields by the others, and never matches the empty ones', async () => {
    const bare = await create({
      nome: 'Tergicristallo Zqx',
      descrizione: null,
      codice: null,
      peso: null,
      versione: null,
    });
    const ids = async (query: string) =>
      (await session.inject({ method: 'GET', url: `/api/componenti?${query}` }))
        .json<Part[]>()
        .map((p) => p._id);
    expect(await ids('q=zqx')).toEqual([bare._id]);
    expect(await ids('q=zqx%20punto%202004')).toEqual([bare._id]);
    expect(await ids('q=zqx%20null')).toEqual([]);
    expect(await ids('nome=zqx&limit=5')).toEqual([bare._id]);
  });

  it('exports an empty optional field as an empty cell', async () => {
    await create({
      nome: 'Specchietto Wvk',
      codice: null,
      peso: null,
      prezzo: null,
      versione: null,
      descrizione: null,
      categoria: 'Carrozzeria',
      condizione: 'Buona',
      scaffale: 'C',
      campata: '4',
      ripiano: '1',
      cassetta: '9',
      marca: 'Fiat',
      modello: 'Panda',
      annoImmatricolazione: '2011',
    });
    const res = await session.inject({ method: 'GET', url: '/api/componenti/export.csv?nome=wvk' });
    expect(res.body.slice(1).split('\r\n')[1]).toBe(
      'Specchietto Wvk,Carrozzeria,,Buona,,C,4,1,9,Fiat,Panda,,2011,disponibile,',
    );
  });
});
