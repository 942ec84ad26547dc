import { PartInputSchema } from '@magazzino/contract';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../test/databases.js';
import { partInput } from '../../../test/factories.js';
import { previousVersionDatabase } from '../../../test/migrations.js';
import { newId } from '../../lib/ids.js';
import { toNewRow } from '../../modules/parts/parts.mapper.js';
import { findPartById, findPartsBySeq } from '../../modules/parts/parts.repository.js';
import type { Database } from '../schema.js';

const photo = (n: number) => `/media/${String(n).padStart(64, 'c')}.webp`;

/** A part as 016 stores it (the mapper's row of a part with at most one photo is that row). */
function partRow(index: number, fields: Record<string, unknown> = {}) {
  const time = Date.parse('2025-01-01T00:00:00.000Z') + index * 1000;
  const input = PartInputSchema.parse(partInput({ nome: `Ricambio ${index}`, ...fields }));
  return toNewRow(input, newId(time), new Date(time).toISOString());
}

describe.each(DIALECTS)('migration 017-part-images on %s', (dialect) => {
  const previousVersion = previousVersionDatabase(dialect, '016-recovery-code-key');

  it("makes each part's one photo its first, its cover still on the row, and the bin's photos kept", async () => {
    const { db: anyDb, migrator } = await previousVersion();
    const rows = [partRow(1, { urlImmagine: photo(1) }), partRow(2), partRow(3, { urlImmagine: photo(3) })];
    await anyDb.insertInto('parts').values(rows).execute();
    const binned = partRow(4, { urlImmagine: photo(4) });
    await anyDb
      .insertInto('parts_bin')
      .values({
        id: binned.id,
        seq: 99,
        part: JSON.stringify({ _id: binned.id, nome: 'Ricambio 4', urlImmagine: photo(4) }),
        url_immagine: photo(4),
        deleted_at: '2025-02-01T00:00:00.000Z',
        deleted_by: null,
        deleted_by_name: null,
      })
      .execute();
    const before = await anyDb.selectFrom('parts').selectAll().orderBy('seq').execute();

    expect((await migrator.migrateTo('017-part-images')).error).toBeUndefined();
    const db = anyDb as unknown as Kysely<Database>;

    // The rows are what they were, the new column empty (no part had more than one photo).
    const after = await db.selectFrom('parts').selectAll().orderBy('seq').execute();
    expect(after).toMatchObject(before);
    expect(after.map((row) => row.image_count)).toEqual([null, null, null]);
    expect(
      await db.selectFrom('part_images').select(['part_id', 'position', 'url']).orderBy('seq').execute(),
    ).toEqual([
      { part_id: rows[0]?.id, position: 0, url: photo(1) },
      { part_id: rows[2]?.id, position: 0, url: photo(3) },
    ]);
    expect(await db.selectFrom('parts_bin_images').select(['part_id', 'url']).execute()).toEqual([
      { part_id: binned.id, url: photo(4) },
    ]);

    // The repository reads them as the API gives them: the code from seq, the photos in order.
    const [first] = after;
    if (!first) throw new Error('no part');
    expect(await findPartById(db, first.id)).toMatchObject({
      codiceRicambio: `R-${String(first.seq).padStart(6, '0')}`,
      urlImmagine: photo(1),
      immagini: [photo(1)],
    });
    const bySeq = await findPartsBySeq(
      db,
      after.map((row) => Number(row.seq)),
    );
    expect(bySeq.map((part) => part.immagini)).toEqual([[photo(1)], [], [photo(3)]]);

    // A part's photos go with it; a bin entry's with it.
    await db.deleteFrom('parts').where('id', '=', first.id).execute();
    await db.deleteFrom('parts_bin').where('id', '=', binned.id).execute();
    expect(await db.selectFrom('part_images').select('url').execute()).toEqual([{ url: photo(3) }]);
    expect(await db.selectFrom('parts_bin_images').select('url').execute()).toEqual([]);
  });

  it('refuses two photos at one position of a part (the unique key)', async () => {
    const { db: anyDb, migrator } = await previousVersion();
    expect((await migrator.migrateTo('017-part-images')).error).toBeUndefined();
    const row = partRow(5);
    await anyDb.insertInto('parts').values(row).execute();
    await anyDb
      .insertInto('part_images')
      .values({ part_id: row.id, position: 0, url: photo(5) })
      .execute();
    await expect(
      anyDb
        .insertInto('part_images')
        .values({ part_id: row.id, position: 0, url: photo(6) })
        .execute(),
    ).rejects.toThrow(/unique|duplicate/i);
  });

  it('goes back to 016 and forward again', async () => {
    const { db: anyDb, migrator } = await previousVersion();
    await anyDb
      .insertInto('parts')
      .values(partRow(6, { urlImmagine: photo(6) }))
      .execute();
    expect((await migrator.migrateTo('017-part-images')).error).toBeUndefined();
    expect((await migrator.migrateTo('016-recovery-code-key')).error).toBeUndefined();
    const tables = await anyDb.introspection.getTables();
    expect(tables.map((table) => table.name)).not.toContain('part_images');
    const columns = tables.find((table) => table.name === 'parts')?.columns;
    expect(columns?.map((column) => column.name)).not.toContain('image_count');
    expect((await migrator.migrateTo('017-part-images')).error).toBeUndefined();
    expect(await anyDb.selectFrom('part_images').select('url').execute()).toEqual([{ url: photo(6) }]);
  });
});
