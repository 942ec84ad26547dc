import { createHash } from 'node:crypto';

/**
 * ETags of the records that carry a version (parts, donor vehicles).
 *
 * A tag names the answer, not only the record: `"v{version}"`, the version every update of the
 * record increments, followed by `-` and a digest of what the answer shows of other records (a
 * part its donor vehicle, a vehicle how many parts it gave) when it shows some. A donor vehicle
 * renamed, or a part linked to it, changes the answers that show it although no version moved,
 * and a client revalidating its copy with If-None-Match then gets the new answer instead of a 304
 * that keeps the old targa (the web app's own requests are not cached: /api answers no-store).
 *
 * If-Match guards the record's own fields against lost updates: it compares the version alone,
 * so a save is not refused because the donor vehicle changed meanwhile, and the bare `"v{version}"`
 * a client builds for a record read from a list (which carries no ETag per record) still matches.
 */

/** The ETag of one answer: the record's version and, when the answer shows some, a digest of `shown`. */
export function answerEtag(version: number, shown?: unknown): string {
  if (shown === undefined) return `"v${version}"`;
  const digest = createHash('sha256').update(JSON.stringify(shown)).digest('base64url').slice(0, 12);
  return `"v${version}-${digest}"`;
}

/** The tags an If-Match / If-None-Match header lists, weak ones (`W/`) by their value. */
function listedTags(header: string): string[] {
  return header.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
}

/** `"v12"` or `"v12-<digest>"`: the version a tag names. */
const VERSION_TAG = /^"v(\d+)(?:-[\w-]+)?"$/;

/** If-None-Match: true when the header names this very answer (or is `*`). */
export function namesAnswer(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  return listedTags(header).includes(etag);
}

/** If-Match: true when the header names the record's current version, in any of its answers (or is `*`). */
export function namesVersion(header: string, version: number): boolean {
  if (header.trim() === '*') return true;
  return listedTags(header).some((tag) => VERSION_TAG.exec(tag)?.[1] === String(version));
}
