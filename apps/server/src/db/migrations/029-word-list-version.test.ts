import { PartInputSchema } from '@magazzino/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { partInput } from '../../../test/factories.js';
import { DIALECTS } from '../../../test/databases.js';
import { previousVersionDatabase, type AnyDb } from '../../../test/migrations.js';
import { newId } from '../../lib/ids.js';
import { toNewRow } from '../../modules/parts/parts.mapper.js';

/** Part number `index`, as 028 stores it. */
function partRow(index: number, fields: Record<string, unknown>) {
  const time = Date.parse('2025-07-01T00:00:00.000Z') + index * 1000;
  const input = PartInputSchema.parse(partInput(fields));
  return toNewRow(input, newId(time), new Date(time).toISOString());
}

/** The version of the list of words, as the search reads it. */
async function version(db: AnyDb): Promise<number> {
  const { rows } = await sql<{
    v: string;
  }>`select coalesce(sum(added), 0) as v from search_words_version`.execute(db);
  return Number(rows[0]?.v);
}

const tableNames = async (db: AnyDb) => (await db.introspection.getTables()).map((table) => table.name);

describe.runIf(DIALECTS.includes('postgres'))('migration 029-word-list-version on postgres', () => {
  const previousVersion = previousVersionDatabase('postgres', '028-search-index-automerge');

  it('raises the version once for each transaction adding words to the list, only then, and goes back', async () => {
    const { db, migrator } = await previousVersion();
    await db
      .insertInto('parts')
      .values(partRow(1, { nome: 'Faro anteriore', marca: 'Fiat' }))
      .execute();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const start = await version(db);

    // A part whose words are all listed adds none: the version stays.
    await db
      .insertInto('parts')
      .values(partRow(2, { nome: 'Faro anteriore', marca: 'Fiat' }))
      .execute();
    expect(await version(db)).toBe(start);

    // Two new words ('zqxwerty', 'vkwpl'): one step, in the part's own transaction.
    await db
      .insertInto('parts')
      .values(partRow(3, { nome: 'Zqxwerty vkwpl', marca: 'Fiat' }))
      .execute();
    expect(await version(db)).toBe(start + 1);
    // A transaction writing several parts, each with words of its own: one step.
    await db.transaction().execute(async (trx) => {
      for (let index = 10; index < 15; index += 1) {
        await trx
          .insertInto('parts')
          .values(partRow(index, { nome: `Qwplk${'xyzuv'.slice(0, index - 9)}`, marca: 'Fiat' }))
          .execute();
      }
    });
    expect(await version(db)).toBe(start + 2);
    // Rolled back, its word was never listed: no step either.
    await db
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('parts')
          .values(partRow(4, { nome: 'Wqkzzy', marca: 'Fiat' }))
          .execute();
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await version(db)).toBe(start + 2);
    const listed = await db
      .selectFrom('search_words')
      .select('word')
      .where('word', 'like', 'qwplk%')
      .execute();
    expect(listed.map((row) => row.word).sort()).toEqual([
      'qwplkx',
      'qwplkxy',
      'qwplkxyz',
      'qwplkxyzu',
      'qwplkxyzuv',
    ]);

    // The counter of a shard whose row is gone is written again, never lost.
    await sql`delete from search_words_version`.execute(db);
    await db
      .insertInto('parts')
      .values(partRow(5, { nome: 'Xvbnmqa', marca: 'Fiat' }))
      .execute();
    expect(await version(db)).toBe(1);

    expect((await migrator.migrateTo('028-search-index-automerge')).error).toBeUndefined();
    expect(await tableNames(db)).not.toContain('search_words_version');
    // The list keeps growing without it.
    await db
      .insertInto('parts')
      .values(partRow(6, { nome: 'Plmoknji', marca: 'Fiat' }))
      .execute();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await version(db)).toBe(0);
  });
});
