import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import type { MediaRow } from './media.tables.js';

/** A stored upload, as the rest of the module sees it. */
export interface StoredImage {
  hash: string;
  displayKey: string;
  thumbnailKey: string;
  sourceFormat: string;
  sourceBytes: number;
  format: string;
  width: number;
  height: number;
  bytes: number;
  thumbnailWidth: number;
  thumbnailHeight: number;
  thumbnailBytes: number;
  uploadedBy: string | null;
  createdAt: string;
  lastUploadedAt: string;
}

function toStoredImage(row: MediaRow): StoredImage {
  return {
    hash: row.hash,
    displayKey: row.display_key,
    thumbnailKey: row.thumbnail_key,
    sourceFormat: row.source_format,
    sourceBytes: Number(row.source_bytes),
    format: row.format,
    width: row.width,
    height: row.height,
    bytes: row.bytes,
    thumbnailWidth: row.thumbnail_width,
    thumbnailHeight: row.thumbnail_height,
    thumbnailBytes: row.thumbnail_bytes,
    uploadedBy: row.uploaded_by,
    createdAt: row.created_at,
    lastUploadedAt: row.last_uploaded_at,
  };
}

/** The stored upload with this content hash, if any. */
export async function findImage(db: Kysely<Database>, hash: string): Promise<StoredImage | undefined> {
  const row = await db.selectFrom('media').selectAll().where('hash', '=', hash).executeTakeFirst();
  return row ? toStoredImage(row) : undefined;
}

/** Records a stored upload; false when a concurrent upload of the same bytes recorded it first. */
export async function insertImage(db: Kysely<Database>, image: StoredImage): Promise<boolean> {
  try {
    await db
      .insertInto('media')
      .values({
        hash: image.hash,
        display_key: image.displayKey,
        thumbnail_key: image.thumbnailKey,
        source_format: image.sourceFormat,
        source_bytes: image.sourceBytes,
        format: image.format,
        width: image.width,
        height: image.height,
        bytes: image.bytes,
        thumbnail_width: image.thumbnailWidth,
        thumbnail_height: image.thumbnailHeight,
        thumbnail_bytes: image.thumbnailBytes,
        uploaded_by: image.uploadedBy,
        created_at: image.createdAt,
        last_uploaded_at: image.lastUploadedAt,
      })
      .execute();
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** Restarts the grace period of an upload sent again; false when the row is gone. */
export async function touchImage(db: Kysely<Database>, hash: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('media')
    .set({ last_uploaded_at: at })
    .where('hash', '=', hash)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Uploads last sent before `before`, in (last_uploaded_at, hash) order after `after`. */
export async function listImagesUploadedBefore(
  db: Kysely<Database>,
  before: string,
  after: { lastUploadedAt: string; hash: string } | null,
  limit: number,
): Promise<StoredImage[]> {
  let query = db.selectFrom('media').selectAll().where('last_uploaded_at', '<', before);
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('last_uploaded_at', '>', after.lastUploadedAt),
        eb.and([eb('last_uploaded_at', '=', after.lastUploadedAt), eb('hash', '>', after.hash)]),
      ]),
    );
  }
  const rows = await query.orderBy('last_uploaded_at').orderBy('hash').limit(limit).execute();
  return rows.map(toStoredImage);
}

/**
 * Deletes the row of an upload unless it was sent again since `before` (a re-upload restarts its
 * grace period); true when the row was deleted and its files may go.
 */
export async function deleteImageUploadedBefore(
  db: Kysely<Database>,
  hash: string,
  before: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('media')
    .where('hash', '=', hash)
    .where('last_uploaded_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Which of `hashes` have a row. */
export async function findKnownHashes(db: Kysely<Database>, hashes: string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await db.selectFrom('media').select('hash').where('hash', 'in', hashes).execute();
  return new Set(rows.map((row) => row.hash));
}
