import { once } from 'node:events';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import { appliedMigrations, KNOWN_MIGRATIONS, withSnapshot } from '../../db/backup-support.js';
import type { DatabaseHandle } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { MediaStorage } from '../media/storage/media-storage.js';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  isArchivableKey,
  MANIFEST_ENTRY,
  photoEntry,
  tableEntry,
  type Manifest,
  type PhotoFile,
  type PortableValue,
  type TableFile,
} from './archive-format.js';
import { ArchiveWriter } from './archive-writer.js';
import { appVersion } from './app-version.js';
import { COPIED_TABLES, type CopiedTable } from './backup-scope.js';
import { backupErrors } from './backup.errors.js';
import { readPhotoKeysAfter, readRowsAfter, tableColumns } from './backup.repository.js';

/** Rows read per query while exporting: few round trips, bounded memory. */
const EXPORT_PAGE = 1000;
/** Stored objects read ahead of the one being written. */
const PHOTO_READ_AHEAD = 8;
/** A stored photo larger than this is not a photo of this app (display images are ~100 KB). */
const MAX_PHOTO_BYTES = 256 * 1024 * 1024;

/** Where a backup reads from. */
export interface BackupSource {
  /** The live database, as the app opens it (migrations not applied: a backup changes nothing). */
  handle: Pick<DatabaseHandle, 'db' | 'dialect'>;
  /** DATA_DIR: where the SQLite file is. */
  dataDir: string;
  /** Where the photos are (the MediaStorage port: local folder or object store alike). */
  storage: MediaStorage;
}

export interface BackupOptions {
  /** The archive to write (replaced, once the new one is whole, if it exists). */
  out: string;
  clock: Clock;
  /** Told as each phase starts (an Italian line for the terminal). */
  onProgress?: (message: string) => void;
}

/** What a backup wrote. */
export interface BackupSummary {
  file: string;
  archiveBytes: number;
  schemaVersion: string;
  dialect: DatabaseHandle['dialect'];
  tables: { name: string; rows: number }[];
  /** Stored objects copied (display images and thumbnails) and their bytes. */
  photos: number;
  photoBytes: number;
  /** Objects an image row names that the storage does not have (listed in the manifest too). */
  missingPhotos: string[];
  ms: number;
}

/** A table exported from the snapshot into the scratch folder. */
interface StagedTable {
  name: string;
  file: string;
  rows: number;
  columns: string[];
}

/** The bytes of a stored object, or null when the storage does not have it. */
async function readStored(storage: MediaStorage, key: string): Promise<Buffer | null> {
  if (!isArchivableKey(key)) throw new Error(`A stored photo has a name the archive cannot hold: ${key}`);
  const stored = await storage.get(key);
  if (!stored) return null;
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of stored.body) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    bytes += buffer.length;
    if (bytes > MAX_PHOTO_BYTES) {
      stored.body.destroy();
      throw new Error(`The stored object ${key} is larger than ${MAX_PHOTO_BYTES} bytes`);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** Photos copied into the archive so far, by key. */
class PhotoCopier {
  readonly copied = new Map<string, PhotoFile>();

  constructor(
    private readonly writer: ArchiveWriter,
    private readonly storage: MediaStorage,
  ) {}

  /**
   * Copies stored objects into the archive, in order; returns those the storage does not have.
   * The next few are read while one is written (a file's open, stat and reads, or an object
   * store's round trip, cost more than writing it): at most PHOTO_READ_AHEAD held in memory.
   */
  async copy(keys: Iterable<string>): Promise<string[]> {
    const wanted = [...new Set(keys)].filter((key) => !this.copied.has(key));
    const missing: string[] = [];
    const reads = new Map<string, Promise<Buffer | null>>();
    const startRead = (index: number) => {
      const key = wanted[index];
      if (key === undefined) return;
      const read = readStored(this.storage, key);
      // Handled when its turn comes; this only keeps a failure meanwhile from being unhandled.
      read.catch(() => undefined);
      reads.set(key, read);
    };
    for (let index = 0; index < PHOTO_READ_AHEAD; index += 1) startRead(index);
    for (const [index, key] of wanted.entries()) {
      const data = await reads.get(key);
      reads.delete(key);
      startRead(index + PHOTO_READ_AHEAD);
      if (!data) {
        missing.push(key);
        continue;
      }
      const file = await this.writer.addBuffer(photoEntry(key), data, { compress: false });
      this.copied.set(key, { key, ...file });
    }
    return missing;
  }
}

/**
 * Phase 1, before the snapshot: the photos of every image row the live database has now. The
 * media cleanup (running in the app meanwhile) may delete an unused image's row and files at
 * any moment; once copied, its bytes are safe here, and a row the snapshot no longer has only
 * leaves an extra photo in the archive (a restore stores it; the cleanup removes it later as a
 * file without a row). A photo gone before it was copied is looked for again in phase 3.
 */
async function copyPhotosOfLiveRows(db: Kysely<Database>, photos: PhotoCopier): Promise<void> {
  const present = await tableColumns(db);
  for (const table of COPIED_TABLES) {
    const columns = present.get(table.name)?.map((column) => column.name);
    const photoColumns = table.photoColumns?.filter((column) => columns?.includes(column)) ?? [];
    const orderBy = columns && table.orderBy.find((column) => columns.includes(column));
    if (!orderBy || photoColumns.length === 0) continue;
    let after: PortableValue | undefined;
    for (;;) {
      const page = await readPhotoKeysAfter(db, table.name, orderBy, photoColumns, after, EXPORT_PAGE);
      // What is missing now is looked for again in phase 3, if the snapshot still names it.
      await photos.copy(page.keys);
      if (page.last === undefined) break;
      after = page.last;
    }
  }
}

/** Writes the rows of `table` to `file`, one JSON object a line, in key order; returns the row count. */
async function exportTable(
  snapshot: Kysely<Database>,
  table: CopiedTable,
  orderBy: string,
  file: string,
  photoKeys: Set<string>,
): Promise<number> {
  const out = fs.createWriteStream(file, { flags: 'wx' });
  let rows = 0;
  try {
    let after: PortableValue | undefined;
    for (;;) {
      const page = await readRowsAfter(snapshot, table.name, orderBy, after, EXPORT_PAGE);
      const last = page.at(-1);
      if (!last) break;
      for (const row of page) {
        for (const column of table.photoColumns ?? []) {
          const key = row[column];
          if (typeof key === 'string') photoKeys.add(key);
        }
      }
      const lines = `${page.map((row) => JSON.stringify(row)).join('\n')}\n`;
      if (!out.write(lines)) await once(out, 'drain');
      rows += page.length;
      after = last[orderBy];
    }
  } finally {
    out.end();
    await finished(out);
  }
  return rows;
}

/**
 * Phase 2, in the snapshot: the schema version, and every copied table staged as a file (an
 * archive entry needs its size before its bytes). Returns the photos its image rows name.
 */
async function exportSnapshot(
  snapshot: Kysely<Database>,
  scratchDir: string,
): Promise<{ schemaVersion: string; tables: StagedTable[]; photoKeys: Set<string> }> {
  const applied = await appliedMigrations(snapshot);
  const schemaVersion = applied.at(-1);
  if (schemaVersion === undefined) throw backupErrors.databaseNotMigrated();
  const unknown = applied.find((name) => !KNOWN_MIGRATIONS.includes(name));
  if (unknown !== undefined) throw backupErrors.databaseTooNew(unknown);

  const present = await tableColumns(snapshot);
  const photoKeys = new Set<string>();
  const tables: StagedTable[] = [];
  for (const table of COPIED_TABLES) {
    // A database of an older schema may not have every table yet: the archive says which it has.
    const columns = present.get(table.name)?.map((column) => column.name);
    if (!columns) continue;
    const orderBy = table.orderBy.find((column) => columns.includes(column));
    if (!orderBy) throw new Error(`${table.name} has none of the columns ${table.orderBy.join(', ')}`);
    const file = path.join(scratchDir, `${table.name}.ndjson`);
    const rows = await exportTable(snapshot, table, orderBy, file, photoKeys);
    tables.push({ name: table.name, file, rows, columns });
  }
  return { schemaVersion, tables, photoKeys };
}

/**
 * Writes one archive (archive-format.ts) of the database and every photo, consistent while the
 * app runs: the rows come from one snapshot (db/backup-support.ts), and every photo an image row
 * of that snapshot names is in the archive, copied before the snapshot (phase 1) or after it
 * (phase 3: images uploaded meanwhile, which the cleanup leaves alone for a day). A photo the
 * storage does not have even then is lost from the storage itself: the archive is written all
 * the same and the summary lists it.
 */
export async function createBackup(source: BackupSource, options: BackupOptions): Promise<BackupSummary> {
  const started = performance.now();
  const createdAt = options.clock.now();
  const out = path.resolve(options.out);
  const progress = options.onProgress ?? (() => undefined);
  // Beside the archive: the place chosen for it has the room, and the staged rows (password
  // hashes among them) stay in a private folder (mkdtemp makes it 0700).
  const scratchDir = await fsp.mkdtemp(path.join(path.dirname(out), '.magazzino-backup-'));
  const writer = await ArchiveWriter.create(out, createdAt);
  try {
    const photos = new PhotoCopier(writer, source.storage);
    progress('Copia delle foto…');
    await copyPhotosOfLiveRows(source.handle.db, photos);

    progress('Esportazione del database…');
    const snapshot = await withSnapshot(source.handle, { dataDir: source.dataDir, scratchDir }, (db) =>
      exportSnapshot(db, scratchDir),
    );

    // Phase 3: the photos of image rows uploaded after phase 1 listed them.
    const missing = await photos.copy(snapshot.photoKeys);
    const tables: TableFile[] = [];
    for (const staged of snapshot.tables) {
      const file = await writer.addFile(tableEntry(staged.name), staged.file);
      tables.push({ name: staged.name, rows: staged.rows, columns: staged.columns, ...file });
    }
    // Every photo of the archive is listed, phase 1's extra ones too: every file is accounted for.
    const photoFiles = [...photos.copied.values()];
    const photoBytes = photoFiles.reduce((sum, photo) => sum + photo.bytes, 0);
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      appVersion: appVersion(),
      createdAt: createdAt.toISOString(),
      sourceDialect: source.handle.dialect,
      schemaVersion: snapshot.schemaVersion,
      tables,
      photos: { count: photoFiles.length, bytes: photoBytes, files: photoFiles, missing: missing.sort() },
    };
    await writer.addBuffer(MANIFEST_ENTRY, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    const archiveBytes = await writer.finish();
    return {
      file: out,
      archiveBytes,
      schemaVersion: snapshot.schemaVersion,
      dialect: source.handle.dialect,
      tables: tables.map(({ name, rows }) => ({ name, rows })),
      photos: photoFiles.length,
      photoBytes,
      missingPhotos: manifest.photos.missing,
      ms: Math.round(performance.now() - started),
    };
  } catch (error) {
    await writer.abort();
    throw error;
  } finally {
    await fsp.rm(scratchDir, { recursive: true, force: true });
  }
}
