import { PartInputSchema } from '@magazzino/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { partInput } from '../../../test/factories.js';
import { previousVersionDatabase, type AnyDb } from '../../../test/migrations.js';
import { newId } from '../../lib/ids.js';
import { toNewRow } from '../../modules/parts/parts.mapper.js';
import { FTS_INDEXES } from './028-search-index-automerge.js';

/** Part number `index`, as 027 stores it. */
function partRow(index: number) {
  const time = Date.parse('2025-06-01T00:00:00.000Z') + index * 1000;
  const input = PartInputSchema.parse(partInput({ nome: `Faro ${index}`, marca: 'Fiat', modello: 'Panda' }));
  return toNewRow(input, newId(time), new Date(time).toISOString());
}

/** Each search index's `automerge` as FTS5 keeps it (unset: FTS5's default, 4). */
async function automerge(db: AnyDb): Promise<Record<string, number>> {
  const entries = await Promise.all(
    FTS_INDEXES.map(async (index) => {
      const { rows } = await sql<{ v: number }>`select v from ${sql.table(`${index}_config`)}
        where k = 'automerge'`.execute(db);
      return [index, rows[0] === undefined ? 4 : Number(rows[0].v)] as const;
    }),
  );
  return Object.fromEntries(entries);
}

const every = (value: number) => Object.fromEntries(FTS_INDEXES.map((index) => [index, value]));

/** The parts the in-stock trigram index finds for 'faro' in their name. */
async function foundFaro(db: AnyDb): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from parts_fts
    where parts_fts match 'f_nome : "faro"'`.execute(db);
  return Number(rows[0]?.n);
}

describe('migration 028-search-index-automerge on sqlite', () => {
  const previousVersion = previousVersionDatabase('sqlite', '027-word-index-spans');

  it('sets every search index to merge a level at eight segments, every part still found, and goes back', async () => {
    const { db, migrator } = await previousVersion();
    await db
      .insertInto('parts')
      .values(Array.from({ length: 40 }, (_, index) => partRow(index)))
      .execute();
    expect(await automerge(db)).toEqual(every(4));

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await automerge(db)).toEqual(every(8));
    // Writes in batches, each its own commit and segment: merged or not, every part is found.
    for (let batch = 1; batch < 30; batch += 1) {
      await db
        .insertInto('parts')
        .values(Array.from({ length: 40 }, (_, index) => partRow(batch * 40 + index)))
        .execute();
    }
    expect(await foundFaro(db)).toBe(1_200);

    expect((await migrator.migrateTo('027-word-index-spans')).error).toBeUndefined();
    expect(await automerge(db)).toEqual(every(4));
    expect(await foundFaro(db)).toBe(1_200);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await automerge(db)).toEqual(every(8));
  });
});

describe('migration 028-search-index-automerge on postgres', () => {
  const previousVersion = previousVersionDatabase('postgres', '027-word-index-spans');

  it('has nothing to tune there: up and down leave the schema as it was', async () => {
    const { db, migrator } = await previousVersion();
    const relations = async () =>
      (
        await sql<{ name: string }>`select relname as name from pg_class
          where relnamespace = 'public'::regnamespace order by relname`.execute(db)
      ).rows.map((row) => row.name);
    const before = await relations();
    expect((await migrator.migrateTo('028-search-index-automerge')).error).toBeUndefined();
    expect(await relations()).toEqual(before);
    expect((await migrator.migrateTo('027-word-index-spans')).error).toBeUndefined();
    expect(await relations()).toEqual(before);
  });
});
