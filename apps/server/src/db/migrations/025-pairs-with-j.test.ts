import { PartInputSchema } from '@magazzino/contract';
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { partInput } from '../../../test/factories.js';
import { previousVersionDatabase, type AnyDb } from '../../../test/migrations.js';
import { bitmapPlanOf } from '../../../test/postgres-plans.js';
import { newId } from '../../lib/ids.js';
import { toNewRow } from '../../modules/parts/parts.mapper.js';
import { countParts } from '../../modules/parts/parts.repository.js';
import { pairsToIndex, partsMatching, type TextSearch } from '../parts-text-search.js';
import type { Database } from '../schema.js';

/** A part as 024 stores it. */
function partRow(index: number, fields: Record<string, unknown>) {
  const time = Date.parse('2025-01-01T00:00:00.000Z') + index * 1000;
  const input = PartInputSchema.parse(partInput({ descrizione: null, ...fields }));
  return toNewRow(input, newId(time), new Date(time).toISOString());
}

const ROWS = [
  partRow(1, { nome: 'Faro', marca: 'Jeep', modello: 'Renegade' }),
  partRow(2, { nome: 'Cruscotto', marca: 'Peugeot', modello: 'J2' }),
  partRow(3, { nome: 'Specchietto', marca: 'Fiat', modello: 'Punto', codice: 'AJ-55' }),
  // 'Panda jeep': a word ending in 'a' before one starting with 'j' ('ajj' in the written text,
  // as 'aj' is): the index offers the part for 'aj', the search's own condition drops it.
  partRow(4, { nome: 'Maniglia', marca: 'Fiat', modello: 'Panda', descrizione: 'Panda jeep' }),
  partRow(5, { nome: 'Tappo Hajj', marca: 'Fiat', modello: 'Uno' }),
  partRow(6, { nome: 'Paraurti', marca: 'Fiat', modello: 'Uno' }),
  // On shelf J, bay 2: letters standing alone, in no pair.
  partRow(7, { nome: 'Cofano', marca: 'Fiat', modello: 'Uno', scaffale: 'J', campata: '2' }),
];

/** The pairs the test looks for: with 'j' in each place, and one without. */
const PAIRS = ['j2', 'aj', 'je', 'jj', 'ja', 'x9', 'pa'];

/** The seqs `search` finds, oldest first. */
async function found(db: Kysely<Database>, search: TextSearch): Promise<number[]> {
  const rows = await partsMatching(db, search).query.select('parts.seq').orderBy('parts.seq').execute();
  return rows.map((row) => Number(row.seq));
}

async function pairText(db: AnyDb, text: string): Promise<string> {
  const { rows } = await sql<{ written: string }>`select parts_pair_text(${text}) as written`.execute(db);
  return rows[0]?.written ?? '';
}

describe('migration 025-pairs-with-j on postgres', () => {
  const previousVersion = previousVersionDatabase('postgres', '024-postgres-word-index');

  it("reads a pair holding 'j' through the index of pairs, finding exactly the parts holding it", async () => {
    const { db: anyDb, migrator } = await previousVersion();
    await anyDb.insertInto('parts').values(ROWS).execute();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const db = anyDb as unknown as Kysely<Database>;

    // A character standing alone left out, each 'j' written 'jj', each run of other characters one
    // 'j', a 'j' closing the whole.
    expect(await pairText(anyDb, 'raj-j2 x')).toBe('jrajjjjj2jj');
    expect(await pairText(anyDb, 'a 1 j2 b c')).toBe('jjj2jj');

    const expected: Record<string, number[]> = {
      j2: [2],
      aj: [3, 5],
      je: [1, 4],
      jj: [5],
      ja: [],
      x9: [],
      pa: [4, 6],
    };
    for (const pair of PAIRS) {
      const word = { fields: [], words: [{ text: pair, code: pair }] };
      const field = { fields: [{ column: 'modello_norm' as const, text: pair }], words: [] };
      const indexedPairs = new Set([pair]);
      // On the rows (no pair through the index) and through the index, the same parts.
      expect(await found(db, word), pair).toEqual(expected[pair]);
      expect(await found(db, { ...word, indexedPairs }), pair).toEqual(expected[pair]);
      expect(await found(db, { ...field, indexedPairs }), pair).toEqual(await found(db, field));
      // parts_pairs_trgm_idx is read for it (before 025 no pair with 'j' could be).
      expect(await bitmapPlanOf(db, { ...word, indexedPairs }), pair).toContain('parts_pairs_trgm_idx');
    }
    // The index's own candidates for 'aj': the two parts holding it and the Panda jeep (a field
    // of the Jeep's ending in 'a' may make one more), not the parts without a 'j'.
    const { rows } = await sql<{ seq: string }>`select seq from parts
      where parts_pair_text(search_norm || ' ' || codice_key || ' ' || coalesce(vehicle_key, '')) ~ 'ajj'
      order by seq`.execute(anyDb);
    const candidates = rows.map((row) => Number(row.seq));
    expect(candidates).toEqual(expect.arrayContaining([3, 4, 5]));
    expect(candidates).not.toContain(2);
    expect(candidates).not.toContain(6);
    // Shelf J, bay 2 is no candidate for 'j2': the part holding it is the only one.
    const { rows: shelf } = await sql<{ seq: string }>`select seq from parts
      where parts_pair_text(search_norm || ' ' || codice_key || ' ' || coalesce(vehicle_key, '')) ~ 'jj2'`.execute(
      anyDb,
    );
    expect(shelf.map((row) => Number(row.seq))).toEqual([2]);

    // A rare pair with 'j' is now counted through the index, and counted right.
    const search = { fields: [], words: [{ text: 'j2', code: 'j2' }] };
    expect([...(await pairsToIndex(db, search, 'unordered'))]).toEqual(['j2']);
    expect(await countParts(db, { q: 'j2' }, 1000)).toEqual({ count: 1, exact: true });
    expect(await countParts(db, { q: 'aj' }, 1000)).toEqual({ count: 2, exact: true });

    // A part written after the migration is in the index through the same function.
    await db
      .insertInto('parts')
      .values({ ...partRow(8, { nome: 'Fanale', marca: 'Jaguar', modello: 'XJ' }) })
      .execute();
    expect(
      await found(db, { fields: [], words: [{ text: 'xj', code: 'xj' }], indexedPairs: new Set(['xj']) }),
    ).toEqual([8]);
  });

  it('goes back to 024 (separators and j written alike) and up again', async () => {
    const { db: anyDb, migrator } = await previousVersion();
    await anyDb.insertInto('parts').values(ROWS).execute();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect((await migrator.migrateTo('024-postgres-word-index')).error).toBeUndefined();
    expect(await pairText(anyDb, 'raj-j2 x')).toBe('rajjj2jxj');
    const { rows } = await sql<{ name: string }>`select indexname as name from pg_indexes
      where indexname = 'parts_pairs_trgm_idx'`.execute(anyDb);
    expect(rows).toHaveLength(1);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await pairText(anyDb, 'raj-j2 x')).toBe('jrajjjjj2jj');
  });
});
