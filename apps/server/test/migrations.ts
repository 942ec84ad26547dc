import { Migrator, type Kysely } from 'kysely';
import { migrations } from '../src/db/migrations/index.js';

/**
 * A migrator over the app's own migrations, for a migration test that walks a database version by
 * version (`migrateTo('006-optional-fields')`, fill it as that version would, then
 * `migrateToLatest()`). `db` may have any shape: it is the previous version's.
 */
export function testMigrator<DB>(db: Kysely<DB>): Migrator {
  return new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
}
