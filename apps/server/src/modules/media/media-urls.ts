/**
 * Maps a part's display image URL to its list thumbnail. Images stored by the upload live under
 * /media/<name>.webp with the thumbnail beside them; a foreign URL has no thumbnail of its own.
 */
export function thumbnailUrlFor(displayUrl: string | null): string | null {
  if (displayUrl === null) return null;
  const match = /^\/media\/([a-f0-9]{16,64})\.webp$/.exec(displayUrl);
  return match ? `/media/${match[1]}-thumb.webp` : displayUrl;
}
