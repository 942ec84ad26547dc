import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/dialect.js';
import { migrateDatabase } from '../src/db/migrate.js';
import { migrations } from '../src/db/migrations/index.js';
import { createMigratedTestDatabase, createTestDatabase, DIALECTS, type TestDatabase } from './databases.js';

describe.each(DIALECTS)('test databases on %s', (dialect) => {
  let database: TestDatabase | undefined;
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
    await database?.drop();
    database = undefined;
  });

  /** The migrations `made` has applied (none when it has no table of them yet). */
  async function applied(made: TestDatabase): Promise<string[]> {
    handle = openDatabase({ databaseUrl: made.databaseUrl, dataDir: made.dataDir, sqliteReaders: 0 });
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`
      .execute(handle.db)
      .catch(() => ({ rows: [] }));
    return rows.map((row) => row.name);
  }

  it('copies the run’s migrated template: every migration applied, none left for the app', async () => {
    database = await createMigratedTestDatabase(dialect);
    expect(await applied(database)).toEqual(Object.keys(migrations).sort());
    expect(await migrateDatabase(handle as DatabaseHandle)).toEqual([]);
  });

  it('makes an empty one for the tests of migrations', async () => {
    database = await createTestDatabase(dialect);
    expect(await applied(database)).toEqual([]);
  });
});
