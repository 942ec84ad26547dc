import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../test/databases.js';
import { previousVersionDatabase, type AnyDb } from '../../../test/migrations.js';

describe.each(DIALECTS)('migration 013-vehicles on %s', (dialect) => {
  /** A database of the previous version (migrations up to 012), its Kysely and migrator. */
  const previousVersion = previousVersionDatabase(dialect, '012-count-lock-order');

  const tableNames = async (db: AnyDb) => (await db.introspection.getTables()).map((table) => table.name);

  const now = new Date().toISOString();
  const vehicle = (id: string, targa: string, telaio: string | null) => ({
    id,
    targa,
    telaio,
    marca: 'Fiat',
    modello: 'Punto',
    anno_immatricolazione: '2004',
    data_ingresso: '2024-03-15',
    targa_key: targa.toLowerCase(),
    marca_norm: 'fiat',
    modello_norm: 'punto',
    created_at: now,
    updated_at: now,
  });

  it('adds the vehicles with a unique targa, a telaio unique where given, and photos that go with them', async () => {
    const { db, migrator } = await previousVersion();
    expect((await migrator.migrateTo('013-vehicles')).error).toBeUndefined();
    expect(await tableNames(db)).toEqual(expect.arrayContaining(['vehicles', 'vehicle_images']));

    await db
      .insertInto('vehicles')
      .values(vehicle('v1', 'AB123CD', 'ZFA18800000123456'))
      .execute();
    // Many vehicles may have no telaio.
    await db
      .insertInto('vehicles')
      .values(vehicle('v2', 'EF456GH', null))
      .execute();
    await db
      .insertInto('vehicles')
      .values(vehicle('v3', 'IL789MN', null))
      .execute();
    const stored = await db
      .selectFrom('vehicles')
      .selectAll()
      .where('id', '=', 'v1')
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ version: 1, km: null, versione: null, note: null, alimentazione: null });

    await expect(
      db
        .insertInto('vehicles')
        .values(vehicle('v4', 'AB123CD', null))
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('vehicles')
        .values(vehicle('v5', 'ZZ000ZZ', 'ZFA18800000123456'))
        .execute(),
    ).rejects.toThrow();

    await db
      .insertInto('vehicle_images')
      .values([
        { vehicle_id: 'v1', position: 0, url: '/media/a.webp' },
        { vehicle_id: 'v1', position: 1, url: '/media/b.webp' },
      ])
      .execute();
    // One photo per position.
    await expect(
      db
        .insertInto('vehicle_images')
        .values({ vehicle_id: 'v1', position: 1, url: '/media/c.webp' })
        .execute(),
    ).rejects.toThrow();
    // Only a vehicle that exists has photos.
    await expect(
      db
        .insertInto('vehicle_images')
        .values({ vehicle_id: 'nessuno', position: 0, url: '/media/d.webp' })
        .execute(),
    ).rejects.toThrow();
    await db.deleteFrom('vehicles').where('id', '=', 'v1').execute();
    expect(await db.selectFrom('vehicle_images').selectAll().execute()).toEqual([]);
  });

  it('indexes the sorts, the filters and the photo URLs', async () => {
    const { db, migrator } = await previousVersion();
    expect((await migrator.migrateTo('013-vehicles')).error).toBeUndefined();
    const rows =
      dialect === 'sqlite'
        ? await db
            .selectFrom('sqlite_master' as never)
            .select('name' as never)
            .where('type' as never, '=', 'index' as never)
            .execute()
        : await db
            .selectFrom('pg_indexes' as never)
            .select('indexname as name' as never)
            .where('tablename' as never, 'in', ['vehicles', 'vehicle_images'] as never)
            .execute();
    const names = (rows as { name: string }[]).map((row) => row.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'vehicles_targa_unique',
        'vehicles_telaio_unique',
        'vehicles_marca_norm_idx',
        'vehicles_modello_norm_idx',
        'vehicles_anno_immatricolazione_idx',
        'vehicles_data_ingresso_idx',
        'vehicles_created_at_idx',
        'vehicle_images_url_idx',
      ]),
    );
  });

  it('goes back down to 012 without its tables, and up again', async () => {
    const { db, migrator } = await previousVersion();
    expect((await migrator.migrateTo('013-vehicles')).error).toBeUndefined();
    await db
      .insertInto('vehicles')
      .values(vehicle('v1', 'AB123CD', null))
      .execute();
    await db
      .insertInto('vehicle_images')
      .values({ vehicle_id: 'v1', position: 0, url: '/media/a.webp' })
      .execute();
    expect((await migrator.migrateTo('012-count-lock-order')).error).toBeUndefined();
    expect(await tableNames(db)).not.toContain('vehicles');
    expect(await tableNames(db)).not.toContain('vehicle_images');
    expect((await migrator.migrateTo('013-vehicles')).error).toBeUndefined();
    expect(await db.selectFrom('vehicles').selectAll().execute()).toEqual([]);
  });
});
