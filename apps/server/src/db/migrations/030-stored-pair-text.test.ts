import { PartInputSchema } from '@magazzino/contract';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildAppOn } from '../../../test/app.js';
import { DIALECTS } from '../../../test/databases.js';
import { partInput } from '../../../test/factories.js';
import { previousVersionDatabase, type AnyDb } from '../../../test/migrations.js';
import { bitmapPlanOf } from '../../../test/postgres-plans.js';
import { newId } from '../../lib/ids.js';
import { toNewRow } from '../../modules/parts/parts.mapper.js';
import { countParts } from '../../modules/parts/parts.repository.js';
import { pairsIndexedAtMost, partsMatching, type TextSearch } from '../parts-text-search.js';

/** Part number `index`, as 029 stores it. */
function partRow(index: number, fields: Record<string, unknown>) {
  const time = Date.parse('2025-08-01T00:00:00.000Z') + index * 1000;
  const input = PartInputSchema.parse(partInput({ descrizione: null, ...fields }));
  return toNewRow(input, newId(time), new Date(time).toISOString());
}

const ROWS = [
  partRow(1, { nome: 'Faro', marca: 'Citroën', modello: 'C3' }),
  partRow(2, { nome: 'Paraurti', marca: 'Fiat', modello: 'Punto', codice: 'AJ-55' }),
  // On shelf J, bay 2: letters standing alone, in no pair.
  partRow(3, { nome: 'Cofano', marca: 'Peugeot', modello: '206', scaffale: 'J', campata: '2' }),
];

/** Each part's stored text beside the text 021's function writes of its columns, by seq. */
async function pairTexts(db: AnyDb): Promise<{ seq: number; stored: string; written: string }[]> {
  const { rows } = await sql<{
    seq: string;
    stored: string;
    written: string;
  }>`select seq, pair_text as stored,
      parts_pair_text(search_norm || ' ' || codice_key || ' ' || coalesce(vehicle_key, '')) as written
    from parts order by seq`.execute(db);
  return rows.map((row) => ({ ...row, seq: Number(row.seq) }));
}

/** A search of `pair` in q, read through the index of pairs. */
const throughIndex = (pair: string): TextSearch => ({
  fields: [],
  words: [{ text: pair, code: pair }],
  indexedPairs: new Set([pair]),
});

describe('the pairs read through the index of pairs (PostgreSQL)', () => {
  const counted = (registered: number) => pairsIndexedAtMost('unordered', registered, false);

  it('are counted there when in at most 10 % of the newest parts up to 100,000 parts, fewer in a larger warehouse', () => {
    expect([0, 300, 100_000].map(counted)).toEqual([200, 200, 200]);
    // As one over the square root of the parts: where the index's read of every match and the
    // rows' read until 1,001 match cost the same (measured at 10^5 and 10^6).
    expect([400_000, 1_000_000, 10_000_000].map(counted)).toEqual([100, 63, 20]);
  });

  it('beside a longer term, up to 10 % whatever the size; for a page, only when none of the newest holds them', () => {
    expect(pairsIndexedAtMost('unordered', 1_000_000, true)).toBe(200);
    expect(pairsIndexedAtMost('unordered', 100_000, true)).toBe(200);
    expect(pairsIndexedAtMost('ordered', 1_000_000, true)).toBe(0);
    expect(pairsIndexedAtMost('ordered', 1000, false)).toBe(0);
  });
});

describe.runIf(DIALECTS.includes('postgres'))('migration 030-stored-pair-text on postgres', () => {
  const previousVersion = previousVersionDatabase('postgres', '029-word-list-version');

  it('stores the text of every part for the index of pairs, on an app start that waits longer than 10 s', async () => {
    const { db: anyDb, database, close } = await previousVersion();
    await anyDb.insertInto('parts').values(ROWS).execute();
    await close();

    // A clerk's list held open on the parts while the app starts: the upgrade waits for it (as it
    // would take minutes on a large warehouse), past Fastify's 10 s for a plugin.
    const reader = new pg.Client({ connectionString: database.databaseUrl });
    await reader.connect();
    await reader.query('begin');
    await reader.query('select count(*) from parts');
    const released = setTimeout(() => void reader.query('commit'), 10_500);
    const started = Date.now();
    const app = await buildAppOn(database).finally(() => clearTimeout(released));
    const waited = Date.now() - started;
    await reader.end();
    try {
      expect(waited).toBeGreaterThan(10_000);
      const db = app.db;
      const texts = await pairTexts(db as unknown as AnyDb);
      expect(texts.map((row) => row.stored)).toEqual(texts.map((row) => row.written));
      expect(texts.every((row) => row.stored.length > 0)).toBe(true);

      // Read through the index of pairs, exactly the parts holding each pair; shelf J, bay 2 holds no 'j2'.
      const expected: Record<string, number[]> = { c3: [1], aj: [2], j2: [], ug: [3] };
      for (const [pair, seqs] of Object.entries(expected)) {
        const found = await partsMatching(db, throughIndex(pair))
          .query.select('parts.seq')
          .orderBy('parts.seq')
          .execute();
        expect(
          found.map((row) => Number(row.seq)),
          pair,
        ).toEqual(seqs);
        expect(await bitmapPlanOf(db, throughIndex(pair)), pair).toMatch(
          /parts_pairs_trgm_idx[\s\S]*pair_text ~/,
        );
      }
      expect(await countParts(db, { q: 'c3' }, 1000)).toEqual({ count: 1, exact: true });

      // Written and edited after the upgrade: PostgreSQL computes the text again on every write.
      await db
        .insertInto('parts')
        .values(partRow(4, { nome: 'Specchietto', marca: 'Audi', modello: 'A4' }))
        .execute();
      await db.updateTable('parts').set({ search_norm: 'faro\u001fx5' }).where('seq', '=', 1).execute();
      const after = await pairTexts(db as unknown as AnyDb);
      expect(after.map((row) => row.stored)).toEqual(after.map((row) => row.written));
      const edited = after.find((row) => row.seq === 1)?.stored;
      expect(edited).toMatch(/^jfarojx5j/);
      expect(edited).not.toContain('c3');
      const x5 = await partsMatching(db, throughIndex('x5')).query.select('parts.seq').execute();
      expect(x5.map((row) => Number(row.seq))).toEqual([1]);
    } finally {
      await app.close();
    }
  }, 30_000);

  it('goes back to 029 (the index over the expression) and up again', async () => {
    const { db: anyDb, migrator } = await previousVersion();
    await anyDb.insertInto('parts').values(ROWS).execute();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect((await migrator.migrateTo('029-word-list-version')).error).toBeUndefined();
    const columns = async () =>
      (await anyDb.introspection.getTables())
        .find((table) => table.name === 'parts')
        ?.columns.map((column) => column.name);
    expect(await columns()).not.toContain('pair_text');
    const { rows } = await sql<{ definition: string }>`select indexdef as definition from pg_indexes
      where indexname = 'parts_pairs_trgm_idx'`.execute(anyDb);
    expect(rows[0]?.definition).toContain('parts_pair_text(');
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await columns()).toContain('pair_text');
    const texts = await pairTexts(anyDb);
    expect(texts.map((row) => row.stored)).toEqual(texts.map((row) => row.written));
  });
});
