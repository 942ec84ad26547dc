import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../test/databases.js';
import { previousVersionDatabase, type AnyDb } from '../../../test/migrations.js';

/** The version before this one. */
const PREVIOUS = '014-fitment';

describe.each(DIALECTS)('migration 015-imports on %s', (dialect) => {
  const previousVersion = previousVersionDatabase(dialect, PREVIOUS);
  const tableNames = async (db: AnyDb) => (await db.introspection.getTables()).map((table) => table.name);

  it('adds the imports, their files, refused rows and remembered mappings, and takes them away again', async () => {
    const { db, migrator } = await previousVersion();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await tableNames(db)).toEqual(
      expect.arrayContaining(['imports', 'import_files', 'import_rejects', 'import_mappings']),
    );
    const now = new Date().toISOString();
    await db
      .insertInto('imports')
      .values({
        id: 'i1',
        user_id: null,
        user_name: null,
        file_name: 'a.csv',
        format: 'csv',
        columns: '["nome"]',
        samples: '[["Faro"]]',
        header_key: 'k',
        rows: 1,
        mapping: '{}',
        status: 'caricato',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const bytes = Buffer.from([0, 1, 2, 255]);
    await db.insertInto('import_files').values({ import_id: 'i1', size: 4, bytes }).execute();
    await db
      .insertInto('import_rejects')
      .values({ import_id: 'i1', line: 2, cells: '[]', error: 'x' })
      .execute();
    // Counters start at zero; the bytes come back as they went in.
    expect(
      await db.selectFrom('imports').select(['processed', 'imported', 'updated', 'refused']).execute(),
    ).toEqual([{ processed: 0, imported: 0, updated: 0, refused: 0 }]);
    const stored = await db.selectFrom('import_files').select('bytes').executeTakeFirstOrThrow();
    expect(Buffer.from(stored.bytes as Uint8Array)).toEqual(bytes);
    // One refused row per line.
    await expect(
      db.insertInto('import_rejects').values({ import_id: 'i1', line: 2, cells: '[]', error: 'y' }).execute(),
    ).rejects.toThrow();

    expect((await migrator.migrateTo(PREVIOUS)).error).toBeUndefined();
    const left = await tableNames(db);
    for (const table of ['imports', 'import_files', 'import_rejects', 'import_mappings']) {
      expect(left).not.toContain(table);
    }
  });
});
