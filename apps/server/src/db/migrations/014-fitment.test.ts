import { PartInputSchema } from '@magazzino/contract';
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../test/databases.js';
import { partInput } from '../../../test/factories.js';
import { previousVersionDatabase } from '../../../test/migrations.js';
import { newId } from '../../lib/ids.js';
import { toNewRow } from '../../modules/parts/parts.mapper.js';
import { countParts, listPartsPage, REGISTRATION } from '../../modules/parts/parts.repository.js';
import type { Database } from '../schema.js';

/** A part as 013 stores it (the mapper's row of a part without vehicle or fitment is that row). */
function partRow(index: number, fields: Record<string, unknown> = {}) {
  const time = Date.parse('2025-01-01T00:00:00.000Z') + index * 1000;
  const input = PartInputSchema.parse(partInput({ nome: `Ricambio ${index}`, ...fields }));
  return toNewRow(input, newId(time), new Date(time).toISOString());
}

describe.each(DIALECTS)('migration 014-fitment on %s', (dialect) => {
  const previousVersion = previousVersionDatabase(dialect, '013-vehicles');

  it('adds the vehicle link and the fitment to a database with parts, without rewriting them or the index', async () => {
    const { db: anyDb, migrator } = await previousVersion();
    const rows = [
      partRow(1, { marca: 'Fiat', modello: 'Punto', codice: 'AB-12' }),
      partRow(2, { marca: 'Lancia', modello: 'Ypsilon' }),
    ];
    await anyDb.insertInto('parts').values(rows).execute();
    const before = await anyDb.selectFrom('parts').selectAll().orderBy('seq').execute();

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const db = anyDb as unknown as Kysely<Database>;

    // The rows are what they were, the new columns empty.
    const after = await db.selectFrom('parts').selectAll().orderBy('seq').execute();
    expect(after.map((row) => ({ ...row, vehicle_id: undefined }))).toMatchObject(before);
    expect(
      after.map((row) => [row.vehicle_id, row.fitment_marca_norm, row.fitment_modello_norm, row.vehicle_key]),
    ).toEqual([
      [null, null, null, null],
      [null, null, null, null],
    ]);
    // The existing index entries still answer every kind of search.
    const all = { field: REGISTRATION, descending: true } as const;
    const names = async (filter: Parameters<typeof countParts>[1]) =>
      (await listPartsPage(db, filter, all, 10, 0)).map((part) => part.nome);
    expect(await names({ marca: 'lanc' })).toEqual(['Ricambio 2']);
    expect(await names({ modello: 'punt' })).toEqual(['Ricambio 1']);
    expect(await names({ q: 'ab12' })).toEqual(['Ricambio 1']);
    expect(await names({ q: 'ricambio' })).toEqual(['Ricambio 2', 'Ricambio 1']);

    // The new columns feed the index from now on, through the same columns of parts_fts.
    const [first] = after;
    if (!first) throw new Error('no part');
    await db
      .updateTable('parts')
      .set({ fitment_marca_norm: 'alfa romeo', fitment_modello_norm: 'mito', vehicle_key: 'zz999yy' })
      .where('id', '=', first.id)
      .execute();
    expect(await names({ marca: 'romeo' })).toEqual(['Ricambio 1']);
    expect(await names({ modello: 'mito' })).toEqual(['Ricambio 1']);
    expect(await names({ q: 'zz-999' })).toEqual(['Ricambio 1']);
    expect(await names({ marca: 'fiat' })).toEqual(['Ricambio 1']);
    expect(await names({ q: 'ab12' })).toEqual(['Ricambio 1']);

    // Fitment rows go with their part.
    await db
      .insertInto('part_fitments')
      .values({ part_id: first.id, position: 0, marca: 'Alfa Romeo', modello: 'Mito' })
      .execute();
    await db.deleteFrom('parts').where('id', '=', first.id).execute();
    expect(await db.selectFrom('part_fitments').selectAll().execute()).toEqual([]);
    expect(await names({ marca: 'romeo' })).toEqual([]);
  });

  it('refuses a link to a vehicle that does not exist (the foreign key)', async () => {
    const { db: anyDb, migrator } = await previousVersion();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    await expect(
      anyDb
        .insertInto('parts')
        .values({ ...partRow(3), vehicle_id: 'no-such-vehicle' })
        .execute(),
    ).rejects.toThrow(/foreign key/i);
  });

  it('goes back to 013: the index entries of linked parts are their own again', async () => {
    const { db: anyDb, migrator } = await previousVersion();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const db = anyDb as unknown as Kysely<Database>;
    await db
      .insertInto('parts')
      .values({ ...partRow(4, { marca: 'Fiat' }), fitment_marca_norm: 'saab' })
      .execute();
    expect(await countParts(db, { marca: 'saab' }, 10)).toEqual({ count: 1, exact: true });
    expect((await migrator.migrateTo('013-vehicles')).error).toBeUndefined();
    const columns = (await db.introspection.getTables()).find((table) => table.name === 'parts')?.columns;
    expect(columns?.map((column) => column.name)).not.toContain('vehicle_id');
    if (dialect === 'sqlite') {
      const hits = await sql<{
        n: number;
      }>`select count(*) as n from parts_fts where parts_fts match 'f_marca : "saab"'`.execute(db);
      expect(Number(hits.rows[0]?.n)).toBe(0);
    }
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
  });
});
