import { PartInputSchema } from '@magazzino/contract';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../test/databases.js';
import { partInput } from '../../../test/factories.js';
import { previousVersionDatabase, type AnyDb } from '../../../test/migrations.js';
import { newId } from '../../lib/ids.js';
import { toNewRow } from '../../modules/parts/parts.mapper.js';
import { findPartById } from '../../modules/parts/parts.repository.js';
import type { Database } from '../schema.js';

const photo = (n: number) => `/media/${String(n).padStart(64, 'd')}.webp`;

/** A part as 017 stores it: its row, and a part_images row for each of its photos. */
function partAt017(index: number, photos: readonly string[]) {
  const time = Date.parse('2025-01-01T00:00:00.000Z') + index * 1000;
  const input = PartInputSchema.parse(
    partInput({ nome: `Ricambio ${index}`, urlImmagine: photos[0] ?? null }),
  );
  const row = { ...toNewRow(input, newId(time), new Date(time).toISOString()) };
  return {
    row: { ...row, image_count: photos.length > 1 ? photos.length : null },
    images: photos.map((url, position) => ({ part_id: row.id, position, url })),
  };
}

/** A part in the bin as 017 stores it, with a parts_bin_images row for each of its photos. */
function binnedAt017(index: number, photos: readonly string[]) {
  const id = newId(Date.parse('2025-03-01T00:00:00.000Z') + index * 1000);
  return {
    row: {
      id,
      seq: 1000 + index,
      part: JSON.stringify({
        _id: id,
        nome: `Cestinato ${index}`,
        urlImmagine: photos[0] ?? null,
        immagini: photos,
      }),
      url_immagine: photos[0] ?? null,
      deleted_at: '2025-04-01T00:00:00.000Z',
      deleted_by: null,
      deleted_by_name: null,
    },
    images: photos.map((url, position) => ({ part_id: id, position, url })),
  };
}

describe.each(DIALECTS)('migration 018-part-images-several on %s', (dialect) => {
  const previousVersion = previousVersionDatabase(dialect, '017-part-images');

  async function seed(anyDb: AnyDb) {
    const single = partAt017(1, [photo(1)]);
    const album = partAt017(2, [photo(2), photo(3), photo(4)]);
    const bare = partAt017(3, []);
    await anyDb.insertInto('parts').values([single.row, album.row, bare.row]).execute();
    await anyDb
      .insertInto('part_images')
      .values([...single.images, ...album.images])
      .execute();
    const binnedSingle = binnedAt017(1, [photo(5)]);
    const binnedPair = binnedAt017(2, [photo(6), photo(7)]);
    await anyDb.insertInto('parts_bin').values([binnedSingle.row, binnedPair.row]).execute();
    await anyDb
      .insertInto('parts_bin_images')
      .values([...binnedSingle.images, ...binnedPair.images])
      .execute();
    return { single, album, bare, binnedPair };
  }

  it('keeps rows only for the parts with several photos, and every part reads its photos as before', async () => {
    const { db: anyDb, migrator } = await previousVersion();
    const { single, album, bare, binnedPair } = await seed(anyDb);

    expect((await migrator.migrateTo('018-part-images-several')).error).toBeUndefined();
    const db = anyDb as unknown as Kysely<Database>;
    expect(
      await db.selectFrom('part_images').select(['part_id', 'position', 'url']).orderBy('seq').execute(),
    ).toEqual(album.images);
    expect(
      await db.selectFrom('parts_bin_images').select(['part_id', 'position', 'url']).orderBy('seq').execute(),
    ).toEqual(binnedPair.images);

    expect(await findPartById(db, single.row.id)).toMatchObject({
      urlImmagine: photo(1),
      immagini: [photo(1)],
    });
    expect(await findPartById(db, album.row.id)).toMatchObject({
      urlImmagine: photo(2),
      immagini: [photo(2), photo(3), photo(4)],
    });
    expect(await findPartById(db, bare.row.id)).toMatchObject({ urlImmagine: null, immagini: [] });
  });

  it("goes back to 017's rows for every photo and forward again", async () => {
    const { db: anyDb, migrator } = await previousVersion();
    const { single, album } = await seed(anyDb);
    const partImages = () =>
      anyDb
        .selectFrom('part_images')
        .select(['part_id', 'position', 'url'])
        .orderBy('part_id')
        .orderBy('position')
        .execute();
    const binImages = () => anyDb.selectFrom('parts_bin_images').select('url').orderBy('url').execute();
    const before = await partImages();

    expect((await migrator.migrateTo('018-part-images-several')).error).toBeUndefined();
    expect((await migrator.migrateTo('017-part-images')).error).toBeUndefined();
    expect(await partImages()).toEqual(before);
    expect(await partImages()).toContainEqual({ part_id: single.row.id, position: 0, url: photo(1) });
    expect((await binImages()).map((row) => row.url)).toEqual([photo(5), photo(6), photo(7)]);

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect((await partImages()).map((row) => row.url)).toEqual(album.images.map((image) => image.url));
  });
});
