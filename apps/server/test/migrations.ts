import { Migrator, type Kysely } from 'kysely';
import { expect } from 'vitest';
import type { DialectName } from '../src/db/dialect.js';
import { migrations } from '../src/db/migrations/index.js';
import { createTestDatabase, openedForEachTest } from './databases.js';

/**
 * A migrator over the app's own migrations, for a migration test that walks a database version by
 * version (`migrateTo('006-optional-fields')`, fill it as that version would, then
 * `migrateToLatest()`). `db` may have any shape: it is the previous version's.
 */
export function testMigrator<DB>(db: Kysely<DB>): Migrator {
  return new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
}

/** A database of any shape, as a migration test sees the previous version's. */
export type AnyDb = Kysely<Record<string, Record<string, unknown>>>;

/**
 * For a migration test: a fresh database of `dialect` brought up to migration `upTo` (the previous
 * version), with its Kysely and the migrator; closed (or before, by `close`) and dropped after each test.
 */
export function previousVersionDatabase(dialect: DialectName, upTo: string) {
  const open = openedForEachTest();
  return async () => {
    const { database, handle, close } = await open(createTestDatabase(dialect));
    // Migrations take any shape of database: this one is the previous version's.
    const db = handle.db as unknown as AnyDb;
    const migrator = testMigrator(db);
    expect((await migrator.migrateTo(upTo)).error).toBeUndefined();
    return { db, migrator, database, close };
  };
}

/**
 * The rows of a table of counts kept by triggers (`count` per key) as the app reads them: on
 * PostgreSQL from migration 020 a key's rows (one per shard) added up and the `shard` column left
 * out; keys whose count is 0 left out. In the order of their keys.
 */
export async function countRows(db: AnyDb, table: string): Promise<Record<string, unknown>[]> {
  const sums = new Map<string, Record<string, unknown>>();
  for (const { shard: _shard, count, ...key } of await db.selectFrom(table).selectAll().execute()) {
    const name = JSON.stringify(Object.entries(key).sort(([a], [b]) => a.localeCompare(b)));
    const sum = (sums.get(name)?.count as number | undefined) ?? 0;
    sums.set(name, { ...key, count: sum + Number(count) });
  }
  return [...sums.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([, row]) => row)
    .filter((row) => row.count !== 0);
}

/** Whether `promise` settles within `ms` (a statement that waits for a lock does not). */
export const settlesWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([
    promise.then(
      () => true,
      () => true,
    ),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);
