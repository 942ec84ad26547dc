import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOCATIONS_MAX,
  parsePartCode,
  partCode,
  partEtag,
  type LocationList,
  type Part,
} from '@magazzino/contract';
import { buildTestApp, signIn, type Session, type TestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/databases.js';
import { partInput, seedParts } from '../../../test/factories.js';

describe.each(DIALECTS)('part codes, the ids filter and the bins on %s', (dialect) => {
  let t: TestApp;
  let session: Session;

  async function create(overrides: Record<string, unknown> = {}): Promise<Part> {
    const res = await session.inject({
      method: 'POST',
      url: '/api/componenti/crea-componente',
      payload: partInput(overrides),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Part>();
  }
  const get = (url: string) => session.inject({ method: 'GET', url });
  const seqOf = (part: Part) => {
    const seq = parsePartCode(part.codiceRicambio);
    if (seq === null) throw new Error(`not a part code: ${part.codiceRicambio}`);
    return seq;
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    session = await signIn(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('codiceRicambio', () => {
    it('gives every part its own code, in the order of registration, under 20 creates at once', async () => {
      const parts = await Promise.all(
        Array.from({ length: 20 }, (_, n) => create({ nome: `Concorrente ${n}` })),
      );
      const codes = parts.map((part) => part.codiceRicambio);
      expect(new Set(codes).size).toBe(20);
      for (const code of codes) expect(code).toMatch(/^R-\d{6}$/);
      // Newest first: the list's order is the codes' order, highest first.
      const listed = (await get('/api/componenti?nome=concorrente&limit=20')).json<Part[]>();
      const listedCodes = listed.map((part) => part.codiceRicambio);
      expect(listedCodes).toEqual([...codes].sort().reverse());
    });

    it('never gives a deleted part’s code to a new part', async () => {
      const gone = await create({ nome: 'Da eliminare' });
      expect(
        (await session.inject({ method: 'DELETE', url: `/api/componenti/delete/${gone._id}` })).statusCode,
      ).toBe(204);
      const purged = await session.inject({ method: 'DELETE', url: `/api/cestino/${gone._id}` });
      expect(purged.statusCode).toBe(204);
      const next = await create({ nome: 'Dopo' });
      expect(seqOf(next)).toBeGreaterThan(seqOf(gone));
    });
  });

  describe('GET /api/componenti/codice/:codice', () => {
    it('answers the part for its code however it is typed, with its ETag', async () => {
      const part = await create({ nome: 'Alternatore' });
      const seq = seqOf(part);
      for (const code of [part.codiceRicambio, `r${seq}`, `R ${String(seq).padStart(6, '0')}`, `R-${seq}`]) {
        const res = await get(`/api/componenti/codice/${encodeURIComponent(code)}`);
        expect(res.statusCode, code).toBe(200);
        expect(res.json<Part>()).toEqual(part);
        expect(res.headers.etag).toBe(partEtag(part));
      }
    });

    it('answers 404 naming the code when no part has it, and 400 when the text is no part code', async () => {
      const missing = await get('/api/componenti/codice/R-999999');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({
        error: 'Nessun componente con il codice R-999999',
        code: 'NOT_FOUND',
      });
      const lower = await get('/api/componenti/codice/r9999990');
      expect(lower.json()).toMatchObject({ error: 'Nessun componente con il codice R-9999990' });
      for (const garbage of ['faro', 'R-', '4213', 'R-12a']) {
        const res = await get(`/api/componenti/codice/${garbage}`);
        expect(res.statusCode, garbage).toBe(400);
        expect(res.json()).toMatchObject({
          code: 'VALIDATION',
          fields: { codice: 'Il codice deve essere un codice ricambio come R-004213' },
        });
      }
      const unauthenticated = await t.app.inject({ method: 'GET', url: '/api/componenti/codice/R-000001' });
      expect(unauthenticated.statusCode).toBe(401);
    });
  });

  describe('q with a part code', () => {
    it('finds exactly that part first, however it is typed, with a sort and without', async () => {
      const wanted = await create({ nome: 'Pompa acqua' });
      // A part whose own codice spells the same code, found by its text after the wanted one.
      const lookalike = await create({ nome: 'Altra pompa', codice: wanted.codiceRicambio });
      const seq = seqOf(wanted);
      for (const q of [wanted.codiceRicambio, `r${seq}`]) {
        const res = await get(`/api/componenti?q=${encodeURIComponent(q)}&limit=5`);
        expect(res.statusCode).toBe(200);
        const ids = res.json<Part[]>().map((part) => part._id);
        expect(ids[0], q).toBe(wanted._id);
        expect(ids).not.toContain(undefined);
        expect(new Set(ids).size).toBe(ids.length);
        expect(res.headers['x-total-count']).toBe(String(ids.length));
      }
      const found = (await get(`/api/componenti?q=${wanted.codiceRicambio}&limit=5`)).json<Part[]>();
      expect(found.map((part) => part._id)).toEqual([wanted._id, lookalike._id]);
      const sorted = await get(`/api/componenti?q=${wanted.codiceRicambio}&sort=nome&limit=5`);
      expect(sorted.json<Part[]>().map((part) => part._id)).toEqual([wanted._id, lookalike._id]);
      expect(sorted.headers['x-total-count']).toBe('2');
      // The second page, and the unpaged list, agree with the first.
      const second = await get(`/api/componenti?q=${wanted.codiceRicambio}&limit=1&offset=1`);
      expect(second.json<Part[]>().map((part) => part._id)).toEqual([lookalike._id]);
      const streamed = await get(`/api/componenti?q=${wanted.codiceRicambio}`);
      expect(streamed.json<Part[]>().map((part) => part._id)).toEqual([wanted._id, lookalike._id]);
      // The other filters still apply to it.
      const other = await get(`/api/componenti?q=${wanted.codiceRicambio}&categoria=Nessuna&limit=5`);
      expect(other.json<Part[]>()).toEqual([]);
      // A code no part has finds nothing by it.
      expect((await get('/api/componenti?q=R-9999999&limit=5')).json<Part[]>()).toEqual([]);
    });

    /**
     * `mentions` parts naming `codice` in their description, the part whose code it is among them
     * (after the first `older`): the ids a search of it must list, that part first, then the newest.
     */
    async function codedAmongMentions(nome: string, codice: string, older: number, mentions: number) {
      const mention = (i: number) =>
        create({ nome: `${nome} ${i}`, descrizione: `Compatibile con ${codice}` });
      const before = [];
      for (let i = 0; i < older; i += 1) before.push(await mention(i));
      const coded = await create({ nome: `${nome} originale`, codice });
      const after = [];
      for (let i = older; i < mentions; i += 1) after.push(await mention(i));
      return [coded, ...after.reverse(), ...before.reverse()].map((part) => part._id);
    }

    /** Every page of `q` at each of `limits`: the parts of `expected` there, and all of them counted. */
    async function expectEveryPage(q: string, limits: readonly number[], expected: readonly string[]) {
      for (const limit of limits) {
        for (let offset = 0; offset < expected.length; offset += limit) {
          const res = await get(`/api/componenti?q=${q}&limit=${limit}&offset=${offset}`);
          const label = `q ${q}, limit ${limit}, offset ${offset}`;
          expect(
            res.json<Part[]>().map((part) => part._id),
            label,
          ).toEqual(expected.slice(offset, offset + limit));
          expect(res.headers['x-total-count'], label).toBe(String(expected.length));
        }
      }
    }

    it('leads with the part whose OEM code is the search, then the newest others, on every page', async () => {
      const expected = await codedAmongMentions('Faro Qz', '7M3-941-015-N', 6, 12);
      await expectEveryPage('7m3%20941%20015%20n', [1, 2, 5, 13], expected);
    });

    it('leads with the part whose OEM code is a one-word search, read with the count on postgres, on every page', async () => {
      // A code of one word is a word of the list: the search reads the word index, and on
      // PostgreSQL the parts of that exact code are read by the statement that counts it.
      const expected = await codedAmongMentions('Centralina Zw', '9XK47QB', 5, 9);
      for (const q of ['9XK47QB', '9xk47qb']) await expectEveryPage(q, [1, 4, 20], expected);
      // A word in the code of none: no part leads, the newest first.
      const plain = await get('/api/componenti?q=compatibile%20centralina&limit=3');
      expect(plain.json<Part[]>().map((part) => part._id)).toEqual(expected.slice(1, 4));
    });
  });

  describe('the ids filter', () => {
    it('lists exactly the parts named, whatever their status unless stato says', async () => {
      const [a, b, c] = [await create(), await create(), await create()];
      if (!a || !b || !c) throw new Error('parts missing');
      const sold = await session.inject({
        method: 'POST',
        url: `/api/componenti/stato/${b._id}`,
        payload: { stato: 'venduto', prezzo: '10' },
      });
      expect(sold.statusCode).toBe(200);
      const ids = `${a._id},${b._id},unknown-id`;
      const res = await get(`/api/componenti?ids=${ids}&limit=100`);
      expect(res.statusCode).toBe(200);
      expect(res.json<Part[]>().map((part) => part._id)).toEqual([b._id, a._id]);
      expect(res.headers['x-total-count']).toBe('2');
      const inStock = await get(`/api/componenti?ids=${ids}&stato=disponibile&limit=100`);
      expect(inStock.json<Part[]>().map((part) => part._id)).toEqual([a._id]);
      const streamed = await get(`/api/componenti?ids=${c._id}`);
      expect(streamed.json<Part[]>().map((part) => part._id)).toEqual([c._id]);
    });

    it('refuses more than 100 ids, naming the filter', async () => {
      const ids = Array.from({ length: 101 }, (_, n) => `id-${n}`).join(',');
      const res = await get(`/api/componenti?ids=${ids}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION',
        fields: { ids: 'Il filtro ids può indicare al massimo 100 componenti' },
      });
    });
  });

  describe('GET /api/ubicazioni', () => {
    const bins = async (query: string) => {
      const res = await get(`/api/ubicazioni?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<LocationList>();
    };

    it('lists the bins under a scaffale, campata or ripiano with their codes and counts, in order', async () => {
      const at = (campata: string, ripiano: string, cassetta: string, extra: Record<string, unknown> = {}) =>
        create({ scaffale: 'u', campata, ripiano, cassetta, ...extra });
      await at('04', '3', '12');
      await at('04', '3', '12');
      await at('04', '3', '2');
      await at('04', '1', '9');
      await at('05', '1', '1');
      // Another scaffale whose name starts the same is not under 'U'.
      await create({ scaffale: 'UX', campata: '04', ripiano: '3', cassetta: '12' });
      // Deleted and sold parts are not counted.
      const gone = await at('06', '1', '1');
      await session.inject({ method: 'DELETE', url: `/api/componenti/delete/${gone._id}` });
      const sold = await at('04', '1', '9');
      await session.inject({
        method: 'POST',
        url: `/api/componenti/stato/${sold._id}`,
        payload: { stato: 'venduto', prezzo: '5' },
      });

      expect(await bins('scaffale=U')).toEqual({
        ubicazioni: [
          { scaffale: 'u', campata: '04', ripiano: '1', cassetta: '9', codice: 'U-04-1-9', componenti: 1 },
          { scaffale: 'u', campata: '04', ripiano: '3', cassetta: '12', codice: 'U-04-3-12', componenti: 2 },
          { scaffale: 'u', campata: '04', ripiano: '3', cassetta: '2', codice: 'U-04-3-2', componenti: 1 },
          { scaffale: 'u', campata: '05', ripiano: '1', cassetta: '1', codice: 'U-05-1-1', componenti: 1 },
        ],
        troncato: false,
      });
      expect((await bins('scaffale=u&campata=04&ripiano=3')).ubicazioni.map((bin) => bin.codice)).toEqual([
        'U-04-3-12',
        'U-04-3-2',
      ]);
      expect(
        (await bins('scaffale=U&campata=04&stato=tutti')).ubicazioni.map((bin) => bin.componenti),
      ).toEqual([2, 2, 1]);
      expect(await bins('scaffale=nessuno')).toEqual({ ubicazioni: [], troncato: false });
    });

    it('refuses a lookup without scaffale or with a gap, naming the field', async () => {
      const missing = await get('/api/ubicazioni');
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ fields: { scaffale: 'Lo scaffale è obbligatorio' } });
      const gap = await get('/api/ubicazioni?scaffale=U&ripiano=3');
      expect(gap.statusCode).toBe(400);
      expect(gap.json()).toMatchObject({ fields: { campata: 'Indica prima la campata' } });
      expect((await t.app.inject({ method: 'GET', url: '/api/ubicazioni?scaffale=U' })).statusCode).toBe(401);
    });

    it(`says troncato past ${LOCATIONS_MAX} bins`, async () => {
      await seedParts(t.app.db, LOCATIONS_MAX + 1, (index) => ({
        scaffale: 'T',
        campata: '1',
        ripiano: '1',
        cassetta: String(index).padStart(4, '0'),
      }));
      const list = await bins('scaffale=T');
      expect(list.troncato).toBe(true);
      expect(list.ubicazioni).toHaveLength(LOCATIONS_MAX);
      expect(list.ubicazioni[0]?.codice).toBe('T-1-1-0000');
      expect(list.ubicazioni.at(-1)?.codice).toBe(`T-1-1-${String(LOCATIONS_MAX - 1).padStart(4, '0')}`);
    });
  });

  it('writes a code as the contract does', () => {
    expect(partCode(4213)).toBe('R-004213');
  });
});
