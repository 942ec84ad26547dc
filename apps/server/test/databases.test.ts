import { sql } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/dialect.js';
import { migrateDatabase } from '../src/db/migrate.js';
import { migrations } from '../src/db/migrations/index.js';
import { createMigratedTestDatabase, createTestDatabase, DIALECTS, openedForEachTest } from './databases.js';

describe.each(DIALECTS)('test databases on %s', (dialect) => {
  const open = openedForEachTest();

  /** The migrations the database has applied (none when it has no table of them yet). */
  async function applied(handle: DatabaseHandle): Promise<string[]> {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`
      .execute(handle.db)
      .catch(() => ({ rows: [] }));
    return rows.map((row) => row.name);
  }

  it('copies the run’s migrated template: every migration applied, none left for the app', async () => {
    const templates = inject('migratedTemplates');
    expect(dialect === 'sqlite' ? templates.sqliteFile : templates.postgresDatabase).toBeDefined();
    const { handle } = await open(createMigratedTestDatabase(dialect));
    expect(await applied(handle)).toEqual(Object.keys(migrations).sort());
    expect(await migrateDatabase(handle)).toEqual([]);
  });

  it('makes an empty one for the tests of migrations', async () => {
    const { handle } = await open(createTestDatabase(dialect));
    expect(await applied(handle)).toEqual([]);
  });
});
