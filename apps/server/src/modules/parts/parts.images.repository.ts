import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { hasPhotoRows, toImageRows } from './parts.mapper.js';

/** Rows per INSERT of photos: 3 columns each, well under SQLite's bound-parameter limit. */
const IMAGE_BATCH = 500;

/** Parts whose photos one query reads: the `in` list stays well under every parameter limit. */
const READ_BATCH = 500;

/**
 * The photos of each part of `partIds`, in order (by the unique (part_id, position) index). Ask
 * only for the parts whose `image_count` is set: the others' one photo is their url_immagine.
 */
export async function readImages(
  db: Kysely<Database>,
  partIds: readonly string[],
): Promise<Map<string, string[]>> {
  const images = new Map<string, string[]>();
  for (let start = 0; start < partIds.length; start += READ_BATCH) {
    const rows = await db
      .selectFrom('part_images')
      .select(['part_id', 'url'])
      .where('part_id', 'in', partIds.slice(start, start + READ_BATCH))
      .orderBy('part_id')
      .orderBy('position')
      .execute();
    for (const row of rows) {
      const list = images.get(row.part_id) ?? [];
      list.push(row.url);
      images.set(row.part_id, list);
    }
  }
  return images;
}

/** Stores the photos of new parts (none with more than one photo: no statement). */
export async function insertImages(
  db: Kysely<Database>,
  lists: readonly { partId: string; photos: readonly string[] }[],
): Promise<void> {
  const rows = lists.flatMap(({ partId, photos }) =>
    hasPhotoRows(photos) ? toImageRows(partId, photos) : [],
  );
  for (let start = 0; start < rows.length; start += IMAGE_BATCH) {
    await db
      .insertInto('part_images')
      .values(rows.slice(start, start + IMAGE_BATCH))
      .execute();
  }
}

/**
 * Replaces a part's photos with `photos`, in order (run it in the part's write); nothing is
 * written when they are the ones it has (`previous`), or when it had and keeps at most one
 * (its url_immagine then says it all).
 */
export async function replaceImages(
  db: Kysely<Database>,
  partId: string,
  photos: readonly string[],
  previous?: readonly string[],
): Promise<void> {
  if (previous && (sameList(previous, photos) || (!hasPhotoRows(previous) && !hasPhotoRows(photos)))) return;
  await db.deleteFrom('part_images').where('part_id', '=', partId).execute();
  await insertImages(db, [{ partId, photos }]);
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

/**
 * Which of `urls` some part with several photos uses (exact match on `url`, indexed); the covers,
 * and the one photo of the others, are on the parts' rows (findReferencedCoverUrls).
 */
export async function findReferencedImageUrls(
  db: Kysely<Database>,
  urls: readonly string[],
): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const rows = await db.selectFrom('part_images').select('url').distinct().where('url', 'in', urls).execute();
  return new Set(rows.map((row) => row.url));
}
