import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Part } from '@magazzino/contract';
import { buildTestApp, signIn, type Session, type TestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/databases.js';
import { seedParts, type SeededPart } from '../../../test/factories.js';
import { STREAM_CHUNK_SIZE } from './parts.service.js';

/** More parts than two chunks, so the stream resumes from a cursor at least twice. */
const COUNT = 1200;
const CATEGORIES = ['Carrozzeria', 'Motore', 'Freni'];

describe.each(DIALECTS)('the unpaged list, streamed, on %s', (dialect) => {
  let t: TestApp;
  let session: Session;
  let seeded: SeededPart[];
  const get = (url: string) => session.inject({ method: 'GET', url });
  const ids = (parts: readonly { _id: string }[]) => parts.map((p) => p._id);

  beforeAll(async () => {
    expect(COUNT).toBeGreaterThan(2 * STREAM_CHUNK_SIZE);
    t = await buildTestApp(dialect);
    session = await signIn(t.app);
    // Few distinct categories and weights: chunk boundaries fall inside runs of equal sort values.
    // A third of the weights and a quarter of the codes are left empty (null).
    seeded = await seedParts(t.app.db, COUNT, (i) => ({
      categoria: CATEGORIES[i % CATEGORIES.length],
      peso: i % 3 === 2 ? null : i % 2,
      marca: i % 10 === 0 ? 'Lancia' : 'Fiat',
      ...(i % 4 === 1 ? { codice: null } : {}),
    }));
  });
  afterAll(async () => {
    await t.close();
  });

  it('returns every part exactly once, newest first, as one JSON array with the total', async () => {
    const res = await get('/api/componenti');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['x-total-count']).toBe(String(COUNT));
    const parts = res.json<Part[]>();
    expect(parts).toHaveLength(COUNT);
    expect(ids(parts)).toEqual(ids([...seeded].reverse().map((p) => ({ _id: p.id }))));
    expect(new Set(ids(parts)).size).toBe(COUNT);
    // Streamed items have the same shape as a single read.
    const first = parts[0];
    expect(first && (await get(`/api/componenti/${first._id}`)).json()).toEqual(first);
  });

  it('keeps ties in id order across chunk boundaries, ascending and descending', async () => {
    const byCategory = (a: SeededPart, b: SeededPart) =>
      a.input.categoria === b.input.categoria
        ? a.id < b.id
          ? -1
          : 1
        : a.input.categoria < b.input.categoria
          ? -1
          : 1;
    const ascending = [...seeded].sort(byCategory).map((p) => p.id);
    expect(ids((await get('/api/componenti?sort=categoria')).json<Part[]>())).toEqual(ascending);
    expect(ids((await get('/api/componenti?sort=-categoria')).json<Part[]>())).toEqual(
      [...ascending].reverse(),
    );
  });

  it('sorts empty optional fields first ascending and last descending, across chunk boundaries', async () => {
    // Empty (null) is the smallest value; ties by registration.
    const keyOf = (part: SeededPart, field: 'peso' | 'codice') => part.input[field] ?? -1;
    for (const field of ['peso', 'codice'] as const) {
      const ascending = [...seeded]
        .sort((a, b) => {
          const [x, y] = [keyOf(a, field), keyOf(b, field)];
          if (x !== y) return x === -1 ? -1 : y === -1 ? 1 : x < y ? -1 : 1;
          return a.id < b.id ? -1 : 1;
        })
        .map((p) => p.id);
      expect(ids((await get(`/api/componenti?sort=${field}`)).json<Part[]>()), field).toEqual(ascending);
      expect(ids((await get(`/api/componenti?sort=-${field}`)).json<Part[]>()), `-${field}`).toEqual(
        [...ascending].reverse(),
      );
      // A page agrees with the stream.
      const page = await get(`/api/componenti?sort=-${field}&limit=100&offset=750`);
      expect(ids(page.json<Part[]>())).toEqual([...ascending].reverse().slice(750, 850));
    }
  });

  it('applies filters to the stream, and offset without limit skips the first matches', async () => {
    const lancia = [...seeded].reverse().filter((p) => p.input.marca === 'Lancia');
    const res = await get('/api/componenti?marca=lancia');
    expect(res.headers['x-total-count']).toBe(String(lancia.length));
    expect(ids(res.json<Part[]>())).toEqual(lancia.map((p) => p.id));
    const skipped = await get('/api/componenti?offset=700');
    expect(skipped.headers['x-total-count']).toBe(String(COUNT));
    expect(ids(skipped.json<Part[]>())).toEqual(
      [...seeded]
        .reverse()
        .slice(700)
        .map((p) => p.id),
    );
  });

  it('streams an empty array when nothing matches', async () => {
    const res = await get('/api/componenti?nome=nessuno');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('[]');
    expect(res.headers['x-total-count']).toBe('0');
  });

  it('streams a category and a location without limit, paging them with one', async () => {
    const motore = [...seeded].reverse().filter((p) => p.input.categoria === 'Motore');
    const all = await get('/api/componenti/singolacategoria/Motore');
    expect(all.headers['x-total-count']).toBe(String(motore.length));
    expect(ids(all.json<Part[]>())).toEqual(motore.map((p) => p.id));
    const page = await get('/api/componenti/singolacategoria/Motore?limit=3&offset=3');
    expect(ids(page.json<Part[]>())).toEqual(motore.slice(3, 6).map((p) => p.id));
    const place = await get('/api/componenti/magazzino/a/1/2/3');
    expect(place.headers['x-total-count']).toBe(String(COUNT));
    expect(place.json<Part[]>()).toHaveLength(COUNT);
    // A whole scaffale, in the order of location then registration (all at one place here).
    const scaffale = await get('/api/componenti/magazzino/A');
    expect(scaffale.headers['x-total-count']).toBe(String(COUNT));
    expect(ids(scaffale.json<Part[]>())).toEqual(seeded.map((p) => p.id));
  });
});
