import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PartInputSchema, type CategoryCount, type Part } from '@magazzino/contract';
import { buildTestApp, signIn, type Session, type TestApp } from '../../test/app.js';
import { createTestDatabase, DIALECTS } from '../../test/databases.js';
import { generateDemoParts } from './demo-data.js';
import { DEMO_COUNT, demoCommand, loadDemoParts } from './demo-command.js';

/** A writable that keeps what was written. */
function sink(): NodeJS.WritableStream & { text: () => string } {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      text += chunk.toString();
      callback();
    },
  });
  return Object.assign(stream, { text: () => text });
}

describe('generateDemoParts', () => {
  it('is deterministic, valid by the API rules, and varied', () => {
    const parts = generateDemoParts(DEMO_COUNT);
    expect(generateDemoParts(DEMO_COUNT)).toEqual(parts);
    for (const part of parts)
      expect(PartInputSchema.safeParse(part).success, JSON.stringify(part)).toBe(true);
    const distinct = (field: keyof (typeof parts)[number]) => new Set(parts.map((p) => p[field])).size;
    expect(distinct('categoria')).toBe(10);
    expect(distinct('marca')).toBeGreaterThanOrEqual(10);
    expect(distinct('modello')).toBeGreaterThanOrEqual(20);
    expect(distinct('condizione')).toBe(4);
    expect(new Set(parts.map((p) => p.codice)).size).toBeGreaterThan(DEMO_COUNT * 0.95);
    expect(parts.map((p) => `${p.marca} ${p.modello}`)).toContain('Fiat Punto');
  });
});

describe.each(DIALECTS)('npm run demo on %s', (dialect) => {
  let t: TestApp;
  let session: Session;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    session = await signIn(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('loads the demo warehouse once, refuses a second run, adds again with force', async () => {
    const first = await loadDemoParts(t.config);
    expect(first).toMatchObject({ inserted: DEMO_COUNT, total: DEMO_COUNT });
    expect(Object.values(first.byCategory).reduce((a, b) => a + b, 0)).toBe(DEMO_COUNT);

    const list = await session.inject({ method: 'GET', url: '/api/componenti?limit=5' });
    expect(list.headers['x-total-count']).toBe(String(DEMO_COUNT));
    const newest = list.json<Part[]>()[0];
    expect(newest && Date.parse(newest.createdAt)).toBeLessThanOrEqual(Date.now());
    const categories = (await session.inject({ method: 'GET', url: '/api/componenti/categorie' })).json<
      CategoryCount[]
    >();
    expect(categories.map((c) => c.categoria)).toEqual([
      'Carrozzeria',
      'Elettronica',
      'Freni',
      'Illuminazione',
      'Interni',
      'Motore',
      'Raffreddamento',
      'Scarico',
      'Sospensioni',
      'Trasmissione',
    ]);

    const second = await loadDemoParts(t.config);
    expect(second).toMatchObject({ inserted: 0, total: DEMO_COUNT });
    const forced = await loadDemoParts(t.config, { force: true, count: 10 });
    expect(forced).toMatchObject({ inserted: 10, total: DEMO_COUNT + 10 });
  });

  it('as a command: prints what it did, then refuses with exit code 1', async () => {
    const database = await createTestDatabase(dialect);
    const env = { DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl };
    try {
      const out = sink();
      const err = sink();
      expect(await demoCommand({ argv: ['--count', '25'], stdout: out, stderr: err, env })).toBe(0);
      expect(out.text()).toMatch(/^Caricati 25 componenti dimostrativi in /);
      expect(out.text()).toMatch(/Per categoria: .*\d/);
      const again = sink();
      expect(await demoCommand({ argv: [], stdout: sink(), stderr: again, env })).toBe(1);
      expect(again.text()).toMatch(/contiene già 25 componenti: dati dimostrativi NON caricati/);
      expect(again.text()).toContain('--force');
      expect(
        await demoCommand({ argv: ['--force', '--count', '5'], stdout: sink(), stderr: sink(), env }),
      ).toBe(0);
    } finally {
      await database.drop();
    }
  });

  it('as a command: explains bad options without touching the database', async () => {
    const err = sink();
    expect(await demoCommand({ argv: ['--count', 'molti'], stdout: sink(), stderr: err, env: {} })).toBe(2);
    expect(err.text()).toMatch(/--count deve essere un numero intero/);
    expect(await demoCommand({ argv: ['--boh'], stdout: sink(), stderr: sink(), env: {} })).toBe(2);
    const help = sink();
    expect(await demoCommand({ argv: ['--help'], stdout: help, stderr: sink(), env: {} })).toBe(0);
    expect(help.text()).toMatch(/^Uso: npm run demo/);
  });
});
