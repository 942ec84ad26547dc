import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PART_STATUSES,
  STATUS_TRANSITIONS,
  type BinEntry,
  type CategoryCount,
  type Part,
  type PartEvent,
  type PartStatus,
} from '@magazzino/contract';
import { buildTestApp, signIn, type Session, type TestApp } from '../../../test/app.js';
import { ManualClock } from '../../../test/clock.js';
import { DIALECTS } from '../../../test/databases.js';
import { partInput } from '../../../test/factories.js';

const DAY = 24 * 60 * 60 * 1000;

/** What each status needs to be reached (a reservation ends after the clock's day). */
const BODIES: Record<PartStatus, Record<string, unknown>> = {
  disponibile: { stato: 'disponibile' },
  riservato: { stato: 'riservato', cliente: 'Officina Rossi', telefono: '333 1234567', fino: '2026-12-31' },
  venduto: { stato: 'venduto', prezzo: '40,50' },
  reso: { stato: 'reso' },
  scartato: { stato: 'scartato' },
};

/** A way from disponibile to each status, through allowed moves. */
const PATH_TO: Record<PartStatus, PartStatus[]> = {
  disponibile: [],
  riservato: ['riservato'],
  venduto: ['venduto'],
  reso: ['venduto', 'reso'],
  scartato: ['scartato'],
};

describe.each(DIALECTS)("a part's life on %s", (dialect) => {
  let t: TestApp;
  let admin: Session;
  let clerk: Session;
  const clock = new ManualClock('2026-11-24T09:00:00.000Z');

  const create = async (overrides: Record<string, unknown> = {}, session = clerk): Promise<Part> => {
    const res = await session.inject({
      method: 'POST',
      url: '/api/componenti/crea-componente',
      payload: partInput(overrides),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Part>();
  };
  const move = (id: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    clerk.inject({ method: 'POST', url: `/api/componenti/stato/${id}`, payload: body, headers });
  const get = async <T>(url: string, session = clerk): Promise<{ body: T; total: string | undefined }> => {
    const res = await session.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return { body: res.json<T>(), total: res.headers['x-total-count'] as string | undefined };
  };
  const ids = async (url: string) => (await get<Part[]>(url)).body.map((part) => part._id);
  const historyOf = async (id: string) => (await get<PartEvent[]>(`/api/componenti/storico/${id}`)).body;

  beforeAll(async () => {
    t = await buildTestApp(dialect, {}, { clock });
    admin = await signIn(t.app); // the first account: amministratore
    clerk = await signIn(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('status', () => {
    it('starts disponibile, with its asking price stored exactly', async () => {
      const part = await create({ prezzo: '19,99' });
      expect(part).toMatchObject({ stato: 'disponibile', prezzo: 19.99, riserva: null, vendita: null });
      const row = await t.app.db
        .selectFrom('parts')
        .select('prezzo_centesimi')
        .where('id', '=', part._id)
        .executeTakeFirstOrThrow();
      expect(Number(row.prezzo_centesimi)).toBe(1999);
    });

    it.each(PART_STATUSES)(
      'from %s allows exactly the moves of the table, refusing the others with 409',
      async (from) => {
        for (const to of PART_STATUSES) {
          const part = await create();
          for (const step of PATH_TO[from]) expect((await move(part._id, BODIES[step])).statusCode).toBe(200);
          const res = await move(part._id, BODIES[to]);
          const allowed = (STATUS_TRANSITIONS[from] as readonly PartStatus[]).includes(to);
          if (allowed) {
            expect(res.statusCode, `${from} → ${to}`).toBe(200);
            expect(res.json<Part>().stato).toBe(to);
            expect(res.headers.etag).toBe(`"v${PATH_TO[from].length + 2}"`);
          } else {
            expect(res.statusCode, `${from} → ${to}`).toBe(409);
            expect(res.json()).toMatchObject({ code: 'INVALID_TRANSITION' });
            expect(res.json<{ error: string }>().error).toMatch(/^Un componente \w+ non può diventare \w+\./);
            // Nothing changed.
            expect((await get<Part>(`/api/componenti/${part._id}`)).body.stato).toBe(from);
          }
        }
      },
    );

    it('records a reservation and a sale, and clears them on the next move', async () => {
      const part = await create();
      const reserved = (
        await move(part._id, { ...BODIES.riservato, cliente: 'Carrozzeria Bàrtoli' })
      ).json<Part>();
      expect(reserved.riserva).toEqual({
        cliente: 'Carrozzeria Bàrtoli',
        telefono: '333 1234567',
        fino: '2026-12-31',
      });
      // The customer is searched with the part's text while it is reserved for them.
      expect(await ids('/api/componenti?q=bartoli')).toEqual([part._id]);
      const edited = await clerk.inject({
        method: 'PATCH',
        url: `/api/componenti/modifica/${part._id}`,
        payload: { descrizione: 'Ritira venerdì' },
      });
      expect(edited.statusCode).toBe(200);
      expect(await ids('/api/componenti?q=bartoli%20venerdi')).toEqual([part._id]);
      const sold = (
        await move(part._id, { stato: 'venduto', prezzo: '1.234,50', data: '2026-11-20' })
      ).json<Part>();
      expect(sold).toMatchObject({
        stato: 'venduto',
        riserva: null,
        vendita: { prezzo: 1234.5, data: '2026-11-20' },
      });
      expect(await ids('/api/componenti?q=bartoli&stato=tutti')).toEqual([]);
      const today = (await move((await create())._id, { stato: 'venduto', prezzo: 10 })).json<Part>();
      expect(today.vendita).toEqual({ prezzo: 10, data: '2026-11-24' });
      const back = (await move(part._id, { stato: 'reso' })).json<Part>();
      expect(back).toMatchObject({ stato: 'reso', vendita: null });
    });

    it('refuses a bad move with an Italian message naming the field, changing nothing', async () => {
      const part = await create();
      const cases: [Record<string, unknown>, string, RegExp][] = [
        [{ stato: 'riservato', fino: '2026-12-01' }, 'cliente', /cliente è obbligatorio/],
        [{ stato: 'riservato', cliente: 'Rossi', fino: '2026-11-23' }, 'fino', /giorno già passato/],
        [{ stato: 'riservato', cliente: 'Rossi', fino: '2026-02-30' }, 'fino', /data valida/],
        [{ stato: 'venduto', prezzo: '12,345' }, 'prezzo', /al massimo 2 decimali/],
        [{ stato: 'venduto', prezzo: '-1' }, 'prezzo', /non può essere negativo/],
        [{ stato: 'venduto', prezzo: 5, data: '2026-11-25' }, 'data', /nel futuro/],
        [{ stato: 'perso' }, 'stato', /Lo stato deve essere uno di/],
      ];
      for (const [body, field, message] of cases) {
        const res = await move(part._id, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json<{ fields: Record<string, string> }>().fields[field]).toMatch(message);
      }
      expect((await get<Part>(`/api/componenti/${part._id}`)).body).toMatchObject({
        stato: 'disponibile',
        version: 1,
      });
      expect((await move('01890000-0000-7000-8000-000000000000', BODIES.scartato)).statusCode).toBe(404);
      expect((await move(part._id, BODIES.scartato, { 'if-match': '"v9"' })).statusCode).toBe(412);
    });

    it('puts a reservation back to disponibile the day after its last one, as done by the system', async () => {
      const start = clock.now();
      const part = await create();
      await move(part._id, { ...BODIES.riservato, fino: '2026-11-24' });
      // The last day itself (late evening in Rome) keeps it reserved.
      clock.set(new Date('2026-11-24T22:30:00.000Z'));
      expect(await t.app.partLifecycle.expireReservations()).toBe(0);
      clock.set(new Date('2026-11-24T23:30:00.000Z')); // 00:30 of the 25th in Rome
      expect(await t.app.partLifecycle.expireReservations()).toBe(1);
      expect((await get<Part>(`/api/componenti/${part._id}`)).body).toMatchObject({
        stato: 'disponibile',
        riserva: null,
      });
      const [latest] = await historyOf(part._id);
      expect(latest).toMatchObject({
        tipo: 'stato',
        utente: null,
        modifiche: [
          { campo: 'stato', prima: 'riservato', dopo: 'disponibile' },
          { campo: 'cliente', prima: 'Officina Rossi', dopo: null },
          { campo: 'telefono', prima: '333 1234567', dopo: null },
          { campo: 'fino', prima: '2026-11-24', dopo: null },
        ],
      });
      clock.set(start);
    });
  });

  describe('lists by status and price', () => {
    let tag: string;
    let parts: Record<PartStatus, Part>;
    beforeAll(async () => {
      tag = `zst${dialect}`;
      const made = await Promise.all(
        PART_STATUSES.map(async (status, index) => {
          const part = await create({
            nome: `Faro ${tag} ${status}`,
            categoria: `Cat ${tag}`,
            prezzo: index === 0 ? null : 10 * index,
            scaffale: tag,
          });
          for (const step of PATH_TO[status]) await move(part._id, BODIES[step]);
          return [status, part] as const;
        }),
      );
      parts = Object.fromEntries(made) as Record<PartStatus, Part>;
    });
    const of = (...statuses: PartStatus[]) => statuses.map((status) => parts[status]._id).sort();

    it('shows the parts in stock unless asked otherwise, and any statuses when asked', async () => {
      expect((await ids(`/api/componenti?nome=${tag}`)).sort()).toEqual(
        of('disponibile', 'riservato', 'reso'),
      );
      expect((await ids(`/api/componenti?nome=${tag}&stato=tutti`)).sort()).toEqual(of(...PART_STATUSES));
      expect((await ids(`/api/componenti?nome=${tag}&stato=venduto,scartato`)).sort()).toEqual(
        of('venduto', 'scartato'),
      );
      // The free text too, its page and its count read from the search index.
      const searched = await get<Part[]>(`/api/componenti?q=faro%20${tag}&limit=2`);
      expect(searched.total).toBe('3');
      expect(searched.body).toHaveLength(2);
      for (const part of searched.body) expect(of('disponibile', 'riservato', 'reso')).toContain(part._id);
      expect((await ids(`/api/componenti?q=${tag}&stato=scartato`)).sort()).toEqual(of('scartato'));
      const page = await get<Part[]>(`/api/componenti?categoria=Cat%20${tag}&stato=venduto&limit=5`);
      expect(page.total).toBe('1');
      const bad = await clerk.inject({ method: 'GET', url: '/api/componenti?stato=perso' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ fields: Record<string, string> }>().fields.stato).toMatch(/Il filtro stato accetta/);
    });

    it('counts the categories and looks up locations by status', async () => {
      const count = async (query: string) =>
        (await get<CategoryCount[]>(`/api/componenti/categorie${query}`)).body.find(
          (category) => category.categoria === `Cat ${tag}`,
        )?.count;
      expect(await count('')).toBe(3);
      expect(await count('?stato=tutti')).toBe(5);
      expect(await count('?stato=scartato')).toBe(1);
      expect((await ids(`/api/componenti/magazzino/${tag}`)).sort()).toEqual(
        of('disponibile', 'riservato', 'reso'),
      );
      expect(await ids(`/api/componenti/magazzino/${tag}?stato=venduto`)).toEqual(of('venduto'));
      const total = await get<Part[]>(`/api/componenti?stato=tutti&limit=1`);
      const inStock = await get<Part[]>(`/api/componenti?limit=1`);
      expect(Number(total.total) - Number(inStock.total)).toBeGreaterThanOrEqual(2);
    });

    it('filters and sorts by price, a part without one outside any range', async () => {
      const all = `/api/componenti?nome=${tag}&stato=tutti`;
      expect((await ids(`${all}&prezzoMin=20&prezzoMax=30,00`)).sort()).toEqual(of('venduto', 'reso'));
      expect(await ids(`${all}&sort=prezzo`)).toEqual(
        ['disponibile', 'riservato', 'venduto', 'reso', 'scartato'].map((s) => parts[s as PartStatus]._id),
      );
      expect((await ids(`${all}&sort=-prezzo`))[0]).toBe(parts.scartato._id);
      const bad = await clerk.inject({ method: 'GET', url: `${all}&prezzoMin=tanti` });
      expect(bad.json<{ fields: Record<string, string> }>().fields.prezzoMin).toMatch(/Il prezzo minimo/);
    });

    it('exports stato and prezzo after the spec columns, honouring the status filter', async () => {
      const res = await clerk.inject({
        method: 'GET',
        url: `/api/componenti/export.csv?nome=${tag}&stato=venduto`,
      });
      const [header, row, end] = res.body.slice(1).split('\r\n');
      expect(header?.endsWith(',anno,stato,prezzo')).toBe(true);
      expect(row).toMatch(new RegExp(`^Faro ${tag} venduto,.*,venduto,20$`));
      expect(end).toBe('');
    });
  });

  describe('history', () => {
    it('records who created, changed, moved, deleted and restored a part, newest first', async () => {
      const part = await create({ peso: '1,2', prezzo: null });
      const patched = await clerk.inject({
        method: 'PATCH',
        url: `/api/componenti/modifica/${part._id}`,
        payload: { peso: '1,5', prezzo: '45', urlImmagine: null, nome: part.nome },
      });
      expect(patched.statusCode).toBe(200);
      await move(part._id, BODIES.riservato);
      expect(
        (await clerk.inject({ method: 'DELETE', url: `/api/componenti/delete/${part._id}` })).statusCode,
      ).toBe(204);
      const restored = await clerk.inject({ method: 'POST', url: `/api/cestino/${part._id}/ripristina` });
      expect(restored.statusCode).toBe(200);

      const history = await get<PartEvent[]>(`/api/componenti/storico/${part._id}`);
      expect(history.total).toBe('5');
      const who = { _id: clerk.user._id, username: clerk.user.username };
      expect(history.body.map(({ tipo, utente, modifiche }) => ({ tipo, utente, modifiche }))).toEqual([
        { tipo: 'ripristinato', utente: who, modifiche: [] },
        { tipo: 'eliminato', utente: who, modifiche: [] },
        {
          tipo: 'stato',
          utente: who,
          modifiche: [
            { campo: 'stato', prima: 'disponibile', dopo: 'riservato' },
            { campo: 'cliente', prima: null, dopo: 'Officina Rossi' },
            { campo: 'telefono', prima: null, dopo: '333 1234567' },
            { campo: 'fino', prima: null, dopo: '2026-12-31' },
          ],
        },
        {
          tipo: 'modificato',
          utente: who,
          modifiche: [
            { campo: 'peso', prima: 1.2, dopo: 1.5 },
            { campo: 'prezzo', prima: null, dopo: 45 },
          ],
        },
        { tipo: 'creato', utente: who, modifiche: [] },
      ]);
      expect(history.body[0]?.componente).toEqual({ _id: part._id, nome: part.nome });
    });

    it('records a photo change as a change of urlImmagine', async () => {
      const part = await create({ urlImmagine: null });
      const url = '/media/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.webp';
      await clerk.inject({
        method: 'PATCH',
        url: `/api/componenti/modifica/${part._id}`,
        payload: { urlImmagine: url },
      });
      const [latest] = await historyOf(part._id);
      expect(latest?.modifiche).toEqual([{ campo: 'urlImmagine', prima: null, dopo: url }]);
    });

    it('writes a change and its history atomically: a failing history leaves neither', async () => {
      // The database refuses the history row of a part named so: the change must go with it.
      if (dialect === 'sqlite') {
        await sql`create trigger refuse_boom before insert on part_events when new.part_nome = 'BOOM'
          begin select raise(abort, 'history refused'); end`.execute(t.app.db);
      } else {
        await sql`create function refuse_boom() returns trigger language plpgsql as $$
          begin if new.part_nome = 'BOOM' then raise exception 'history refused'; end if; return new; end $$`.execute(
          t.app.db,
        );
        await sql`create trigger refuse_boom before insert on part_events
          for each row execute function refuse_boom()`.execute(t.app.db);
      }
      // Rows of the tables a create writes beside the part.
      const sideRows = async () => {
        const { rows } = await sql<{ fitments: number | string; photos: number | string }>`select
          (select count(*) from part_fitments) as fitments,
          (select count(*) from part_images) as photos`.execute(t.app.db);
        return rows.map((row) => ({ fitments: Number(row.fitments), photos: Number(row.photos) }));
      };
      try {
        const before = await get<Part[]>('/api/componenti?stato=tutti&limit=1');
        const sidesBefore = await sideRows();
        const photo = (n: number) => `/media/${String(n).repeat(64)}.webp`;
        for (const extra of [
          {},
          // Its fitment and photos too: on PostgreSQL the part, they and the event are one statement.
          { compatibilita: [{ marca: 'Fiat', modello: 'Panda' }], immagini: [photo(1), photo(2)] },
        ]) {
          const created = await clerk.inject({
            method: 'POST',
            url: '/api/componenti/crea-componente',
            payload: partInput({ nome: 'BOOM', ...extra }),
          });
          expect(created.statusCode).toBe(500);
        }
        expect((await get<Part[]>('/api/componenti?stato=tutti&limit=1')).total).toBe(before.total);
        expect(await ids('/api/componenti?nome=boom&stato=tutti')).toEqual([]);
        expect(await sideRows()).toEqual(sidesBefore);

        const part = await create({ nome: 'Quasi', peso: '2' });
        const renamed = await clerk.inject({
          method: 'PATCH',
          url: `/api/componenti/modifica/${part._id}`,
          payload: { nome: 'BOOM', peso: '3' },
        });
        expect(renamed.statusCode).toBe(500);
        expect((await get<Part>(`/api/componenti/${part._id}`)).body).toMatchObject({
          nome: 'Quasi',
          peso: 2,
          version: 1,
        });
        expect(await historyOf(part._id)).toHaveLength(1);
      } finally {
        await sql`drop trigger refuse_boom${sql.raw(dialect === 'sqlite' ? '' : ' on part_events')}`.execute(
          t.app.db,
        );
        if (dialect === 'postgres') await sql`drop function refuse_boom()`.execute(t.app.db);
      }
    });

    it('lists the activity across the warehouse by account and time', async () => {
      const other = await signIn(t.app);
      const mine = await create({ nome: 'Attività mia' });
      const theirs = await create({ nome: 'Attività altrui' }, other);
      const byOther = await get<PartEvent[]>(`/api/attivita?utente=${other.user._id}`);
      expect(byOther.body.map((event) => event.componente._id)).toEqual([theirs._id]);
      expect(byOther.total).toBe('1');
      const now = clock.now().getTime();
      const window = `dal=${new Date(now - 1000).toISOString()}&al=${new Date(now + 1000).toISOString()}`;
      const recent = (await get<PartEvent[]>(`/api/attivita?${window}&limit=100`)).body.map(
        (e) => e.componente._id,
      );
      expect(recent).toContain(mine._id);
      const later = `dal=${new Date(now + DAY).toISOString()}`;
      expect((await get<PartEvent[]>(`/api/attivita?${later}`)).body).toEqual([]);
      const bad = await clerk.inject({ method: 'GET', url: '/api/attivita?dal=ieri' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ fields: Record<string, string> }>().fields.dal).toMatch(/Il filtro dal/);
      const names = (await get<{ _id: string; username: string }[]>('/api/attivita/utenti')).body;
      expect(names).toContainEqual({ _id: other.user._id, username: other.user.username });
      expect(Object.keys(names[0] ?? {}).sort()).toEqual(['_id', 'username']);
    });
  });

  describe('bin', () => {
    it('keeps a deleted part 30 days, restores it in its place with its photo, then purges it', async () => {
      const older = await create({ nome: 'Cestino prima' });
      const part = await create({ nome: 'Cestino dentro', prezzo: '12,50' });
      const newer = await create({ nome: 'Cestino dopo' });
      await move(part._id, BODIES.riservato);
      expect(
        (await clerk.inject({ method: 'DELETE', url: `/api/componenti/delete/${part._id}` })).statusCode,
      ).toBe(204);
      expect((await clerk.inject({ method: 'GET', url: `/api/componenti/${part._id}` })).statusCode).toBe(
        404,
      );
      expect(await ids('/api/componenti?nome=cestino&stato=tutti')).toEqual([newer._id, older._id]);

      const bin = await get<BinEntry[]>('/api/cestino');
      const entry = bin.body.find((item) => item.componente._id === part._id);
      expect(entry).toMatchObject({
        componente: { nome: 'Cestino dentro', prezzo: 12.5, stato: 'riservato' },
        eliminatoDa: { _id: clerk.user._id, username: clerk.user.username },
      });
      expect(Date.parse(entry?.scadeIl ?? '') - Date.parse(entry?.eliminatoIl ?? '')).toBe(30 * DAY);

      const back = await clerk.inject({ method: 'POST', url: `/api/cestino/${part._id}/ripristina` });
      expect(back.statusCode).toBe(200);
      expect(back.json<Part>()).toMatchObject({ nome: 'Cestino dentro', prezzo: 12.5, stato: 'riservato' });
      expect(await ids('/api/componenti?nome=cestino&stato=tutti')).toEqual([newer._id, part._id, older._id]);
      expect(await ids('/api/componenti?q=dentro&stato=tutti')).toEqual([part._id]);
      expect(
        (await clerk.inject({ method: 'POST', url: `/api/cestino/${part._id}/ripristina` })).statusCode,
      ).toBe(404);
      // New parts still come after the restored one.
      const after = await create({ nome: 'Cestino nuovo' });
      expect((await ids('/api/componenti?nome=cestino&limit=1'))[0]).toBe(after._id);

      await clerk.inject({ method: 'DELETE', url: `/api/componenti/delete/${part._id}` });
      const start = clock.now();
      clock.advance(29 * DAY);
      expect(await t.app.partLifecycle.purgeExpired()).toBe(0);
      clock.advance(2 * DAY);
      expect(await t.app.partLifecycle.purgeExpired()).toBeGreaterThanOrEqual(1);
      // Back to today before any request: the sessions would have expired a month later.
      clock.set(start);
      expect((await get<BinEntry[]>('/api/cestino')).body.map((item) => item.componente._id)).not.toContain(
        part._id,
      );
      expect(
        (await clerk.inject({ method: 'POST', url: `/api/cestino/${part._id}/ripristina` })).statusCode,
      ).toBe(404);
      // Its history stays readable.
      expect((await historyOf(part._id)).map((event) => event.tipo)[0]).toBe('eliminato');
    });

    it('is emptied, or loses one part for good, only by an amministratore', async () => {
      const [one, two] = [await create({ nome: 'Via uno' }), await create({ nome: 'Via due' })];
      for (const part of [one, two])
        await clerk.inject({ method: 'DELETE', url: `/api/componenti/delete/${part._id}` });
      expect((await clerk.inject({ method: 'DELETE', url: '/api/cestino' })).statusCode).toBe(403);
      expect((await admin.inject({ method: 'DELETE', url: `/api/cestino/${one._id}` })).statusCode).toBe(204);
      expect((await admin.inject({ method: 'DELETE', url: `/api/cestino/${one._id}` })).statusCode).toBe(404);
      const emptied = await admin.inject({ method: 'DELETE', url: '/api/cestino' });
      expect(emptied.statusCode).toBe(200);
      expect(emptied.json<{ eliminati: number }>().eliminati).toBeGreaterThanOrEqual(1);
      const bin = await get<BinEntry[]>('/api/cestino');
      expect(bin.body).toEqual([]);
      expect(bin.total).toBe('0');
    });
  });
});
