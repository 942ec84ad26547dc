/**
 * What `npm run backup` and `npm run restore` need from the dialects: a consistent snapshot of a
 * live database to export from, the migrations a database has applied, bringing a database to a
 * given migration, and the identity counter moved past imported rows. The rows themselves are
 * read and written with dialect-neutral queries (modules/backup/backup.repository.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { inspect } from 'node:util';
import { DEFAULT_MIGRATION_TABLE, Kysely, Migrator, SqliteDialect, sql } from 'kysely';
import { SQLITE_FILE_NAME, type DatabaseHandle } from './dialect.js';
import { migrations } from './migrations/index.js';
import type { Database } from './schema.js';
import SqliteDriver from './sqlite-driver.js';

/** Every migration this code knows, oldest first (their names sort in order: `NNN-name`). */
export const KNOWN_MIGRATIONS: readonly string[] = Object.keys(migrations).sort();

/** Pages of SQLite's online backup copied per step: all of them, in one step (see `withSnapshot`). */
const ALL_PAGES = 0x7fffffff;

/**
 * Runs `work` on a copy of the database as it was at one instant, while the app may keep writing.
 *
 * - SQLite: the online backup API copies the live file (WAL included) into `scratchDir`, then the
 *   export reads the copy. The whole copy is one backup step, so one read transaction: a step
 *   interrupted by another connection's write starts over, and with small steps a busy writer
 *   could keep restarting it. In WAL mode the writers are not blocked meanwhile, and the live
 *   WAL is held back only for the copy, not for the export.
 * - PostgreSQL: one REPEATABLE READ, READ ONLY transaction; every statement in it reads the
 *   snapshot taken at its first one.
 */
export async function withSnapshot<T>(
  handle: Pick<DatabaseHandle, 'db' | 'dialect'>,
  location: { dataDir: string; scratchDir: string },
  work: (snapshot: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (handle.dialect === 'postgres') {
    return handle.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute(work);
  }
  const copy = path.join(location.scratchDir, 'snapshot.sqlite');
  const live = new SqliteDriver(path.join(location.dataDir, SQLITE_FILE_NAME), { fileMustExist: true });
  try {
    live.pragma('busy_timeout = 5000');
    await live.backup(copy, { progress: () => ALL_PAGES });
  } finally {
    live.close();
  }
  // Opened read-write: the copy keeps the live file's WAL mode, which a read-only connection
  // cannot open without the -shm file. Nothing writes to it.
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SqliteDriver(copy) }) });
  try {
    return await work(db);
  } finally {
    await db.destroy();
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${copy}${suffix}`, { force: true });
  }
}

/** Names of the migrations applied to a database, oldest first; empty when none ever ran. */
export async function appliedMigrations(db: Kysely<Database>): Promise<string[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((table) => table.name === DEFAULT_MIGRATION_TABLE)) return [];
  const { rows } = await sql<{
    name: string;
  }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(db);
  return rows.map((row) => row.name).sort();
}

/**
 * Applies the migrations up to and including `name`, holding the migration lock like
 * `migrateDatabase`: a restore of an archive of an older schema fills a database at that schema,
 * then the remaining migrations upgrade the rows as they would upgrade a yard's own.
 */
export async function migrateDatabaseTo(
  handle: Pick<DatabaseHandle, 'db' | 'withMigrationLock'>,
  name: string,
): Promise<void> {
  const migrator = new Migrator({
    db: handle.db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
  });
  const { error, results } = await handle.withMigrationLock(() => migrator.migrateTo(name));
  if (error) {
    const failed = results?.find((result) => result.status === 'Error');
    const reason = error instanceof Error ? error.message : inspect(error);
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${reason}`, { cause: error });
  }
}

/**
 * Turns the row triggers of `table` off (or back on) for the rest of the caller's transaction,
 * where that is worth it; returns true when it did, and the caller then rebuilds what they keep.
 * PostgreSQL: the count triggers update one row per category for every part inserted, and in one
 * transaction each update leaves a row version nothing can prune before the commit, so a restore
 * of 100,000 parts walked ever longer version chains (86 s instead of 15 s). Turning them off
 * (the app's user owns its tables) is undone by a rollback like everything else. SQLite keeps
 * them: there they also fill the search index, and cost the same for every row.
 */
export async function setRowTriggers(
  db: Kysely<Database>,
  dialect: DatabaseHandle['dialect'],
  table: string,
  enabled: boolean,
): Promise<boolean> {
  if (dialect === 'sqlite') return false;
  await sql`alter table ${sql.table(table)} ${sql.raw(enabled ? 'enable' : 'disable')} trigger user`.execute(
    db,
  );
  return true;
}

/**
 * Makes the word index of the parts afresh (PostgreSQL, migration 024: `parts_words_rebuild()`
 * empties parts_words, writes every part's entry and lists its words), after the parts were
 * loaded or deleted with their triggers off (`setRowTriggers`). SQLite keeps its triggers on.
 */
export async function rebuildWordIndex(
  db: Kysely<Database>,
  dialect: DatabaseHandle['dialect'],
): Promise<void> {
  if (dialect === 'sqlite') return;
  await sql`select parts_words_rebuild()`.execute(db);
}

/**
 * After rows were inserted with their own values in a column the database numbers (`parts.seq`),
 * makes the next number follow the largest one. PostgreSQL's identity sequence does not notice
 * explicit values; SQLite's AUTOINCREMENT counter (sqlite_sequence) already follows every rowid
 * inserted, so there is nothing to do there unless `also` names numbers held elsewhere.
 * `also`: columns of other tables holding numbers this counter gave (the seq of a part in the bin,
 * which comes back with it): the next number follows those too, so none is given twice.
 */
export async function advanceIdentity(
  db: Kysely<Database>,
  dialect: DatabaseHandle['dialect'],
  table: string,
  column: string,
  also: readonly { table: string; column: string }[] = [],
): Promise<void> {
  const maxima = [{ table, column }, ...also].map(
    (source) => sql`coalesce((select max(${sql.ref(source.column)}) from ${sql.table(source.table)}), 0)`,
  );
  const largest =
    maxima.length === 1
      ? maxima[0]
      : sql`${sql.raw(dialect === 'sqlite' ? 'max' : 'greatest')}(${sql.join(maxima)})`;
  if (dialect === 'sqlite') {
    if (also.length === 0) return;
    // The counter's row exists once a row was inserted; max() keeps a larger one already there.
    await sql`update sqlite_sequence set seq = max(seq, ${largest}) where name = ${table}`.execute(db);
    await sql`insert into sqlite_sequence (name, seq) select ${table}, ${largest}
      where not exists (select 1 from sqlite_sequence where name = ${table})`.execute(db);
    return;
  }
  await sql`select setval(pg_get_serial_sequence(${table}, ${column}), ${largest} + 1, false)`.execute(db);
}
