import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Vehicle } from '@magazzino/contract';
import { buildTestApp, signIn, type Session, type TestApp } from '../../../test/app.js';
import { ManualClock } from '../../../test/clock.js';
import { DIALECTS } from '../../../test/databases.js';
import { vehicleInput } from '../../../test/factories.js';

const UNKNOWN_ID = '01890000-0000-7000-8000-000000000000';
const NOT_FOUND = { error: 'Veicolo non trovato.', code: 'NOT_FOUND' };
/** A photo of the Magazzino, as the upload names it (the list does not check the file is there). */
const photo = (n: number) => `/media/${String(n).padStart(64, 'a')}.webp`;
const thumb = (n: number) => `/media/${String(n).padStart(64, 'a')}-thumb.webp`;

describe.each(DIALECTS)('vehicles: list, read, update, delete on %s', (dialect) => {
  let t: TestApp;
  let session: Session;
  // The yard's day is 2024-06-10 (a dataIngresso after it is in the future).
  const clock = new ManualClock('2024-06-10T10:00:00.000Z');

  async function create(overrides: Record<string, unknown> = {}): Promise<Vehicle> {
    const res = await session.inject({
      method: 'POST',
      url: '/api/veicoli',
      payload: vehicleInput(overrides),
    });
    expect(res.statusCode, res.body).toBe(201);
    // Each vehicle registered a second after the previous one: ties sort by registration.
    clock.advance(1000);
    return res.json<Vehicle>();
  }
  const list = (query: string) => session.inject({ method: 'GET', url: `/api/veicoli?${query}` });
  const ids = async (query: string) => (await list(query)).json<Vehicle[]>().map((vehicle) => vehicle.targa);
  const patch = (id: string, payload: object, headers: Record<string, string> = {}) =>
    session.inject({ method: 'PATCH', url: `/api/veicoli/${id}`, payload, headers });
  const read = (id: string, headers: Record<string, string> = {}) =>
    session.inject({ method: 'GET', url: `/api/veicoli/${id}`, headers });

  beforeAll(async () => {
    t = await buildTestApp(dialect, {}, { clock });
    session = await signIn(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('POST /api/veicoli', () => {
    it('stores a vehicle as the contract says and answers 201 with ETag and Location', async () => {
      const res = await session.inject({
        method: 'POST',
        url: '/api/veicoli',
        payload: vehicleInput({
          targa: ' ab 001 cd ',
          telaio: '1m8gdm9axkp042788',
          km: '123.456',
          alimentazione: 'Diesel',
          versione: '',
          immagini: [photo(1), `http://localhost:3000${photo(2)}`],
        }),
      });
      expect(res.statusCode, res.body).toBe(201);
      const vehicle = res.json<Vehicle>();
      expect(vehicle).toEqual({
        _id: vehicle._id,
        targa: 'AB001CD',
        telaio: '1M8GDM9AXKP042788',
        marca: 'Fiat',
        modello: 'Punto',
        versione: null,
        annoImmatricolazione: '2004',
        km: 123456,
        codiceMotore: '188A4000',
        alimentazione: 'diesel',
        colore: 'Grigio',
        dataIngresso: '2024-03-15',
        note: 'Urto anteriore, motore funzionante',
        immagini: [photo(1), photo(2)],
        miniature: [thumb(1), thumb(2)],
        componenti: 0,
        version: 1,
        createdAt: '2024-06-10T10:00:00.000Z',
        updatedAt: '2024-06-10T10:00:00.000Z',
      });
      expect(res.headers.etag).toBe('"v1"');
      expect(res.headers.location).toBe(`/api/veicoli/${vehicle._id}`);
      expect((await read(vehicle._id)).json()).toEqual(vehicle);
    });

    it('refuses bad fields with 400 and an Italian message naming each', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [
          { telaio: '1M8GDM9A1KP042788' },
          'telaio',
          'Il telaio non è valido: la cifra di controllo non corrisponde',
        ],
        [
          { telaio: 'WVWZZZ1JZXW00000I' },
          'telaio',
          'Il telaio può contenere solo lettere e cifre, mai le lettere I, O e Q',
        ],
        [
          { annoImmatricolazione: '1850' },
          'annoImmatricolazione',
          "L'anno di immatricolazione deve essere compreso tra 1900 e",
        ],
        [{ dataIngresso: '2024-06-11' }, 'dataIngresso', 'La data di ingresso non può essere nel futuro'],
        [{ dataIngresso: '2999-01-01' }, 'dataIngresso', 'La data di ingresso non può essere nel futuro'],
        [{ km: '12,5' }, 'km', 'I km devono essere un numero intero'],
        [{ km: 3_000_000 }, 'km', 'I km non possono superare 2.000.000'],
        [
          { immagini: Array.from({ length: 13 }, (_, i) => photo(i)) },
          'immagini',
          'Un veicolo può avere al massimo 12 foto',
        ],
        [
          { immagini: ['https://altro.example.com/foto.jpg'] },
          'immagini',
          'Le foto devono essere immagini caricate nel Magazzino',
        ],
        [{ targa: undefined }, 'targa', 'La targa è obbligatoria'],
        [{ alimentazione: 'nafta' }, 'alimentazione', "L'alimentazione deve essere una di"],
      ];
      for (const [overrides, field, message] of cases) {
        const res = await session.inject({
          method: 'POST',
          url: '/api/veicoli',
          payload: vehicleInput(overrides),
        });
        expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
        const body = res.json<{ code: string; fields: Record<string, string> }>();
        expect(body.code).toBe('VALIDATION');
        expect(body.fields[field], JSON.stringify(overrides)).toContain(message);
      }
      expect((await list('limit=100')).json<Vehicle[]>().some((v) => v.dataIngresso === '2024-06-11')).toBe(
        false,
      );
    });

    it("accepts the yard's today as dataIngresso", async () => {
      const vehicle = await create({ dataIngresso: '2024-06-10' });
      expect(vehicle.dataIngresso).toBe('2024-06-10');
    });
  });

  describe('GET /api/veicoli', () => {
    let made: Vehicle[] = [];
    beforeAll(async () => {
      const specs = [
        {
          targa: 'LS001AA',
          telaio: 'WVWZZZ1JZXW000001',
          marca: 'Citroën',
          modello: 'C3 Picasso',
          annoImmatricolazione: '2010',
          dataIngresso: '2024-01-05',
        },
        {
          targa: 'LS002BB',
          telaio: 'ZFA18800000654321',
          marca: 'Fiat',
          modello: 'Panda',
          annoImmatricolazione: '2015',
          dataIngresso: '2024-02-01',
        },
        {
          targa: 'LS003CC',
          telaio: null,
          marca: 'FIAT',
          modello: 'Punto Évo',
          annoImmatricolazione: '2012',
          dataIngresso: '2023-12-20',
        },
        {
          targa: 'LS004DD',
          telaio: 'VF1BB05CF27123456',
          marca: 'Renault',
          modello: 'Clio 100%_',
          annoImmatricolazione: '2008',
          dataIngresso: '2024-02-01',
        },
      ];
      made = [];
      for (const spec of specs) made.push(await create(spec));
    });
    const only = (targhe: string[]) => targhe.filter((targa) => targa.startsWith('LS'));

    it('filters by substrings of targa, telaio, marca and modello, ignoring case, accents and spaces', async () => {
      expect(await ids('targa=ls 003')).toEqual(['LS003CC']);
      expect(await ids('targa=s00')).toEqual(
        expect.arrayContaining(['LS001AA', 'LS002BB', 'LS003CC', 'LS004DD']),
      );
      expect(await ids('telaio=zfa188 00000 654')).toEqual(['LS002BB']);
      expect(await ids('telaio=wvw-zzz')).toEqual(['LS001AA']);
      expect(only(await ids('marca=citroen'))).toEqual(['LS001AA']);
      expect(only(await ids('marca=CITROËN'))).toEqual(['LS001AA']);
      expect(only(await ids('marca=fia&sort=targa'))).toEqual(['LS002BB', 'LS003CC']);
      expect(only(await ids('modello=evo'))).toEqual(['LS003CC']);
      expect(only(await ids('marca=fiat&modello=pan'))).toEqual(['LS002BB']);
      // LIKE's wildcards are taken as themselves.
      expect(only(await ids('modello=100%25_'))).toEqual(['LS004DD']);
      expect(await ids('modello=%25')).toEqual(['LS004DD']);
      expect(await ids('targa=nessuna')).toEqual([]);
    });

    it('sorts by each field both ways, newest entry first by default', async () => {
      expect(only(await ids('targa=ls'))).toEqual(['LS004DD', 'LS002BB', 'LS001AA', 'LS003CC']);
      expect(await ids('targa=ls&sort=targa')).toEqual(['LS001AA', 'LS002BB', 'LS003CC', 'LS004DD']);
      expect(await ids('targa=ls&sort=-targa')).toEqual(['LS004DD', 'LS003CC', 'LS002BB', 'LS001AA']);
      // Folded: 'Citroën' < 'FIAT' = 'Fiat' < 'Renault'; ties by registration.
      expect(await ids('targa=ls&sort=marca')).toEqual(['LS001AA', 'LS002BB', 'LS003CC', 'LS004DD']);
      expect(await ids('targa=ls&sort=-modello')).toEqual(['LS003CC', 'LS002BB', 'LS004DD', 'LS001AA']);
      expect(await ids('targa=ls&sort=annoImmatricolazione')).toEqual([
        'LS004DD',
        'LS001AA',
        'LS003CC',
        'LS002BB',
      ]);
      expect(await ids('targa=ls&sort=dataIngresso')).toEqual(['LS003CC', 'LS001AA', 'LS002BB', 'LS004DD']);
      expect(await ids('targa=ls&sort=-createdAt')).toEqual(['LS004DD', 'LS003CC', 'LS002BB', 'LS001AA']);
      const bad = await list('sort=km');
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ fields: Record<string, string> }>().fields.sort).toMatch(/^sort deve essere uno di/);
    });

    it('pages with limit and offset and tells the total in X-Total-Count', async () => {
      const first = await list('targa=ls&sort=targa&limit=3');
      expect(first.headers['x-total-count']).toBe('4');
      expect(first.json<Vehicle[]>().map((v) => v.targa)).toEqual(['LS001AA', 'LS002BB', 'LS003CC']);
      const second = await list('targa=ls&sort=targa&limit=3&offset=3');
      expect(second.headers['x-total-count']).toBe('4');
      expect(second.json<Vehicle[]>().map((v) => v.targa)).toEqual(['LS004DD']);
      const past = await list('targa=ls&limit=3&offset=10');
      expect(past.json()).toEqual([]);
      expect(past.headers['x-total-count']).toBe('4');
      const exact = await list('targa=ls&limit=2&offset=2');
      expect(exact.headers['x-total-count']).toBe('4');
      expect((await list('limit=0')).statusCode).toBe(400);
      expect((await list('limit=101')).statusCode).toBe(400);
    });

    it('lists each vehicle whole, with photos and parts count', async () => {
      const listed = (await list('targa=ls001')).json<Vehicle[]>();
      expect(listed).toEqual([made[0]]);
    });

    it('shows 20 vehicles when no limit is given', async () => {
      for (let i = 0; i < 17; i += 1) await create({ marca: 'Paginata' });
      const res = await list('');
      expect(res.json<Vehicle[]>()).toHaveLength(20);
      expect(Number(res.headers['x-total-count'])).toBeGreaterThan(20);
    });
  });

  describe('GET /api/veicoli/:id', () => {
    it('answers 304 when If-None-Match names the current version, 404 for unknown ids', async () => {
      const vehicle = await create();
      const same = await read(vehicle._id, { 'if-none-match': '"v1"' });
      expect(same.statusCode).toBe(304);
      expect(same.body).toBe('');
      for (const id of [UNKNOWN_ID, 'non-esiste', encodeURIComponent("' or 1=1 --")]) {
        const res = await read(id);
        expect(res.statusCode, id).toBe(404);
        expect(res.json()).toEqual(NOT_FOUND);
      }
    });
  });

  describe('PATCH /api/veicoli/:id', () => {
    it('changes only the fields sent, empties optional ones, replaces the photos, bumps the version', async () => {
      const vehicle = await create({ immagini: [photo(5), photo(6)] });
      clock.advance(60_000);
      const updatedAt = clock.now().toISOString();
      const res = await patch(vehicle._id, { km: '99.000', colore: '', note: null, immagini: [photo(7)] });
      expect(res.statusCode, res.body).toBe(200);
      const updated = res.json<Vehicle>();
      expect(updated).toEqual({
        ...vehicle,
        km: 99000,
        colore: null,
        note: null,
        immagini: [photo(7)],
        miniature: [thumb(7)],
        version: 2,
        updatedAt,
      });
      expect(res.headers.etag).toBe('"v2"');
      expect((await read(vehicle._id)).json()).toEqual(updated);
      // Without immagini the photos stay; null takes them all away.
      expect((await patch(vehicle._id, { targa: 'zz 999 zz' })).json<Vehicle>()).toMatchObject({
        targa: 'ZZ999ZZ',
        immagini: [photo(7)],
      });
      expect((await patch(vehicle._id, { immagini: null })).json<Vehicle>().immagini).toEqual([]);
    });

    it('refuses an empty patch, an emptied required field and a future dataIngresso', async () => {
      const vehicle = await create();
      const empty = await patch(vehicle._id, {});
      expect(empty.statusCode).toBe(400);
      expect(empty.json<{ error: string }>().error).toMatch(/Nessun campo da modificare/);
      const blank = await patch(vehicle._id, { marca: '' });
      expect(blank.json<{ fields: Record<string, string> }>().fields).toEqual({
        marca: 'La marca è obbligatoria',
      });
      const future = await patch(vehicle._id, { dataIngresso: '2024-06-11' });
      expect(future.statusCode).toBe(400);
      expect(future.json<{ fields: Record<string, string> }>().fields).toEqual({
        dataIngresso: 'La data di ingresso non può essere nel futuro',
      });
      expect((await read(vehicle._id)).json<Vehicle>().version).toBe(1);
    });

    it('accepts the current ETag (or *) in If-Match and refuses a stale one with 412', async () => {
      const vehicle = await create();
      expect((await patch(vehicle._id, { colore: 'Rosso' }, { 'if-match': '"v1"' })).statusCode).toBe(200);
      const stale = await patch(vehicle._id, { colore: 'Blu' }, { 'if-match': '"v1"' });
      expect(stale.statusCode).toBe(412);
      expect(stale.json()).toEqual({
        code: 'PRECONDITION_FAILED',
        error:
          'Il veicolo è stato modificato da qualcun altro nel frattempo. Ricarica la versione più recente.',
      });
      expect((await read(vehicle._id)).json<Vehicle>()).toMatchObject({ colore: 'Rosso', version: 2 });
      expect((await patch(vehicle._id, { colore: 'Verde' }, { 'if-match': 'W/"v2"' })).statusCode).toBe(200);
      expect(
        (await patch(vehicle._id, { colore: 'Nero' }, { 'if-match': '*' })).json<Vehicle>().version,
      ).toBe(4);
    });

    it('lets exactly one of concurrent edits of the same version win', async () => {
      const vehicle = await create();
      const results = await Promise.all(
        ['Uno', 'Due', 'Tre'].map((colore) => patch(vehicle._id, { colore }, { 'if-match': '"v1"' })),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 412, 412]);
    });

    it('answers 404 for an unknown vehicle', async () => {
      const res = await patch(UNKNOWN_ID, { colore: 'Rosso' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    });
  });

  describe('DELETE /api/veicoli/:id', () => {
    it('deletes the vehicle and its photos, then answers 404', async () => {
      const vehicle = await create({ immagini: [photo(9)] });
      const stale = await session.inject({
        method: 'DELETE',
        url: `/api/veicoli/${vehicle._id}`,
        headers: { 'if-match': '"v7"' },
      });
      expect(stale.statusCode).toBe(412);
      const res = await session.inject({ method: 'DELETE', url: `/api/veicoli/${vehicle._id}` });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect((await read(vehicle._id)).statusCode).toBe(404);
      const images = await t.app.db
        .selectFrom('vehicle_images')
        .selectAll()
        .where('vehicle_id', '=', vehicle._id)
        .execute();
      expect(images).toEqual([]);
      const again = await session.inject({ method: 'DELETE', url: `/api/veicoli/${vehicle._id}` });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual(NOT_FOUND);
    });
  });
});
