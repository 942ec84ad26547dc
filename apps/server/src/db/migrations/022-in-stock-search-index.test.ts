import { PartInputSchema, type PartStatus } from '@magazzino/contract';
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../test/databases.js';
import { partInput } from '../../../test/factories.js';
import { previousVersionDatabase, type AnyDb } from '../../../test/migrations.js';
import { newId } from '../../lib/ids.js';
import { toNewRow } from '../../modules/parts/parts.mapper.js';
import {
  countParts,
  listPartsPage,
  REGISTRATION,
  type PartFilter,
} from '../../modules/parts/parts.repository.js';
import type { Database } from '../schema.js';

/** A part as 021 stores it, in a status. */
function partRow(index: number, stato: PartStatus, fields: Record<string, unknown> = {}) {
  const time = Date.parse('2025-01-01T00:00:00.000Z') + index * 1000;
  const input = PartInputSchema.parse(partInput({ nome: `Faro ${stato} ${index}`, ...fields }));
  return { ...toNewRow(input, newId(time), new Date(time).toISOString()), stato };
}

/** One part of each status, and a second one sold. */
const ROWS = [
  partRow(1, 'disponibile'),
  partRow(2, 'riservato'),
  partRow(3, 'venduto'),
  partRow(4, 'reso'),
  partRow(5, 'scartato'),
  partRow(6, 'venduto', { nome: 'Faro Xqzv' }),
];

const newestFirst = { field: REGISTRATION, descending: true } as const;

async function seqs(db: Kysely<Database>, filter: PartFilter): Promise<number[]> {
  return (await listPartsPage(db, filter, newestFirst, 20, 0)).map((part) =>
    Number(part.codiceRicambio.slice(2)),
  );
}

/** An FTS5 index's `usermerge` (db/search-index-merge.ts merges levels of this many segments). */
async function usermerge(db: AnyDb, table: 'parts_fts' | 'parts_fts_out'): Promise<number | undefined> {
  const { rows } = await sql<{ v: number }>`select v from ${sql.table(`${table}_config`)}
    where k = 'usermerge'`.execute(db);
  return rows[0]?.v;
}

/** The seqs of the entries of an FTS5 index holding `match`. */
async function entries(db: AnyDb, table: 'parts_fts' | 'parts_fts_out', match = 'f_nome : "faro"') {
  const { rows } = await sql<{ seq: number }>`select rowid as seq from ${sql.table(table)}
    where ${sql.table(table)} match ${match} order by rowid`.execute(db);
  return rows.map((row) => Number(row.seq));
}

describe.each(DIALECTS)('migration 022-in-stock-search-index on %s', (dialect) => {
  const previousVersion = previousVersionDatabase(dialect, '021-two-character-terms');

  it('moves the entries of the parts out of stock to an index of their own, every search finding what it did', async () => {
    const { db: anyDb, migrator } = await previousVersion();
    await anyDb.insertInto('parts').values(ROWS).execute();
    const db = anyDb as unknown as Kysely<Database>;
    // Each search with the seqs it finds, newest first.
    const searches: [PartFilter, number[]][] = [
      [{ q: 'faro', stato: ['disponibile', 'riservato', 'reso'] }, [4, 2, 1]],
      [{ q: 'faro' }, [6, 5, 4, 3, 2, 1]],
      [{ nome: 'faro', stato: ['venduto', 'scartato'] }, [6, 5, 3]],
      [{ nome: 'faro', stato: ['venduto'] }, [6, 3]],
      [{ q: 'fa', stato: ['riservato', 'venduto'] }, [6, 3, 2]],
      [{ q: 'xqzv', stato: ['venduto'] }, [6]],
    ];

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    for (const [filter, found] of searches)
      expect(await seqs(db, filter), JSON.stringify(filter)).toEqual(found);
    expect(await countParts(db, { q: 'faro', stato: ['venduto', 'scartato'] }, 1000)).toEqual({
      count: 3,
      exact: true,
    });
    if (dialect === 'sqlite') {
      expect(await entries(anyDb, 'parts_fts')).toEqual([1, 2, 4]);
      expect(await entries(anyDb, 'parts_fts_out')).toEqual([3, 5, 6]);
      expect([await usermerge(anyDb, 'parts_fts'), await usermerge(anyDb, 'parts_fts_out')]).toEqual([2, 2]);
      // The triggers keep it so: a sale moves the entry, a return moves it back, a new part sold at once
      // goes straight to the other index, a deleted one leaves its index.
      await db.updateTable('parts').set({ stato: 'venduto' }).where('seq', '=', 1).execute();
      await db.updateTable('parts').set({ stato: 'reso' }).where('seq', '=', 3).execute();
      await db.insertInto('parts').values(partRow(7, 'scartato')).execute();
      await db.deleteFrom('parts').where('seq', '=', 5).execute();
      expect(await entries(anyDb, 'parts_fts')).toEqual([2, 3, 4]);
      expect(await entries(anyDb, 'parts_fts_out')).toEqual([1, 6, 7]);
      // A new text is written where the part is; a status move on the same side leaves the entry.
      await db.updateTable('parts').set({ nome_norm: 'fanale sold' }).where('seq', '=', 1).execute();
      await db.updateTable('parts').set({ stato: 'riservato' }).where('seq', '=', 4).execute();
      expect(await entries(anyDb, 'parts_fts_out', 'f_nome : "fanale"')).toEqual([1]);
      expect(await entries(anyDb, 'parts_fts')).toEqual([2, 3, 4]);
      // Nothing anywhere else: each part in exactly one index.
      expect(await entries(anyDb, 'parts_fts', 'f_nome : "fanale"')).toEqual([]);
      expect(await entries(anyDb, 'parts_fts_out')).toEqual([6, 7]);
    }
  });

  it('goes back to 021: every entry in parts_fts again, kept by 021’s triggers', async () => {
    const { db: anyDb, migrator } = await previousVersion();
    await anyDb.insertInto('parts').values(ROWS).execute();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect((await migrator.migrateTo('021-two-character-terms')).error).toBeUndefined();
    const tables = (await anyDb.introspection.getTables()).map((table) => table.name);
    expect(tables).not.toContain('parts_fts_out');
    const db = anyDb as unknown as Kysely<Database>;
    if (dialect === 'sqlite') {
      expect(await entries(anyDb, 'parts_fts')).toEqual([1, 2, 3, 4, 5, 6]);
      expect(await usermerge(anyDb, 'parts_fts')).toBe(4);
      await db.updateTable('parts').set({ stato: 'scartato' }).where('seq', '=', 1).execute();
      await db.insertInto('parts').values(partRow(7, 'venduto')).execute();
      expect(await entries(anyDb, 'parts_fts')).toEqual([1, 2, 3, 4, 5, 6, 7]);
    }
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await seqs(db, { q: 'faro', stato: ['venduto', 'scartato'] })).toEqual(
      dialect === 'sqlite' ? [7, 6, 5, 3, 1] : [6, 5, 3],
    );
  });
});
