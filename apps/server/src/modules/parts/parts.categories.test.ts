import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, CategoryCount, CategoryRenameResult, Part } from '@magazzino/contract';
import { buildTestApp, signIn, type Session, type TestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/databases.js';
import { seedParts } from '../../../test/factories.js';
import { signInAs } from '../../../test/roles.js';

// Renaming a category and merging two (docs/product.md, "Categories"), for an amministratore.

const RENAME = '/api/componenti/categorie/rinomina';

describe.each(DIALECTS)('category rename and merge on %s', (dialect) => {
  let t: TestApp;
  let admin: Session;
  let clerk: Session;

  const get = async <T>(url: string) => (await admin.inject({ method: 'GET', url })).json<T>();
  const categories = () => get<CategoryCount[]>('/api/componenti/categorie');
  const rename = (payload: unknown, as: Session = admin) =>
    as.inject({ method: 'POST', url: RENAME, payload: payload as Record<string, unknown> });

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    admin = await signIn(t.app); // the first account: amministratore
    clerk = await signInAs(t.app, admin, 'magazziniere');
    // 120 parts in 'Fari' (more than one chunk of the rename), a split made before the
    // one-spelling rule (3 'Carrozzeria', 2 'carrozzeria'), and 'Freni'.
    await seedParts(t.app.db, 127, (i) => ({
      nome: i < 120 ? `Proiettore ${i}` : `Pannello ${i}`,
      categoria: i < 120 ? 'Fari' : i < 123 ? 'Carrozzeria' : i < 125 ? 'carrozzeria' : 'Freni',
    }));
  });
  afterAll(async () => {
    await t.close();
  });

  it('renames a category: every part moves, at a new version, and search finds the new name', async () => {
    const before = await get<Part[]>('/api/componenti/singolacategoria/Fari?limit=1');
    const res = await rename({ da: 'Fari', a: '  Illuminazione ' });
    expect(res.statusCode).toBe(200);
    expect(res.json<CategoryRenameResult>()).toEqual({
      categoria: 'Illuminazione',
      spostati: 120,
      count: 120,
      unite: false,
    });
    const list = await categories();
    expect(list.find((c) => c.categoria === 'Fari')).toBeUndefined();
    expect(list).toContainEqual({ categoria: 'Illuminazione', count: 120 });

    const [first] = before;
    if (!first) throw new Error('no part in Fari');
    const moved = await get<Part>(`/api/componenti/${first._id}`);
    expect(moved.categoria).toBe('Illuminazione');
    expect(moved.version).toBe(first.version + 1);
    // The search index follows: the new name is found (accents and case ignored), the old one not.
    const found = await admin.inject({ method: 'GET', url: '/api/componenti?q=ILLUMINAZIONE&limit=5' });
    expect(found.headers['x-total-count']).toBe('120');
    const old = await admin.inject({ method: 'GET', url: '/api/componenti?q=fari&limit=5' });
    expect(old.headers['x-total-count']).toBe('0');
    const byCategory = await admin.inject({
      method: 'GET',
      url: '/api/componenti/singolacategoria/Illuminazione?limit=100&offset=100',
    });
    expect(byCategory.json<Part[]>()).toHaveLength(20);
  });

  it('merges into a category in use, ignoring case and accents, under its spelling', async () => {
    const res = await rename({ da: 'carrozzeria', a: 'CARROZZERÌA' });
    expect(res.statusCode).toBe(200);
    expect(res.json<CategoryRenameResult>()).toEqual({
      categoria: 'Carrozzeria',
      spostati: 2,
      count: 5,
      unite: true,
    });
    const names = (await categories()).map((c) => c.categoria);
    expect(names).toEqual(['Carrozzeria', 'Freni', 'Illuminazione']);
  });

  it('corrects the spelling of a category alone in its name', async () => {
    const res = await rename({ da: 'Freni', a: 'FRENI' });
    expect(res.json<CategoryRenameResult>()).toMatchObject({ categoria: 'FRENI', unite: false, count: 2 });
    expect((await categories()).map((c) => c.categoria)).toContain('FRENI');
  });

  it('refuses, in Italian and naming the field, what it cannot do, and changes nothing', async () => {
    const snapshot = await categories();

    const unknown = await rename({ da: 'Tappezzeria', a: 'Interni' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<ApiErrorBody>().error).toMatch(/Categoria non trovata/);

    const same = await rename({ da: 'Carrozzeria', a: 'Carrozzeria' });
    expect(same.statusCode).toBe(400);
    expect(same.json<ApiErrorBody>().fields).toEqual({ a: 'Il nuovo nome è uguale a quello attuale' });

    const empty = await rename({ da: 'Carrozzeria', a: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<ApiErrorBody>().fields).toEqual({ a: 'Il nuovo nome è obbligatorio' });

    const long = await rename({ da: 'Carrozzeria', a: 'x'.repeat(500) });
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json<ApiErrorBody>().fields ?? {})).toEqual(['a']);

    const clerkTry = await rename({ da: 'Carrozzeria', a: 'Lamiera' }, clerk);
    expect(clerkTry.statusCode).toBe(403);

    expect(await categories()).toEqual(snapshot);
  });
});
