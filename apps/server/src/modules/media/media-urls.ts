/**
 * The naming convention of stored images, in one place. An upload whose bytes hash (SHA-256, hex)
 * to `<hash>` is stored as two objects: `<hash>.webp` (display, longest side ≤ 1600 px) and
 * `<hash>-thumb.webp` (240 px wide, for lists). A third, `<hash>-640.webp` (640 px wide, for a
 * part's page on a phone), is made from the display image the first time it is asked for. All
 * are served at `/media/<name>`.
 */

/** URL path under which stored images are served (same origin as the API). */
export const MEDIA_PATH = '/media/';

/** A stored object's name: lower-case SHA-256 hex, an optional `-thumb` or `-640`, `.webp`. Nothing else. */
export const MEDIA_NAME = /^[a-f0-9]{64}(?:-thumb|-640)?\.webp$/;

const DISPLAY_URL = /^\/media\/([a-f0-9]{64})\.webp$/;
const PREVIEW_KEY = /^([a-f0-9]{64})-640\.webp$/;

/** Storage key of the display image of an upload with this content hash. */
export function displayKeyFor(hash: string): string {
  return `${hash}.webp`;
}

/** Storage key of the list thumbnail of an upload with this content hash. */
export function thumbnailKeyFor(hash: string): string {
  return `${hash}-thumb.webp`;
}

/** Storage key of the 640 px wide preview of an upload with this content hash. */
export function previewKeyFor(hash: string): string {
  return `${hash}-640.webp`;
}

/** Content hash of a preview's key (`<hash>-640.webp`), else null: the one variant made on demand. */
export function hashOfPreviewKey(key: string): string | null {
  return PREVIEW_KEY.exec(key)?.[1] ?? null;
}

/** Public URL (relative, same origin) of a stored object. */
export function mediaUrlFor(key: string): string {
  return `${MEDIA_PATH}${key}`;
}

/** Content hash of a stored object's key (`<hash>.webp`, `<hash>-thumb.webp`, `<hash>-640.webp`), else null. */
export function hashOfKey(key: string): string | null {
  return MEDIA_NAME.test(key) ? key.slice(0, 64) : null;
}

/**
 * Maps a part's display image URL to its list thumbnail: `/media/<hash>.webp` →
 * `/media/<hash>-thumb.webp`. A foreign URL has no thumbnail of its own and is returned as is;
 * no image (null or empty) gives null, and the web app then shows its placeholder.
 */
export function thumbnailUrlFor(displayUrl: string | null): string | null {
  if (displayUrl === null || displayUrl === '') return null;
  const match = DISPLAY_URL.exec(displayUrl);
  return match?.[1] ? mediaUrlFor(thumbnailKeyFor(match[1])) : displayUrl;
}
