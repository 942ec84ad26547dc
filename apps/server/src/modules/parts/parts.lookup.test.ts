import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryCount, Part } from '@magazzino/contract';
import { buildTestApp, signIn, type Session, type TestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/databases.js';
import { seedParts, type SeededPart } from '../../../test/factories.js';

/** Category and location of each seeded part (its codice is its index). */
const PLACES = [
  { categoria: 'Motore', scaffale: 'A', campata: '1', ripiano: '2', cassetta: 'B' },
  { categoria: 'Motore', scaffale: 'a', campata: '1', ripiano: '2', cassetta: 'b' },
  { categoria: 'carrozzeria', scaffale: 'A', campata: '1', ripiano: '2', cassetta: 'C' },
  { categoria: 'Élite ricambi', scaffale: 'Scaffale Grande', campata: 'Ü', ripiano: '2', cassetta: 'B' },
  { categoria: 'Freni/ABS', scaffale: 'A', campata: '10', ripiano: '2', cassetta: 'B' },
  { categoria: 'Elettronica', scaffale: 'Z', campata: '1', ripiano: '2', cassetta: 'B' },
  { categoria: 'Motore', scaffale: 'A', campata: '1', ripiano: '2', cassetta: 'B' },
];

describe.each(DIALECTS)('categories and locations on %s', (dialect) => {
  let t: TestApp;
  let session: Session;
  let seeded: SeededPart[];
  const get = (url: string) => session.inject({ method: 'GET', url });
  const codes = async (url: string) =>
    (await get(url))
      .json<Part[]>()
      .map((p) => p.codice)
      .sort();

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    session = await signIn(t.app);
    seeded = await seedParts(t.app.db, PLACES.length, (i) => ({ ...PLACES[i], codice: `C${i}` }));
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists every category with its count, in Italian alphabetical order', async () => {
    const res = await get('/api/componenti/categorie');
    expect(res.statusCode).toBe(200);
    expect(res.json<CategoryCount[]>()).toEqual([
      { categoria: 'carrozzeria', count: 1 },
      { categoria: 'Elettronica', count: 1 },
      { categoria: 'Élite ricambi', count: 1 },
      { categoria: 'Freni/ABS', count: 1 },
      { categoria: 'Motore', count: 3 },
    ]);
  });

  it('gives the parts of one exact category, URL-decoded, newest first', async () => {
    const res = await get('/api/componenti/singolacategoria/Motore');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    expect(res.json<Part[]>().map((p) => p.codice)).toEqual(['C6', 'C1', 'C0']);
    expect(await codes(`/api/componenti/singolacategoria/${encodeURIComponent('Élite ricambi')}`)).toEqual([
      'C3',
    ]);
    expect(await codes('/api/componenti/singolacategoria/Freni%2FABS')).toEqual(['C4']);
    expect(await codes('/api/componenti/singolacategoria/motore')).toEqual([]);
    expect(await codes('/api/componenti/singolacategoria/Moto')).toEqual([]);
  });

  it('pages and sorts a category with X-Total-Count', async () => {
    const res = await get('/api/componenti/singolacategoria/Motore?limit=2&offset=1&sort=createdAt');
    expect(res.headers['x-total-count']).toBe('3');
    expect(res.json<Part[]>().map((p) => p._id)).toEqual([seeded[1]?.id, seeded[6]?.id]);
    const bad = await get('/api/componenti/singolacategoria/Motore?limit=500');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ fields: { limit: 'limit può essere al massimo 100' } });
    const blank = await get('/api/componenti/singolacategoria/%20%20');
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ fields: { categoria: 'La categoria è obbligatoria' } });
  });

  it('finds a location ignoring case and surrounding spaces in each segment', async () => {
    const res = await get('/api/componenti/magazzino/a/1/2/b');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    expect(res.json<Part[]>().map((p) => p.codice)).toEqual(['C6', 'C1', 'C0']);
    expect(await codes('/api/componenti/magazzino/%20A%20/%201/2%20/B')).toEqual(['C0', 'C1', 'C6']);
    expect(await codes(`/api/componenti/magazzino/${encodeURIComponent('SCAFFALE grande')}/ü/2/B`)).toEqual([
      'C3',
    ]);
    // Exact segments: "1" is not "10", and no segment spills into the next.
    expect(await codes('/api/componenti/magazzino/A/10/2/B')).toEqual(['C4']);
    const missing = await get('/api/componenti/magazzino/A/1/2/');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ fields: { cassetta: 'La cassetta è obbligatoria' } });
  });

  it('pages a location and refuses blank or over-long segments', async () => {
    const page = await get('/api/componenti/magazzino/A/1/2/B?limit=1&offset=2');
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.json<Part[]>().map((p) => p.codice)).toEqual(['C0']);
    const blank = await get('/api/componenti/magazzino/A/%20/2/B');
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ fields: { campata: 'La campata è obbligatoria' } });
    const long = await get(`/api/componenti/magazzino/${'x'.repeat(51)}/1/2/B`);
    expect(long.json()).toMatchObject({
      fields: { scaffale: 'Lo scaffale può avere al massimo 50 caratteri' },
    });
  });

  it('lists a whole scaffale, campata or ripiano by location, then registration, with X-Total-Count', async () => {
    // Scaffale A holds C0, C1, C2, C4, C6 (a/1/2/b twice); 'Scaffale Grande' and 'Z' are apart.
    const res = await get('/api/componenti/magazzino/a');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('5');
    // a/1/2/b (C0, C1, C6 in registration order), a/1/2/c (C2), then a/10/2/b (C4).
    expect(res.json<Part[]>().map((p) => p.codice)).toEqual(['C0', 'C1', 'C6', 'C2', 'C4']);
    expect((await get('/api/componenti/magazzino/%20A%20/1')).json<Part[]>().map((p) => p.codice)).toEqual([
      'C0',
      'C1',
      'C6',
      'C2',
    ]);
    expect(await codes('/api/componenti/magazzino/A/1/2')).toEqual(['C0', 'C1', 'C2', 'C6']);
    expect(await codes(`/api/componenti/magazzino/${encodeURIComponent('scaffale GRANDE')}/u`)).toEqual([
      'C3',
    ]);
    // Whole segments only: campata 1 is not 10, scaffale 'Scaffale' is not 'Scaffale Grande'.
    expect(await codes('/api/componenti/magazzino/A/10')).toEqual(['C4']);
    expect(await codes('/api/componenti/magazzino/Scaffale')).toEqual([]);
    expect((await get('/api/componenti/magazzino/Q')).headers['x-total-count']).toBe('0');
  });

  it('pages and sorts a partial location, and refuses a segment left empty before another', async () => {
    const page = await get('/api/componenti/magazzino/A?limit=2&offset=2');
    expect(page.headers['x-total-count']).toBe('5');
    expect(page.json<Part[]>().map((p) => p.codice)).toEqual(['C6', 'C2']);
    const newest = await get('/api/componenti/magazzino/A/1?sort=-createdAt&limit=2');
    expect(newest.json<Part[]>().map((p) => p.codice)).toEqual(['C6', 'C2']);
    expect(newest.headers['x-total-count']).toBe('4');
    for (const [url, fields] of [
      ['/api/componenti/magazzino/%20/1', { scaffale: 'Lo scaffale è obbligatorio' }],
      ['/api/componenti/magazzino/A/%20/2', { campata: 'La campata è obbligatoria' }],
      [
        `/api/componenti/magazzino/A/1/${'x'.repeat(51)}`,
        { ripiano: 'Il ripiano può avere al massimo 50 caratteri' },
      ],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ code: 'VALIDATION', fields });
    }
    expect((await get('/api/componenti/magazzino/A?limit=500')).statusCode).toBe(400);
  });

  it("counts a full cassetta's first page with it, whatever the page size, and pages on past it", async () => {
    // Last in the file: these parts change the counts of the category and scaffale R.
    const more = await seedParts(t.app.db, 7, (i) => ({
      categoria: 'Motore',
      scaffale: 'R',
      campata: '9',
      ripiano: '9',
      cassetta: i % 2 === 0 ? 'k' : 'K ',
      codice: `R${i}`,
    }));
    const newestFirst = more.map((part) => part.input.codice).reverse();
    const oldestPart = more[0]?.id ?? '';
    for (const limit of [5, 20]) {
      const first = await get(`/api/componenti/magazzino/r/9/9/K?limit=${limit}`);
      expect(first.headers['x-total-count']).toBe('7');
      expect(first.headers['x-total-count-exact']).toBe('true');
      expect(first.json<Part[]>().map((p) => p.codice)).toEqual(newestFirst.slice(0, limit));
    }
    const second = await get('/api/componenti/magazzino/R/9/9/k?limit=5&offset=5');
    expect(second.headers['x-total-count']).toBe('7');
    expect(second.json<Part[]>().map((p) => p.codice)).toEqual(newestFirst.slice(5));
    // Oldest first and by name: the same parts, the same number.
    const oldest = await get('/api/componenti/magazzino/R/9/9/k?limit=5&sort=createdAt');
    expect(oldest.headers['x-total-count']).toBe('7');
    expect(oldest.json<Part[]>().map((p) => p.codice)).toEqual([...newestFirst].reverse().slice(0, 5));
    // A part moved out of the cassetta leaves its number at once.
    const moved = await session.inject({
      method: 'PATCH',
      url: `/api/componenti/modifica/${oldestPart}`,
      payload: { cassetta: 'L' },
    });
    expect(moved.statusCode).toBe(200);
    const after = await get('/api/componenti/magazzino/R/9/9/K?limit=5');
    expect(after.headers['x-total-count']).toBe('6');
    expect(after.json<Part[]>().map((p) => p.codice)).toEqual(newestFirst.slice(0, 5));
  });

  it("counts a full category's first page with it, in its own list and in the list filtered by it", async () => {
    // After the cassetta's seven: 'Motore' holds C0, C1, C6 and R0–R6.
    const motore = ['R6', 'R5', 'R4', 'R3', 'R2', 'R1', 'R0', 'C6', 'C1', 'C0'];
    for (const url of [
      '/api/componenti/singolacategoria/Motore?limit=5',
      '/api/componenti?categoria=Motore&limit=5',
    ]) {
      const first = await get(url);
      expect(first.statusCode).toBe(200);
      expect(first.headers['x-total-count']).toBe('10');
      expect(first.headers['x-total-count-exact']).toBe('true');
      expect(first.json<Part[]>().map((p) => p.codice)).toEqual(motore.slice(0, 5));
    }
    const sold = await get('/api/componenti/singolacategoria/Motore?limit=5&stato=venduto');
    expect([sold.headers['x-total-count'], sold.json<Part[]>()]).toEqual(['0', []]);
    // An exact category: no other spelling's parts, however close.
    const other = await get('/api/componenti/singolacategoria/motore?limit=5');
    expect([other.headers['x-total-count'], other.json<Part[]>()]).toEqual(['0', []]);
  });

  it('documents every parts route in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown>; security?: unknown }>>;
    }>();
    const expected: [string, string][] = [
      ['/api/componenti/', 'get'],
      ['/api/componenti/categorie', 'get'],
      ['/api/componenti/condizioni', 'get'],
      ['/api/componenti/export.csv', 'get'],
      ['/api/componenti/singolacategoria/{categoria}', 'get'],
      ['/api/componenti/magazzino/{scaffale}/{campata}/{ripiano}/{cassetta}', 'get'],
      ['/api/componenti/magazzino/{scaffale}', 'get'],
      ['/api/componenti/magazzino/{scaffale}/{campata}', 'get'],
      ['/api/componenti/magazzino/{scaffale}/{campata}/{ripiano}', 'get'],
      ['/api/componenti/{id}', 'get'],
      ['/api/componenti/crea-componente', 'post'],
      ['/api/componenti/modifica/{id}', 'patch'],
      ['/api/componenti/delete/{id}', 'delete'],
    ];
    for (const [path, method] of expected) {
      const operation = doc.paths[path]?.[method];
      expect(operation?.security, `${method} ${path}`).toEqual([{ session: [] }]);
      expect(operation?.responses).toHaveProperty('401');
    }
  });

  it('answers 401 on every parts route without a session', async () => {
    const id = seeded[0]?.id ?? '';
    const routes: [string, string, object?][] = [
      ['GET', '/api/componenti'],
      ['GET', '/api/componenti?limit=5'],
      ['GET', '/api/componenti/categorie'],
      ['GET', '/api/componenti/condizioni'],
      ['GET', '/api/componenti/export.csv'],
      ['GET', '/api/componenti/singolacategoria/Motore'],
      ['GET', '/api/componenti/magazzino/A/1/2/B'],
      ['GET', '/api/componenti/magazzino/A'],
      ['GET', '/api/componenti/magazzino/A/1'],
      ['GET', '/api/componenti/magazzino/A/1/2'],
      ['GET', `/api/componenti/${id}`],
      ['POST', '/api/componenti/crea-componente', {}],
      ['PATCH', `/api/componenti/modifica/${id}`, { nome: 'X' }],
      ['DELETE', `/api/componenti/delete/${id}`],
    ];
    for (const [method, url, payload] of routes) {
      const res = await t.app.inject({ method: method as 'GET', url, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    }
    expect((await get(`/api/componenti/${id}`)).statusCode).toBe(200);
  });
});
