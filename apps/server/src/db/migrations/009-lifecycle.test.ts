import { PartInputSchema } from '@magazzino/contract';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../test/databases.js';
import { partInput } from '../../../test/factories.js';
import { countRows, previousVersionDatabase, type AnyDb } from '../../../test/migrations.js';
import { newId } from '../../lib/ids.js';
import { toNewRow } from '../../modules/parts/parts.mapper.js';

/** A part row as version 008 stores it: today's row without the columns 009 adds. */
function oldPartRow(index: number, categoria: string) {
  const time = Date.parse('2025-01-01T00:00:00.000Z') + index * 1000;
  const input = PartInputSchema.parse(partInput({ nome: `Ricambio ${index}`, categoria }));
  const { prezzo_centesimi: _price, ...row } = toNewRow(input, newId(time), new Date(time).toISOString());
  return row;
}

const counts = (db: AnyDb) => countRows(db, 'part_category_counts');

describe.each(DIALECTS)('migration 009-lifecycle on %s', (dialect) => {
  /** A database of the previous version (migrations up to 008), its Kysely and migrator. */
  const previousVersion = previousVersionDatabase(dialect, '008-rate-limits');

  it('makes every existing part disponibile, without a price, counted per category and status', async () => {
    const { db, migrator } = await previousVersion();
    await db
      .insertInto('parts')
      .values([oldPartRow(1, 'Freni'), oldPartRow(2, 'Freni'), oldPartRow(3, 'Motore')])
      .execute();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    const parts = await db
      .selectFrom('parts')
      .select(['stato', 'prezzo_centesimi', 'riserva_fino'])
      .execute();
    expect(parts).toEqual(
      Array(3).fill({ stato: 'disponibile', prezzo_centesimi: null, riserva_fino: null }),
    );
    expect(await counts(db)).toEqual([
      { categoria: 'Freni', stato: 'disponibile', count: 2 },
      { categoria: 'Motore', stato: 'disponibile', count: 1 },
    ]);
    // The triggers follow a change of status and of category, and a deletion.
    await db.updateTable('parts').set({ stato: 'venduto' }).where('nome', '=', 'Ricambio 1').execute();
    await db.updateTable('parts').set({ categoria: 'Motore' }).where('nome', '=', 'Ricambio 2').execute();
    await db.deleteFrom('parts').where('nome', '=', 'Ricambio 3').execute();
    expect(await counts(db)).toEqual([
      { categoria: 'Freni', stato: 'venduto', count: 1 },
      { categoria: 'Motore', stato: 'disponibile', count: 1 },
    ]);
  });

  it('goes back down to 008, counting per category again, and up again', async () => {
    const { db, migrator } = await previousVersion();
    await db
      .insertInto('parts')
      .values([oldPartRow(1, 'Freni'), oldPartRow(2, 'Freni')])
      .execute();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    await db.updateTable('parts').set({ stato: 'scartato' }).where('nome', '=', 'Ricambio 1').execute();
    expect((await migrator.migrateTo('008-rate-limits')).error).toBeUndefined();
    expect(await counts(db)).toEqual([{ categoria: 'Freni', count: 2 }]);
    await db.insertInto('parts').values(oldPartRow(3, 'Freni')).execute();
    expect(await counts(db)).toEqual([{ categoria: 'Freni', count: 3 }]);
    const tables = (await db.introspection.getTables()).map((table) => table.name);
    expect(tables).not.toContain('part_events');
    expect(tables).not.toContain('parts_bin');
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await counts(db)).toEqual([{ categoria: 'Freni', stato: 'disponibile', count: 3 }]);
  });
});
