import { createHash } from 'node:crypto';
import { inspect } from 'node:util';
import type { Kysely } from 'kysely';
import {
  advanceIdentity,
  appliedMigrations,
  KNOWN_MIGRATIONS,
  migrateDatabaseTo,
  rebuildWordIndex,
  setRowTriggers,
} from '../../db/backup-support.js';
import type { DatabaseHandle } from '../../db/dialect.js';
import { migrateDatabase } from '../../db/migrate.js';
import type { Database } from '../../db/schema.js';
import type { MediaStorage } from '../media/storage/media-storage.js';
import {
  photoEntry,
  tableEntry,
  type Manifest,
  type PortableValue,
  type TableFile,
} from './archive-format.js';
import { readArchive, readLines, readWhole } from './archive-reader.js';
import { verifyArchive } from './archive-verify.js';
import { COPIED_TABLES, copiedTable, countOf, DERIVED_COUNTS, SIGN_IN_TABLES } from './backup-scope.js';
import { backupErrors } from './backup.errors.js';
import {
  countRows,
  deleteAllRows,
  insertRows,
  recount,
  tableColumns,
  type ColumnInfo,
} from './backup.repository.js';

/** Rows per INSERT: at most 500, and under both dialects' parameter limits (SQLite 32,766). */
const MAX_BATCH_ROWS = 500;
const MAX_PARAMETERS = 30_000;
/** Photos being written to the storage at once (each one synced): reading goes on meanwhile. */
const PARALLEL_PUTS = 4;

/** Where a restore writes: the database and the photo storage of the configuration. */
export interface RestoreTarget {
  handle: Pick<DatabaseHandle, 'db' | 'dialect' | 'withMigrationLock'>;
  storage: MediaStorage;
}

export interface RestoreOptions {
  /** Replace the data of a database that has some (else refused). */
  force: boolean;
  /** Told as each phase starts (an Italian line for the terminal). */
  onProgress?: (message: string) => void;
}

/** What a restore put back. */
export interface RestoreSummary {
  manifest: Manifest;
  tables: { name: string; rows: number }[];
  photos: number;
  photoBytes: number;
  /** The migrations applied after the rows (an archive of an older schema), oldest first. */
  upgradedThrough: string | undefined;
  ms: number;
}

/** "12 componenti, 3 utenti": the data a database holds, for the refusal message. */
async function dataHeld(db: Kysely<Database>, present: Map<string, ColumnInfo[]>): Promise<string[]> {
  const held: string[] = [];
  for (const table of COPIED_TABLES) {
    if (table.seededByMigrations || !present.has(table.name)) continue;
    const rows = await countRows(db, table.name);
    if (rows > 0) held.push(countOf(table.name, rows));
  }
  return held;
}

/** Refuses, before anything is written, an archive whose rows this database cannot take. */
function checkRowsFit(manifest: Manifest, present: Map<string, ColumnInfo[]>): void {
  for (const table of manifest.tables) {
    const columns = present.get(table.name);
    if (!columns) throw backupErrors.tableMissing(table.name);
    const names = new Set(columns.map((column) => column.name));
    const unknown = table.columns.filter((column) => !names.has(column));
    if (unknown.length > 0)
      throw backupErrors.rowsDoNotFit(table.name, `mancano le colonne ${unknown.join(', ')}`);
    const given = new Set(table.columns);
    const needed = columns.filter((column) => column.required && !given.has(column.name));
    if (needed.length > 0) {
      throw backupErrors.rowsDoNotFit(
        table.name,
        `l'archivio non ha le colonne obbligatorie ${needed.map((column) => column.name).join(', ')}`,
      );
    }
  }
}

/**
 * Stores every photo of the archive, checking each against the manifest again (the file was
 * read once already, but may have changed since). A few are written at once; at most that many
 * are held in memory.
 */
async function restorePhotos(file: string, manifest: Manifest, storage: MediaStorage): Promise<void> {
  const expected = new Map(manifest.photos.files.map((photo) => [photoEntry(photo.key), photo]));
  const running = new Set<Promise<void>>();
  let failure: Error | undefined;
  try {
    for await (const entry of readArchive(file)) {
      const photo = expected.get(entry.name);
      if (!photo) continue;
      const data = await readWhole(entry, photo.bytes);
      if (createHash('sha256').update(data).digest('hex') !== photo.sha256) {
        throw backupErrors.fileDoesNotMatch(entry.name, 'checksum SHA-256 diverso');
      }
      const contentType = photo.key.endsWith('.webp') ? 'image/webp' : 'application/octet-stream';
      const put: Promise<void> = storage
        .put(photo.key, data, contentType)
        .catch((error: unknown) => {
          failure ??= error instanceof Error ? error : new Error(inspect(error));
        })
        .finally(() => running.delete(put));
      running.add(put);
      while (running.size >= PARALLEL_PUTS) await Promise.race(running);
      if (failure !== undefined) break;
    }
  } finally {
    // Never rejects (each put keeps its failure): nothing is left writing behind a refusal.
    await Promise.all(running);
  }
  if (failure !== undefined) throw failure;
}

/** One line of a table file as the values of `table.columns`, in their order. */
function parseRow(table: TableFile, line: string, lineNumber: number): PortableValue[] {
  let row: unknown;
  try {
    row = JSON.parse(line);
  } catch {
    throw backupErrors.badRow(table.name, lineNumber, 'non è JSON valido');
  }
  if (typeof row !== 'object' || row === null || Array.isArray(row)) {
    throw backupErrors.badRow(table.name, lineNumber, 'non è un oggetto');
  }
  const record = row as Record<string, unknown>;
  if (Object.keys(record).length !== table.columns.length) {
    throw backupErrors.badRow(table.name, lineNumber, 'le colonne non sono quelle del manifesto');
  }
  return table.columns.map((column) => {
    const value = record[column];
    if (
      value === null ||
      typeof value === 'string' ||
      (typeof value === 'number' && Number.isFinite(value))
    ) {
      return value;
    }
    throw backupErrors.badRow(table.name, lineNumber, `valore non valido per ${column}`);
  });
}

/** Inserts the rows of every table file, streaming, in batches; the caller owns the transaction. */
async function importTables(
  trx: Kysely<Database>,
  dialect: DatabaseHandle['dialect'],
  file: string,
  manifest: Manifest,
): Promise<void> {
  const tables = new Map(manifest.tables.map((table) => [tableEntry(table.name), table]));
  for await (const entry of readArchive(file)) {
    const table = tables.get(entry.name);
    if (!table) continue;
    const scope = copiedTable(table.name);
    // The row the migrations made gives way to the archive's.
    if (scope?.seededByMigrations && table.rows > 0) await deleteAllRows(trx, table.name);
    const batchRows = Math.max(
      1,
      Math.min(MAX_BATCH_ROWS, Math.floor(MAX_PARAMETERS / table.columns.length)),
    );
    let batch: PortableValue[][] = [];
    let lineNumber = 0;
    for await (const line of readLines(entry.body)) {
      lineNumber += 1;
      batch.push(parseRow(table, line, lineNumber));
      if (batch.length >= batchRows) {
        await insertRows(trx, table.name, table.columns, batch);
        batch = [];
      }
    }
    await insertRows(trx, table.name, table.columns, batch);
    if (lineNumber !== table.rows) {
      throw backupErrors.fileDoesNotMatch(
        entry.name,
        `${lineNumber} righe, il manifesto ne dichiara ${table.rows}`,
      );
    }
    if (scope?.identity && table.columns.includes(scope.identity)) {
      await advanceIdentity(trx, dialect, table.name, scope.identity);
    }
    const numbers = scope?.holdsNumbersOf;
    if (numbers && table.columns.includes(numbers.own)) {
      await advanceIdentity(trx, dialect, numbers.table, numbers.column, [
        { table: table.name, column: numbers.own },
      ]);
    }
  }
}

/** Deletes every row a restore replaces: sign-in state first, then the copied tables, last first. */
async function emptyDatabase(trx: Kysely<Database>, present: Map<string, ColumnInfo[]>): Promise<void> {
  const tables = [...SIGN_IN_TABLES, ...COPIED_TABLES.map((table) => table.name).reverse()];
  for (const table of tables) if (present.has(table)) await deleteAllRows(trx, table);
}

/**
 * Restores an archive into the configured database and photo storage. In order:
 * 1. the whole archive is verified (archive-verify.ts): a damaged one changes nothing;
 * 2. the database gets its tables: to the latest schema, or, for an archive of an older schema
 *    into a database not past it, to the archive's schema (the remaining migrations run on the
 *    restored rows at the end, as they would have on the yard's own database);
 * 3. refused, its data untouched (its tables made), when the rows would not fit or it holds
 *    data (users, parts, images) and `force` is not set;
 * 4. the photos are stored (content-addressed: storing one again is harmless);
 * 5. the rows go in one transaction: with `force` the old rows (sessions included) are deleted
 *    first; the derived tables (counts, search index) follow through their triggers, or are
 *    counted afresh where the triggers are off for the load; the identity counter is moved past
 *    the restored rows. A failure rolls it all back.
 * Interrupted after 4, the database is as it was and the restore can simply be run again; the
 * photos it stored that no row uses are removed by the media cleanup a day later.
 */
export async function restoreBackup(
  file: string,
  target: RestoreTarget,
  options: RestoreOptions,
): Promise<RestoreSummary> {
  const started = performance.now();
  const progress = options.onProgress ?? (() => undefined);
  const { handle } = target;

  progress('Verifica dell’archivio…');
  const manifest = await verifyArchive(file);

  const applied = await appliedMigrations(handle.db);
  const unknown = applied.find((name) => !KNOWN_MIGRATIONS.includes(name));
  if (unknown !== undefined) throw backupErrors.databaseTooNew(unknown);
  const latest = KNOWN_MIGRATIONS.at(-1);
  const atArchiveSchema =
    manifest.schemaVersion !== latest && (applied.at(-1) ?? '') <= manifest.schemaVersion;
  if (atArchiveSchema) await migrateDatabaseTo(handle, manifest.schemaVersion);
  else await migrateDatabase(handle);

  const present = await tableColumns(handle.db);
  checkRowsFit(manifest, present);
  const held = await dataHeld(handle.db, present);
  if (held.length > 0 && !options.force) throw backupErrors.notEmpty(held.join(', '));

  progress('Ripristino delle foto…');
  await restorePhotos(file, manifest, target.storage);

  progress('Ripristino del database…');
  await handle.db.transaction().execute(async (trx) => {
    // Where the count triggers would cost more than the rows (PostgreSQL), they are off while
    // the rows go in and out, and the counts are made afresh before the commit.
    const counted = DERIVED_COUNTS.filter(
      (derived) => present.has(derived.table) && present.has(derived.source),
    );
    const sources = [...new Set(counted.map((derived) => derived.source))];
    let triggersOff = false;
    for (const source of sources)
      triggersOff = (await setRowTriggers(trx, handle.dialect, source, false)) || triggersOff;

    if (options.force) await emptyDatabase(trx, present);
    else {
      // Written to since the check above (the app was started meanwhile?): still refused.
      const heldNow = await dataHeld(trx, present);
      if (heldNow.length > 0) throw backupErrors.notEmpty(heldNow.join(', '));
    }
    await importTables(trx, handle.dialect, file, manifest);

    if (triggersOff) {
      for (const derived of counted) {
        const columns = new Set(present.get(derived.table)?.map((column) => column.name));
        const keys = derived.keys.filter((key) => columns.has(key));
        await recount(trx, derived.table, derived.source, keys, derived.computed);
      }
      // The word index's entries (PostgreSQL, migration 024), written by a trigger of parts.
      if (present.has('parts_words')) await rebuildWordIndex(trx, handle.dialect);
      for (const source of sources) await setRowTriggers(trx, handle.dialect, source, true);
    }
  });

  let upgradedThrough: string | undefined;
  if (atArchiveSchema) {
    progress('Aggiornamento dei dati alla versione attuale…');
    await migrateDatabase(handle);
    upgradedThrough = latest;
  }
  return {
    manifest,
    tables: manifest.tables.map(({ name, rows }) => ({ name, rows })),
    photos: manifest.photos.count,
    photoBytes: manifest.photos.bytes,
    upgradedThrough,
    ms: Math.round(performance.now() - started),
  };
}
