import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UploadResult, Vehicle, VehicleSummary } from '@magazzino/contract';
import { buildTestApp, signIn, type Session, type TestApp } from '../../../test/app.js';
import { ManualClock } from '../../../test/clock.js';
import { DIALECTS } from '../../../test/databases.js';
import { partInput, vehicleInput } from '../../../test/factories.js';
import { imageOf, uploadForm } from '../../../test/images.js';
import { signInAs } from '../../../test/roles.js';

const HOUR = 60 * 60 * 1000;

describe.each(DIALECTS)('vehicles: unique plates, linked parts, listeners, access on %s', (dialect) => {
  let t: TestApp;
  let session: Session;
  const clock = new ManualClock();

  async function create(overrides: Record<string, unknown> = {}): Promise<Vehicle> {
    const res = await session.inject({
      method: 'POST',
      url: '/api/veicoli',
      payload: vehicleInput(overrides),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Vehicle>();
  }
  const post = (overrides: Record<string, unknown>) =>
    session.inject({ method: 'POST', url: '/api/veicoli', payload: vehicleInput(overrides) });

  beforeAll(async () => {
    t = await buildTestApp(dialect, {}, { clock });
    session = await signIn(t.app);
  });
  beforeEach(() => clock.set());
  afterAll(async () => {
    await t.close();
  });

  describe('unique targa and telaio', () => {
    it('refuses a targa or telaio another vehicle has with 409, naming the field', async () => {
      const first = await create({ targa: 'DU111PL', telaio: 'ZFA18800000999001' });
      const sameTarga = await post({ targa: 'du 111 pl' });
      expect(sameTarga.statusCode).toBe(409);
      expect(sameTarga.json()).toEqual({
        code: 'TARGA_IN_USE',
        error: 'Esiste già un veicolo con targa DU111PL.',
        fields: { targa: 'Esiste già un veicolo con targa DU111PL' },
      });
      const sameTelaio = await post({ telaio: 'zfa 18800000999001' });
      expect(sameTelaio.statusCode).toBe(409);
      expect(sameTelaio.json()).toEqual({
        code: 'TELAIO_IN_USE',
        error: 'Esiste già un veicolo con telaio ZFA18800000999001.',
        fields: { telaio: 'Esiste già un veicolo con telaio ZFA18800000999001' },
      });

      // The same on a change of another vehicle; its own values are no conflict.
      const other = await create();
      const patch = (payload: object) =>
        session.inject({ method: 'PATCH', url: `/api/veicoli/${other._id}`, payload });
      expect((await patch({ targa: 'DU111PL' })).json()).toMatchObject({ code: 'TARGA_IN_USE' });
      expect((await patch({ telaio: 'ZFA18800000999001' })).json()).toMatchObject({ code: 'TELAIO_IN_USE' });
      expect((await patch({ targa: other.targa, colore: 'Blu' })).statusCode).toBe(200);
      const own = await session.inject({
        method: 'PATCH',
        url: `/api/veicoli/${first._id}`,
        payload: { targa: 'DU111PL', telaio: 'ZFA18800000999001' },
      });
      expect(own.statusCode).toBe(200);
    });

    it('lets many vehicles have no telaio', async () => {
      await create({ telaio: null });
      await create({ telaio: '' });
    });

    it('answers one 201 and one 409 to two creates of the same vehicle at once, never a 500', async () => {
      for (const [round, field] of [
        [1, 'targa'],
        [2, 'telaio'],
      ] as const) {
        const same = field === 'targa' ? { targa: `CC${round}00AA` } : { telaio: `ZFA1880000088800${round}` };
        const results = await Promise.all([post(same), post(same), post(same)]);
        const codes = results.map((res) => res.statusCode).sort();
        expect(codes, results.map((res) => res.body).join('\n')).toEqual([201, 409, 409]);
        for (const res of results.filter((r) => r.statusCode === 409)) {
          expect(res.json()).toMatchObject({ code: field === 'targa' ? 'TARGA_IN_USE' : 'TELAIO_IN_USE' });
        }
      }
    });
  });

  describe('linked parts', () => {
    it('counts the parts the registered counter reports, and refuses to delete while there are any', async () => {
      const linked = await create();
      const free = await create();
      const counts = new Map([[linked._id, 3]]);
      const asked: string[][] = [];
      const parts = t.app.vehicles.setLinkedPartsCounter((ids) => {
        asked.push([...ids]);
        return Promise.resolve(new Map([...counts].filter(([id]) => ids.includes(id))));
      });
      try {
        const read = await session.inject({ method: 'GET', url: `/api/veicoli/${linked._id}` });
        expect(read.json<Vehicle>().componenti).toBe(3);
        const listed = await session.inject({ method: 'GET', url: `/api/veicoli?targa=${linked.targa}` });
        expect(listed.json<Vehicle[]>()[0]?.componenti).toBe(3);

        const refused = await session.inject({ method: 'DELETE', url: `/api/veicoli/${linked._id}` });
        expect(refused.statusCode).toBe(409);
        expect(refused.json()).toEqual({
          code: 'VEHICLE_HAS_PARTS',
          error:
            'Il veicolo ha 3 componenti collegati: scollegali o eliminali prima di eliminare il veicolo.',
        });
        counts.set(linked._id, 1);
        const one = await session.inject({ method: 'DELETE', url: `/api/veicoli/${linked._id}` });
        expect(one.json<{ error: string }>().error).toBe(
          'Il veicolo ha 1 componente collegato: scollegalo o eliminalo prima di eliminare il veicolo.',
        );
        expect((await session.inject({ method: 'GET', url: `/api/veicoli/${linked._id}` })).statusCode).toBe(
          200,
        );
        expect((await session.inject({ method: 'DELETE', url: `/api/veicoli/${free._id}` })).statusCode).toBe(
          204,
        );
        counts.delete(linked._id);
        expect(
          (await session.inject({ method: 'DELETE', url: `/api/veicoli/${linked._id}` })).statusCode,
        ).toBe(204);
        expect(asked).toContainEqual([linked._id]);
      } finally {
        t.app.vehicles.setLinkedPartsCounter(parts);
      }
    });
  });

  describe('parts linked through the parts module', () => {
    it('counts a real linked part and refuses the delete until it is unlinked', async () => {
      const vehicle = await create();
      const part = await session.inject({
        method: 'POST',
        url: '/api/componenti/crea-componente',
        payload: partInput({ veicoloId: vehicle._id }),
      });
      expect(part.statusCode, part.body).toBe(201);
      const read = await session.inject({ method: 'GET', url: `/api/veicoli/${vehicle._id}` });
      expect(read.json<Vehicle>().componenti).toBe(1);
      const refused = await session.inject({ method: 'DELETE', url: `/api/veicoli/${vehicle._id}` });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'VEHICLE_HAS_PARTS' });
      // A part linked between the count and the delete: the foreign key refuses it, still a 409.
      const parts = t.app.vehicles.setLinkedPartsCounter(() => Promise.resolve(new Map<string, number>()));
      try {
        const raced = await session.inject({ method: 'DELETE', url: `/api/veicoli/${vehicle._id}` });
        expect(raced.statusCode, raced.body).toBe(409);
        expect(raced.json()).toMatchObject({ code: 'VEHICLE_HAS_PARTS' });
      } finally {
        t.app.vehicles.setLinkedPartsCounter(parts);
      }
      const unlink = await session.inject({
        method: 'PATCH',
        url: `/api/componenti/modifica/${part.json<{ _id: string }>()._id}`,
        payload: { veicoloId: null },
      });
      expect(unlink.statusCode, unlink.body).toBe(200);
      expect(
        (await session.inject({ method: 'DELETE', url: `/api/veicoli/${vehicle._id}` })).statusCode,
      ).toBe(204);
    });
  });

  describe('change listeners', () => {
    it('runs every listener inside the update transaction; one that throws rolls the update back', async () => {
      const vehicle = await create({ targa: 'LI001ST' });
      const seen: { summary: VehicleSummary; inside: string | undefined }[] = [];
      let fail = false;
      t.app.vehicles.onChange(async (trx, summary) => {
        // The row is written already: the transaction sees the new values.
        const row = await trx
          .selectFrom('vehicles')
          .select('targa')
          .where('id', '=', summary._id)
          .executeTakeFirst();
        seen.push({ summary, inside: row?.targa });
        if (fail) throw new Error('listener failed');
      });

      const ok = await session.inject({
        method: 'PATCH',
        url: `/api/veicoli/${vehicle._id}`,
        payload: { targa: 'LI002ST', versione: '1.4 16V' },
      });
      expect(ok.statusCode).toBe(200);
      expect(seen).toEqual([
        {
          summary: {
            _id: vehicle._id,
            targa: 'LI002ST',
            telaio: vehicle.telaio,
            marca: 'Fiat',
            modello: 'Punto',
            versione: '1.4 16V',
            annoImmatricolazione: '2004',
          },
          inside: 'LI002ST',
        },
      ]);

      fail = true;
      const failed = await session.inject({
        method: 'PATCH',
        url: `/api/veicoli/${vehicle._id}`,
        payload: { targa: 'LI003ST', immagini: [`/media/${'b'.repeat(64)}.webp`] },
      });
      fail = false;
      expect(failed.statusCode).toBe(500);
      expect(failed.json()).toEqual({
        code: 'INTERNAL',
        error: 'Errore interno del server. Riprova più tardi.',
      });
      const after = (
        await session.inject({ method: 'GET', url: `/api/veicoli/${vehicle._id}` })
      ).json<Vehicle>();
      expect(after).toMatchObject({ targa: 'LI002ST', version: 2, immagini: [] });
      expect(seen).toHaveLength(2);
    });
  });

  describe('summaries for other modules', () => {
    it('finds one summary or several by id, ignoring unknown ids', async () => {
      const a = await create({ versione: null });
      const b = await create();
      expect(await t.app.vehicles.findSummary(a._id)).toEqual({
        _id: a._id,
        targa: a.targa,
        telaio: a.telaio,
        marca: a.marca,
        modello: a.modello,
        versione: null,
        annoImmatricolazione: a.annoImmatricolazione,
      });
      expect(await t.app.vehicles.findSummary('nessuno')).toBeUndefined();
      const found = await t.app.vehicles.findSummaries([a._id, b._id, a._id, 'nessuno']);
      expect([...found.keys()].sort()).toEqual([a._id, b._id].sort());
      expect(found.get(b._id)?.targa).toBe(b.targa);
    });
  });

  describe('access', () => {
    it('answers 401 without a session and 403 to sola lettura when writing', async () => {
      const vehicle = await create();
      for (const [method, url] of [
        ['GET', '/api/veicoli'],
        ['GET', `/api/veicoli/${vehicle._id}`],
        ['POST', '/api/veicoli'],
        ['PATCH', `/api/veicoli/${vehicle._id}`],
        ['DELETE', `/api/veicoli/${vehicle._id}`],
      ] as const) {
        const res = await t.app.inject({ method, url, ...(method === 'GET' ? {} : { payload: {} }) });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
      }
      const reader = await signInAs(t.app, session, 'sola_lettura');
      expect((await reader.inject({ method: 'GET', url: `/api/veicoli/${vehicle._id}` })).statusCode).toBe(
        200,
      );
      expect((await reader.inject({ method: 'GET', url: '/api/veicoli' })).statusCode).toBe(200);
      const attempts = await Promise.all([
        reader.inject({ method: 'POST', url: '/api/veicoli', payload: vehicleInput() }),
        reader.inject({ method: 'PATCH', url: `/api/veicoli/${vehicle._id}`, payload: { colore: 'Rosso' } }),
        reader.inject({ method: 'DELETE', url: `/api/veicoli/${vehicle._id}` }),
      ]);
      expect(attempts.map((res) => res.statusCode)).toEqual([403, 403, 403]);
      expect(attempts[0]?.json()).toMatchObject({ code: 'FORBIDDEN' });
      expect((await session.inject({ method: 'GET', url: `/api/veicoli/${vehicle._id}` })).json()).toEqual(
        vehicle,
      );
    });
  });

  describe('photos and the media cleanup', () => {
    it('keeps the photos (and their thumbnails) of a vehicle, removes them a day after the vehicle goes', async () => {
      const upload = async (width: number): Promise<UploadResult> => {
        const data = await imageOf('png', { width, height: 30, noise: 0 });
        const res = await session.inject({
          method: 'POST',
          url: '/api/componenti/upload',
          payload: uploadForm(data),
        });
        expect(res.statusCode).toBe(201);
        return res.json<UploadResult>();
      };
      const cover = await upload(41);
      const side = await upload(42);
      const vehicle = await create({ immagini: [cover.secure_url, side.secure_url] });
      expect(vehicle.miniature).toEqual([cover.thumbnail_url, side.thumbnail_url]);
      const served = async (image: UploadResult) =>
        [
          (await t.app.inject({ method: 'GET', url: image.secure_url })).statusCode,
          (await t.app.inject({ method: 'GET', url: image.thumbnail_url })).statusCode,
        ].join();

      clock.advance(25 * HOUR);
      await t.app.media.cleanup();
      expect(await served(cover)).toBe('200,200');
      expect(await served(side)).toBe('200,200');

      // Dropped from the vehicle: gone a day after its upload.
      await session.inject({
        method: 'PATCH',
        url: `/api/veicoli/${vehicle._id}`,
        payload: { immagini: [cover.secure_url] },
      });
      expect((await t.app.media.cleanup()).removedImages).toBeGreaterThanOrEqual(1);
      expect(await served(cover)).toBe('200,200');
      expect(await served(side)).toBe('404,404');

      await session.inject({ method: 'DELETE', url: `/api/veicoli/${vehicle._id}` });
      await t.app.media.cleanup();
      expect(await served(cover)).toBe('404,404');
    });
  });
});
