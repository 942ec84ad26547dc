import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../../test/databases.js';
import { openDatabase, type DatabaseHandle } from './dialect.js';
import { migrateDatabase, migrateToLatest } from './migrate.js';
import { migrations } from './migrations/index.js';

describe.each(DIALECTS)('migrations on %s', (dialect) => {
  let database: TestDatabase;
  const handles: DatabaseHandle[] = [];
  afterEach(async () => {
    await Promise.all(handles.splice(0).map((handle) => handle.close()));
    await database.drop();
  });

  it('are applied once when two instances start at once: one applies them, the other waits', async () => {
    database = await createTestDatabase(dialect);
    for (let i = 0; i < 2; i += 1) {
      handles.push(openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir }));
    }
    const applied = await Promise.all(handles.map((handle) => migrateDatabase(handle)));

    // Every migration ran exactly once, whichever instance ran it.
    expect(applied.flat().sort()).toEqual(Object.keys(migrations).sort());
    const [first] = handles;
    if (!first) throw new Error('no handle');
    const recorded = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
      first.db,
    );
    expect(recorded.rows.map((row) => row.name)).toEqual(Object.keys(migrations).sort());
    // Both instances now see the same, complete schema.
    for (const handle of handles) {
      await expect(sql`select count(*) as n from parts`.execute(handle.db)).resolves.toBeDefined();
      await expect(migrateToLatest(handle.db)).resolves.toEqual([]);
    }
  });
});
