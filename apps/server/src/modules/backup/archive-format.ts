import { z } from 'zod';

/**
 * The backup archive: a gzip-compressed tar holding
 * - `media/<key>`: every stored photo of every image row (display image and thumbnail; the
 *   640 px previews are made again on first view), as the storage holds it;
 * - `db/<table>.ndjson`: the rows of each copied table (backup-scope.ts), one JSON object a
 *   line in key order, values portable between the dialects (text, numbers, null);
 * - `manifest.json`, last: what the archive must hold (row counts, sizes and SHA-256 of every
 *   file), the schema version and where it came from. It comes last because its checksums are
 *   those of the bytes written before it; a restore reads the whole archive before trusting it.
 */
export const ARCHIVE_FORMAT = 'magazzino-ricambi-backup';
/** Bumped when an archive of this version could not be read by the previous code. */
export const ARCHIVE_FORMAT_VERSION = 1;

export const MANIFEST_ENTRY = 'manifest.json';
export const TABLE_ENTRY_PREFIX = 'db/';
export const PHOTO_ENTRY_PREFIX = 'media/';

/** Names a table or a photo may have to become an entry: flat, no way out of its folder. */
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** True when `key` can be stored as `media/<key>` and read back as such. */
export function isArchivableKey(key: string): boolean {
  return SAFE_NAME.test(key) && !key.includes('..');
}

/** Entry of a table's rows. */
export function tableEntry(table: string): string {
  return `${TABLE_ENTRY_PREFIX}${table}.ndjson`;
}

/** Entry of a stored photo. */
export function photoEntry(key: string): string {
  return `${PHOTO_ENTRY_PREFIX}${key}`;
}

/** What a valid entry name stands for, or null for anything else. */
export function parseEntryName(
  name: string,
): { kind: 'manifest' } | { kind: 'table'; table: string } | { kind: 'photo'; key: string } | null {
  if (name === MANIFEST_ENTRY) return { kind: 'manifest' };
  const table = /^db\/([a-z_][a-z0-9_]*)\.ndjson$/.exec(name)?.[1];
  if (table !== undefined) return { kind: 'table', table };
  if (name.startsWith(PHOTO_ENTRY_PREFIX)) {
    const key = name.slice(PHOTO_ENTRY_PREFIX.length);
    if (isArchivableKey(key)) return { kind: 'photo', key };
  }
  return null;
}

const Sha256Schema = z.string().regex(/^[a-f0-9]{64}$/);

/** A file of the archive as the manifest describes it. */
export const ArchiveFileSchema = z.object({
  bytes: z.number().int().nonnegative(),
  sha256: Sha256Schema,
});
export type ArchiveFile = z.output<typeof ArchiveFileSchema>;

export const TableFileSchema = ArchiveFileSchema.extend({
  name: z.string().regex(/^[a-z_][a-z0-9_]*$/),
  rows: z.number().int().nonnegative(),
  /** The columns every row has, in the order of the source table. */
  columns: z.array(z.string().min(1)).min(1),
});
export type TableFile = z.output<typeof TableFileSchema>;

export const PhotoFileSchema = ArchiveFileSchema.extend({ key: z.string().refine(isArchivableKey) });
export type PhotoFile = z.output<typeof PhotoFileSchema>;

export const ManifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  formatVersion: z.number().int().positive(),
  /** Version of the program that wrote it (apps/server/package.json). */
  appVersion: z.string(),
  createdAt: z.string(),
  sourceDialect: z.enum(['sqlite', 'postgres']),
  /** The last migration applied to the database backed up. */
  schemaVersion: z.string().min(1),
  /** In the order a restore inserts them. */
  tables: z.array(TableFileSchema),
  photos: z.object({
    count: z.number().int().nonnegative(),
    bytes: z.number().int().nonnegative(),
    files: z.array(PhotoFileSchema),
    /**
     * Objects an image row of the snapshot names but the storage did not have when the backup
     * copied them (lost from the storage): the rows are kept, as the source had them.
     */
    missing: z.array(z.string()),
  }),
});
export type Manifest = z.output<typeof ManifestSchema>;

/** A value of a row in the archive: what both dialects store alike. */
export type PortableValue = string | number | null;
export type PortableRow = Record<string, PortableValue>;
