import { PartInputSchema } from '@magazzino/contract';
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { partInput } from '../../../test/factories.js';
import { previousVersionDatabase, type AnyDb } from '../../../test/migrations.js';
import { newId } from '../../lib/ids.js';
import { toNewRow } from '../../modules/parts/parts.mapper.js';
import {
  countParts,
  listMatchingSeqs,
  listPartsPage,
  REGISTRATION,
  searchSeqs,
  type PartFilter,
} from '../../modules/parts/parts.repository.js';
import type { Database } from '../schema.js';

/** Part number `seq` (its registration), as 026 stores it. */
function partRow(seq: number, fields: Record<string, unknown>) {
  const time = Date.parse('2025-01-01T00:00:00.000Z') + seq * 1000;
  const input = PartInputSchema.parse(partInput({ descrizione: null, modello: 'Panda', ...fields }));
  return { ...toNewRow(input, newId(time), new Date(time).toISOString()), seq };
}

/** Spans of 65,536 registrations: 0, 1 and 3 hold parts, 2 none. */
const SPAN = 65_536;
const ROWS = [
  partRow(5, { nome: 'Faro anteriore', marca: 'Fiat' }),
  partRow(9, { nome: 'Faro posteriore', marca: 'Opel' }),
  partRow(12, { nome: 'Faro retromarcia', marca: 'Ford' }),
  partRow(SPAN + 3, { nome: 'Faro fendinebbia', marca: 'Fiat' }),
  partRow(SPAN + 8, { nome: 'Specchietto', marca: 'Fiat' }),
  partRow(3 * SPAN + 1, { nome: 'Faro anteriore', marca: 'Fiat' }),
  partRow(3 * SPAN + 2, { nome: 'Alternatore', marca: 'Fiat' }),
];

const newestFirst = { field: REGISTRATION, descending: true } as const;

/** The newest 20 seqs of `filter` read on the rows (LIKE), the oracle of the word index. */
async function onRows(db: Kysely<Database>, filter: PartFilter): Promise<number[]> {
  return (await listPartsPage(db, filter, newestFirst, 20, 0)).map((part) =>
    Number(part.codiceRicambio.slice(2)),
  );
}

/** Each entry's words, by seq. */
async function stored(db: AnyDb): Promise<Map<number, string[]>> {
  const { rows } = await sql<{ seq: string; words: string[] }>`select seq, words from parts_words`.execute(
    db,
  );
  return new Map(rows.map((row) => [Number(row.seq), row.words]));
}

/** The storage options of parts_words' two GIN indexes (in stock, then the others). */
async function indexOptions(db: AnyDb): Promise<(string[] | null)[]> {
  const { rows } = await sql<{ options: string[] | null }>`select reloptions as options from pg_class
    where relname in ('parts_words_in_stock_idx', 'parts_words_out_idx') order by relname`.execute(db);
  return rows.map((row) => row.options);
}

describe('migration 027-word-index-spans on postgres', () => {
  const previousVersion = previousVersionDatabase('postgres', '026-word-list-on-conflict');

  it('tags every word with its part’s span and reads the spans newest first, stopping at the limit', async () => {
    const { db: anyDb, migrator } = await previousVersion();
    await anyDb.insertInto('parts').values(ROWS).execute();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const db = anyDb as unknown as Kysely<Database>;

    const entries = await stored(anyDb);
    expect(entries.get(5)).toContain('n:faro/0');
    expect(entries.get(SPAN + 3)).toContain('n:faro/1');
    expect(entries.get(3 * SPAN + 1)).toEqual(expect.arrayContaining(['n:faro/3', 'm:fiat/3', 't:faro/3']));
    expect([...entries.values()].flat().every((word) => /^[nmotc]:[a-z0-9]+\/[0-3]$/u.test(word))).toBe(true);
    // Both GIN indexes without a pending list, which every scan of each span would read whole.
    expect(await indexOptions(anyDb)).toEqual([['fastupdate=off'], ['fastupdate=off']]);
    // The list holds the words themselves, no span.
    const { rows: listed } = await sql<{ word: string }>`select word from search_words
      where word in ('faro', 'fendinebbia')`.execute(anyDb);
    expect(listed.map((row) => row.word).sort()).toEqual(['faro', 'fendinebbia']);

    const searches: [PartFilter, number[]][] = [
      [{ q: 'faro' }, [3 * SPAN + 1, SPAN + 3, 12, 9, 5]],
      [{ nome: 'faro', marca: 'fiat' }, [3 * SPAN + 1, SPAN + 3, 5]],
      [{ q: 'fiat specc' }, [SPAN + 8]],
      [{ q: 'opel' }, [9]],
      [{ q: 'alternatore' }, [3 * SPAN + 2]],
      [{ q: 'fendinebbia opel' }, []],
    ];
    for (const [filter, expected] of searches) {
      expect(await onRows(db, filter), JSON.stringify(filter)).toEqual(expected);
      // Through the word index: the page, the count, and past a count's limit the newest.
      expect(await searchSeqs(db, filter, 20, 1000), JSON.stringify(filter)).toEqual({
        seqs: expected,
        count: expected.length,
        exact: true,
      });
    }
    expect(await searchSeqs(db, { q: 'faro' }, 1, 2)).toEqual({
      seqs: [3 * SPAN + 1],
      count: 2,
      exact: false,
    });
    // The limit falls inside span 0: its newest are read first.
    expect(await searchSeqs(db, { q: 'faro' }, 3, 3)).toEqual({
      seqs: [3 * SPAN + 1, SPAN + 3, 12],
      count: 3,
      exact: false,
    });
    expect(await listMatchingSeqs(db, { q: 'faro' }, 4)).toEqual([3 * SPAN + 1, SPAN + 3, 12, 9]);
    expect(await countParts(db, { q: 'faro' }, 1000)).toEqual({ count: 5, exact: true });
    expect(await countParts(db, { q: 'faro' }, 2)).toEqual({ count: 2, exact: false });

    // A part written after the migration: the trigger tags its words with its span.
    await db
      .insertInto('parts')
      .values(partRow(2 * SPAN + 7, { nome: 'Faro xenon', marca: 'Fiat' }))
      .execute();
    expect((await stored(anyDb)).get(2 * SPAN + 7)).toContain('n:xenon/2');
    expect((await searchSeqs(db, { q: 'faro' }, 2, 1000)).seqs).toEqual([3 * SPAN + 1, 2 * SPAN + 7]);
    expect((await searchSeqs(db, { q: 'xenon' }, 20, 1000)).seqs).toEqual([2 * SPAN + 7]);
  });

  it('goes back to 026 (words without spans) and up again', async () => {
    const { db: anyDb, migrator } = await previousVersion();
    await anyDb.insertInto('parts').values(ROWS).execute();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect((await migrator.migrateTo('026-word-list-on-conflict')).error).toBeUndefined();
    expect((await stored(anyDb)).get(SPAN + 3)).toContain('n:faro');
    expect(await indexOptions(anyDb)).toEqual([null, null]);
    await anyDb
      .insertInto('parts')
      .values(partRow(SPAN + 20, { nome: 'Cofano', marca: 'Fiat' }))
      .execute();
    expect((await stored(anyDb)).get(SPAN + 20)).toContain('n:cofano');
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect((await stored(anyDb)).get(SPAN + 20)).toContain('n:cofano/1');
  });
});
