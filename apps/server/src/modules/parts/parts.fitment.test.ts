import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, Part, PartEvent, Vehicle } from '@magazzino/contract';
import { buildTestApp, signIn, type Session, type TestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/databases.js';
import { partInput, vehicleInput } from '../../../test/factories.js';

/**
 * A part's donor vehicle and its fitment ('Compatibile anche con'): stored, shown, searched,
 * listed by vehicle, recorded in the history, and kept right when the vehicle changes.
 */
describe.each(DIALECTS)('donor vehicle and fitment on %s', (dialect) => {
  let t: TestApp;
  let session: Session;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    session = await signIn(t.app);
  });

  afterAll(async () => {
    await t.close();
  });

  async function createVehicle(overrides: Record<string, unknown> = {}): Promise<Vehicle> {
    const response = await session.inject({
      method: 'POST',
      url: '/api/veicoli',
      payload: vehicleInput(overrides),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Vehicle>();
  }

  async function createPart(overrides: Record<string, unknown> = {}) {
    return session.inject({
      method: 'POST',
      url: '/api/componenti/crea-componente',
      payload: partInput(overrides),
    });
  }

  async function ids(query: string): Promise<{ ids: string[]; total: number }> {
    const response = await session.inject({ method: 'GET', url: `/api/componenti?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return {
      ids: response.json<Part[]>().map((part) => part._id),
      total: Number(response.headers['x-total-count']),
    };
  }

  it('links a part to its donor vehicle and shows the summary; an unknown vehicle is a 400', async () => {
    const vehicle = await createVehicle({ targa: 'GH 456 JK', marca: 'Lancia', modello: 'Ypsilon' });
    const created = await createPart({ nome: 'Alternatore Qvxl', veicoloId: vehicle._id });
    expect(created.statusCode, created.body).toBe(201);
    const part = created.json<Part>();
    expect(part.veicolo).toEqual({
      _id: vehicle._id,
      targa: 'GH456JK',
      telaio: vehicle.telaio,
      marca: 'Lancia',
      modello: 'Ypsilon',
      versione: vehicle.versione,
      annoImmatricolazione: vehicle.annoImmatricolazione,
    });
    expect(part.compatibilita).toEqual([]);
    const read = await session.inject({ method: 'GET', url: `/api/componenti/${part._id}` });
    expect(read.json<Part>().veicolo?._id).toBe(vehicle._id);

    const unknown = await createPart({ veicoloId: 'no-such-vehicle' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<ApiErrorBody>().fields).toEqual({ veicoloId: 'Il veicolo indicato non esiste' });
    const badPatch = await session.inject({
      method: 'PATCH',
      url: `/api/componenti/modifica/${part._id}`,
      payload: { veicoloId: 'no-such-vehicle' },
    });
    expect(badPatch.statusCode).toBe(400);
    expect(badPatch.json<ApiErrorBody>().fields).toEqual({ veicoloId: 'Il veicolo indicato non esiste' });

    // A vehicle with parts cannot be deleted; unlinked, it can.
    const refused = await session.inject({ method: 'DELETE', url: `/api/veicoli/${vehicle._id}` });
    expect(refused.statusCode).toBe(409);
    const unlinked = await session.inject({
      method: 'PATCH',
      url: `/api/componenti/modifica/${part._id}`,
      payload: { veicoloId: null },
    });
    expect(unlinked.json<Part>().veicolo).toBeNull();
    expect((await session.inject({ method: 'DELETE', url: `/api/veicoli/${vehicle._id}` })).statusCode).toBe(
      204,
    );
  });

  it('stores the fitment in order, replaces it on a patch, leaves it when absent, shows it everywhere', async () => {
    const compatibilita = [
      { marca: 'Lancia', modello: 'Ypsilon', annoDa: '2003', annoA: 2011 },
      { marca: 'Fiat', modello: 'Idea', versione: '1.4 16V' },
    ];
    const created = await createPart({ nome: 'Specchio Wqzt', compatibilita });
    expect(created.statusCode, created.body).toBe(201);
    const part = created.json<Part>();
    const expected = [
      { marca: 'Lancia', modello: 'Ypsilon', versione: null, annoDa: '2003', annoA: '2011' },
      { marca: 'Fiat', modello: 'Idea', versione: '1.4 16V', annoDa: null, annoA: null },
    ];
    expect(part.compatibilita).toEqual(expected);
    const listed = await session.inject({ method: 'GET', url: '/api/componenti?q=wqzt&limit=5' });
    expect(listed.json<Part[]>().map((found) => found.compatibilita)).toEqual([expected]);
    const streamed = await session.inject({ method: 'GET', url: '/api/componenti?q=wqzt' });
    expect(streamed.json<Part[]>()[0]?.compatibilita).toEqual(expected);

    const renamed = await session.inject({
      method: 'PATCH',
      url: `/api/componenti/modifica/${part._id}`,
      payload: { nome: 'Specchio Wqzt dx' },
    });
    expect(renamed.json<Part>().compatibilita).toEqual(expected);
    const replaced = await session.inject({
      method: 'PATCH',
      url: `/api/componenti/modifica/${part._id}`,
      payload: { compatibilita: [{ marca: 'Alfa Romeo', modello: 'Mito' }] },
    });
    expect(replaced.json<Part>().compatibilita).toEqual([
      { marca: 'Alfa Romeo', modello: 'Mito', versione: null, annoDa: null, annoA: null },
    ]);
    const read = await session.inject({ method: 'GET', url: `/api/componenti/${part._id}` });
    expect(read.json<Part>().compatibilita).toHaveLength(1);

    const refused = await session.inject({
      method: 'PATCH',
      url: `/api/componenti/modifica/${part._id}`,
      payload: { compatibilita: [{ marca: 'Fiat', annoDa: '2010', annoA: '2001' }] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ApiErrorBody>().fields).toEqual({
      compatibilita: "L'anno finale non può essere precedente all'anno iniziale",
    });
  });

  it('finds a part through its fitment with the marca and modello filters and with q', async () => {
    const part = (
      await createPart({
        nome: 'Cerniera Plmk',
        marca: 'Fiat',
        modello: 'Punto',
        compatibilita: [{ marca: 'Škoda', modello: 'Fabia Combi', versione: 'RS Vrtx' }],
      })
    ).json<Part>();
    expect((await ids('marca=skoda&limit=10')).ids).toContain(part._id);
    expect((await ids('modello=fabia%20comb&limit=10')).ids).toContain(part._id);
    // Each filter on its own: the part's own marca with the fitment's modello still matches.
    expect((await ids('marca=fiat&modello=fabia&limit=10')).ids).toContain(part._id);
    expect((await ids('q=vrtx')).ids).toEqual([part._id]);
    expect((await ids('q=plmk%20fabia')).ids).toEqual([part._id]);
    expect((await ids('q=plmk%20seat')).ids).toEqual([]);
    // The fitment emptied: no longer found through it.
    await session.inject({
      method: 'PATCH',
      url: `/api/componenti/modifica/${part._id}`,
      payload: { compatibilita: [] },
    });
    expect((await ids('q=vrtx')).ids).toEqual([]);
    expect((await ids('marca=skoda&limit=10')).ids).not.toContain(part._id);
  });

  it('finds a part by its donor vehicle targa (any spelling) and telaio, and follows a new targa at once', async () => {
    const vehicle = await createVehicle({ targa: 'ZK 987 XW', telaio: 'ZFA19900000765432' });
    const part = (await createPart({ nome: 'Centralina', veicoloId: vehicle._id })).json<Part>();
    for (const typed of ['ZK987XW', 'zk 987 xw', 'zk-987-xw', 'k987', 'ZFA19900000765432', '765432']) {
      expect((await ids(`q=${encodeURIComponent(typed)}`)).ids, typed).toEqual([part._id]);
    }
    const patched = await session.inject({
      method: 'PATCH',
      url: `/api/veicoli/${vehicle._id}`,
      payload: { targa: 'QQ 111 RR' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await ids('q=qq111rr')).ids).toEqual([part._id]);
    expect((await ids('q=zk987xw')).ids).toEqual([]);
    const read = await session.inject({ method: 'GET', url: `/api/componenti/${part._id}` });
    expect(read.json<Part>().veicolo?.targa).toBe('QQ111RR');
  });

  it('never answers 304 with a donor vehicle renamed since, and If-Match still names the part version', async () => {
    const vehicle = await createVehicle({ targa: 'MN 321 OP' });
    const part = (await createPart({ nome: 'Motorino avviamento', veicoloId: vehicle._id })).json<Part>();
    /** A GET with If-None-Match naming `etag`, when given. */
    const revalidate = (url: string, etag?: string) =>
      session.inject({ method: 'GET', url, headers: etag === undefined ? {} : { 'if-none-match': etag } });
    const read = (etag?: string) => revalidate(`/api/componenti/${part._id}`, etag);
    const before = (await read()).headers.etag as string;
    expect(before).toMatch(/^"v1-[\w-]+"$/);
    expect((await read(before)).statusCode).toBe(304);

    const renamed = await session.inject({
      method: 'PATCH',
      url: `/api/veicoli/${vehicle._id}`,
      payload: { targa: 'MN 999 OP' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // The part's version did not move, its answer did: the browser's copy says MN321OP.
    const fresh = await read(before);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json<Part>().veicolo?.targa).toBe('MN999OP');
    const after = fresh.headers.etag as string;
    expect(after).toMatch(/^"v1-[\w-]+"$/);
    expect(after).not.toBe(before);
    expect((await read(after)).statusCode).toBe(304);

    // If-Match guards the part's own fields: the tag read before the rename still saves.
    const save = (etag: string) =>
      session.inject({
        method: 'PATCH',
        url: `/api/componenti/modifica/${part._id}`,
        headers: { 'if-match': etag },
        payload: { peso: 3.2 },
      });
    const saved = await save(before);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.headers.etag).toMatch(/^"v2-[\w-]+"$/);
    expect((await save(before)).statusCode).toBe(412);
    expect((await save('"v2"')).statusCode).toBe(200);

    // A vehicle's answer counts its parts: a part linked since changes it too.
    const readVehicle = (etag?: string) => revalidate(`/api/veicoli/${vehicle._id}`, etag);
    const counted = (await readVehicle()).headers.etag as string;
    expect((await readVehicle(counted)).statusCode).toBe(304);
    await createPart({ veicoloId: vehicle._id });
    const recounted = await readVehicle(counted);
    expect(recounted.statusCode).toBe(200);
    expect(recounted.json<Vehicle>().componenti).toBe(2);
  });

  it('lists exactly the parts of a vehicle with ?veicolo=, in the list and the export', async () => {
    const vehicle = await createVehicle();
    const other = await createVehicle();
    const mine: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      mine.unshift(
        (
          await createPart({ nome: `Pezzo ${['Kappa', 'Lambda', 'Sigma'][i] ?? ''}`, veicoloId: vehicle._id })
        ).json<Part>()._id,
      );
    }
    await createPart({ veicoloId: other._id });
    await createPart();
    expect(await ids(`veicolo=${vehicle._id}&limit=10`)).toEqual({ ids: mine, total: 3 });
    expect(await ids(`veicolo=${vehicle._id}&limit=2&offset=2`)).toEqual({ ids: mine.slice(2), total: 3 });
    expect(await ids(`veicolo=${vehicle._id}`)).toEqual({ ids: mine, total: 3 });
    expect(await ids(`veicolo=${vehicle._id}&q=pezzo%20lambda&limit=10`)).toEqual({
      ids: [mine[1]],
      total: 1,
    });
    expect(await ids('veicolo=nessuno&limit=10')).toEqual({ ids: [], total: 0 });
    const csv = await session.inject({
      method: 'GET',
      url: `/api/componenti/export.csv?veicolo=${vehicle._id}`,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\r\n')).toHaveLength(1 + 3);
    const counted = await session.inject({ method: 'GET', url: `/api/veicoli/${vehicle._id}` });
    expect(counted.json<Vehicle>().componenti).toBe(3);
  });

  it('records changes of the vehicle and of the fitment in the history', async () => {
    const vehicle = await createVehicle({ targa: 'HS 222 TT' });
    const part = (await createPart()).json<Part>();
    await session.inject({
      method: 'PATCH',
      url: `/api/componenti/modifica/${part._id}`,
      payload: {
        veicoloId: vehicle._id,
        compatibilita: [{ marca: 'Fiat', modello: 'Panda', annoDa: '2003' }],
      },
    });
    await session.inject({
      method: 'PATCH',
      url: `/api/componenti/modifica/${part._id}`,
      payload: { veicoloId: null },
    });
    const history = await session.inject({ method: 'GET', url: `/api/componenti/storico/${part._id}` });
    expect(history.statusCode, history.body).toBe(200);
    const changes = history.json<PartEvent[]>().map((event) => event.modifiche);
    expect(changes[0]).toEqual([{ campo: 'veicoloId', prima: 'HS222TT', dopo: null }]);
    expect(changes[1]).toEqual([
      { campo: 'veicoloId', prima: null, dopo: 'HS222TT' },
      { campo: 'compatibilita', prima: null, dopo: 'Fiat Panda (2003–…)' },
    ]);
  });

  it('keeps the part and its fitment through the bin, unlinked when its vehicle went meanwhile', async () => {
    const vehicle = await createVehicle();
    const compatibilita = [{ marca: 'Opel', modello: 'Corsa Bnmz' }];
    const part = (await createPart({ veicoloId: vehicle._id, compatibilita })).json<Part>();
    expect(
      (await session.inject({ method: 'DELETE', url: `/api/componenti/delete/${part._id}` })).statusCode,
    ).toBe(204);
    expect((await ids('q=bnmz')).ids).toEqual([]);
    // Its only part is in the bin: the vehicle may go.
    expect((await session.inject({ method: 'DELETE', url: `/api/veicoli/${vehicle._id}` })).statusCode).toBe(
      204,
    );
    const restored = await session.inject({ method: 'POST', url: `/api/cestino/${part._id}/ripristina` });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json<Part>()).toMatchObject({ veicolo: null, compatibilita: [{ marca: 'Opel' }] });
    expect((await ids('q=bnmz')).ids).toEqual([part._id]);
  });
});
