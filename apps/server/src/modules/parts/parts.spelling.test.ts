import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryCount, ConditionCount, Part } from '@magazzino/contract';
import { buildTestApp, signIn, type Session, type TestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/databases.js';
import { partInput, seedParts } from '../../../test/factories.js';
import { knownSpelling } from './parts.service.js';

describe('knownSpelling', () => {
  const inUse = [
    { name: 'Carrozzeria', count: 34 },
    { name: 'carrozzeria', count: 1 },
    { name: 'Élite', count: 2 },
  ];

  it('takes the spelling in use that matches ignoring case and accents, the most used first', () => {
    expect(knownSpelling('CARROZZERIA', inUse)).toBe('Carrozzeria');
    expect(knownSpelling('carrozzeria', inUse)).toBe('Carrozzeria');
    expect(knownSpelling('elite', inUse)).toBe('Élite');
    expect(knownSpelling('Motore', inUse)).toBe('Motore');
    expect(knownSpelling('Carrozzeria ', inUse)).toBe('Carrozzeria ');
  });

  it('does not count the part being edited, so its own spelling can be corrected', () => {
    const alone = [{ name: 'carrozzeria', count: 1 }];
    expect(knownSpelling('Carrozzeria', alone, 'carrozzeria')).toBe('Carrozzeria');
    expect(knownSpelling('Carrozzeria', alone)).toBe('carrozzeria');
    // Equal counts: a fixed choice, whatever order the database gives.
    const tied = [
      { name: 'freni', count: 1 },
      { name: 'Freni', count: 1 },
    ];
    expect(knownSpelling('FRENI', tied)).toBe(knownSpelling('FRENI', [...tied].reverse()));
  });
});

describe.each(DIALECTS)('categoria and condizione spellings on %s', (dialect) => {
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
  const patch = async (id: string, payload: Record<string, unknown>) => {
    const res = await session.inject({ method: 'PATCH', url: `/api/componenti/modifica/${id}`, payload });
    expect(res.statusCode).toBe(200);
    return res.json<Part>();
  };
  const get = async <T>(url: string) => (await session.inject({ method: 'GET', url })).json<T>();

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    session = await signIn(t.app);
    // A split made before the rule: 3 parts in 'Carrozzeria', 1 in 'carrozzeria'.
    await seedParts(t.app.db, 4, (i) => ({
      categoria: i === 3 ? 'carrozzeria' : 'Carrozzeria',
      condizione: i === 0 ? 'Da revisionare' : 'Buona',
    }));
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores a new part in the spelling in use: carrozzeria joins Carrozzeria, buona joins Buona', async () => {
    const part = await create({ categoria: 'CARROZZERIA', condizione: 'buona' });
    expect(part).toMatchObject({ categoria: 'Carrozzeria', condizione: 'Buona' });
    const accented = await create({ categoria: 'carrozzerìa', condizione: 'da REVISIONARE' });
    expect(accented).toMatchObject({ categoria: 'Carrozzeria', condizione: 'Da revisionare' });
    // A new value is stored as typed.
    const fresh = await create({ categoria: 'Tappezzeria', condizione: 'Nuova di fabbrica' });
    expect(fresh).toMatchObject({ categoria: 'Tappezzeria', condizione: 'Nuova di fabbrica' });
    expect(await get<CategoryCount[]>('/api/componenti/categorie')).toEqual([
      { categoria: 'Carrozzeria', count: 5 },
      { categoria: 'carrozzeria', count: 1 },
      { categoria: 'Tappezzeria', count: 1 },
    ]);
  });

  it('does the same on edit, and lets the only part of a spelling correct it', async () => {
    const part = await create({ categoria: 'Motore', condizione: 'Ottima' });
    expect(await patch(part._id, { categoria: 'tappezzeria', condizione: 'BUONA' })).toMatchObject({
      categoria: 'Tappezzeria',
      condizione: 'Buona',
    });
    // The one part spelled 'Nuova di fabbrica' may change its own case.
    const [only] = await get<Part[]>('/api/componenti?q=tappezzeria&sort=createdAt&limit=1');
    expect(only?.condizione).toBe('Nuova di fabbrica');
    expect(await patch(only?._id ?? '', { condizione: 'nuova di fabbrica' })).toMatchObject({
      condizione: 'nuova di fabbrica',
    });
    // The part left alone in 'carrozzeria' joins the others when it is edited.
    const [split] = await get<Part[]>(`/api/componenti/singolacategoria/carrozzeria`);
    expect(await patch(split?._id ?? '', { categoria: 'carrozzeria' })).toMatchObject({
      categoria: 'Carrozzeria',
    });
    expect(await get<CategoryCount[]>('/api/componenti/categorie')).toEqual([
      { categoria: 'Carrozzeria', count: 6 },
      { categoria: 'Tappezzeria', count: 2 },
    ]);
    // An edit that leaves categoria out does not touch it.
    expect((await patch(part._id, { nome: 'Altro nome' })).categoria).toBe('Tappezzeria');
  });

  it('counts the parts of each condition, kept up to date on create, edit and delete', async () => {
    const before = await get<ConditionCount[]>('/api/componenti/condizioni');
    const count = (rows: ConditionCount[], condizione: string) =>
      rows.find((row) => row.condizione === condizione)?.count ?? 0;
    const part = await create({ condizione: 'Usato garantito' });
    let now = await get<ConditionCount[]>('/api/componenti/condizioni');
    expect(count(now, 'Usato garantito')).toBe(1);
    await patch(part._id, { condizione: 'Da revisionare' });
    now = await get<ConditionCount[]>('/api/componenti/condizioni');
    expect(count(now, 'Usato garantito')).toBe(0);
    expect(now.map((row) => row.condizione)).not.toContain('Usato garantito');
    expect(count(now, 'Da revisionare')).toBe(count(before, 'Da revisionare') + 1);
    await session.inject({ method: 'DELETE', url: `/api/componenti/delete/${part._id}` });
    expect(await get<ConditionCount[]>('/api/componenti/condizioni')).toEqual(before);
    // In Italian alphabetical order.
    const names = before.map((row) => row.condizione);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'it', { sensitivity: 'base' })));
  });
});
