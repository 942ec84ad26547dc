/**
 * The server's names for a stored photo's sizes (apps/server/src/modules/media/media-urls.ts):
 * `/media/<hash>.webp` is the display image (longest side ≤ 1600 px), `-thumb` is 240 px wide
 * and `-640` is 640 px wide. A photo stored elsewhere (an absolute URL) has only itself.
 */
const STORED_DISPLAY = /^\/media\/([a-f0-9]{64})\.webp$/;

/** Width in pixels of the preview `previewUrlOf` names (never enlarged past the display image). */
export const PREVIEW_WIDTH = 640;
/** Width in pixels of the list thumbnail (`urlMiniatura`). */
export const THUMBNAIL_WIDTH = 240;

/** The 640 px wide preview of a stored display image; null for no image or a foreign one. */
export function previewUrlOf(displayUrl: string | null | undefined): string | null {
  const hash = displayUrl ? STORED_DISPLAY.exec(displayUrl)?.[1] : undefined;
  return hash ? `/media/${hash}-640.webp` : null;
}

/**
 * A `srcset` offering the thumbnail and the preview of a stored photo, so the browser picks by
 * the width shown and the screen's density; undefined when the photo has no preview.
 */
export function photoSrcSet(
  displayUrl: string | null | undefined,
  thumbnailUrl: string | null | undefined,
): string | undefined {
  const preview = previewUrlOf(displayUrl);
  if (!preview) return undefined;
  return thumbnailUrl && thumbnailUrl !== displayUrl
    ? `${thumbnailUrl} ${THUMBNAIL_WIDTH}w, ${preview} ${PREVIEW_WIDTH}w`
    : `${preview} ${PREVIEW_WIDTH}w`;
}
