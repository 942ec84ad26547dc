import { inspect } from 'node:util';
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { DatabaseHandle } from './dialect.js';
import { migrations } from './migrations/index.js';

class StaticMigrationProvider implements MigrationProvider {
  constructor(private readonly all: Record<string, Migration>) {}
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(this.all);
  }
}

/** Applies every pending migration; throws (with the failing migration's name) on error. */
export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new StaticMigrationProvider(migrations) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : inspect(error);
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${reason}`, {
      cause: error,
    });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * Applies every pending migration to the database of `handle`, holding the migration lock: when
 * several instances start at once, one applies them and the others wait, then find none left.
 */
export function migrateDatabase(handle: Pick<DatabaseHandle, 'db' | 'withMigrationLock'>): Promise<string[]> {
  return handle.withMigrationLock(() => migrateToLatest(handle.db));
}
