/** Image formats the upload accepts, named as sharp reports them (AVIF is sharp's `heif` + AV1). */
export type AcceptedImageFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

/** Bytes needed from the start of a file to recognise its type. */
export const SNIFF_BYTES = 64;

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end));
}

/** True when an ISO-BMFF `ftyp` box names AVIF as its major or a compatible brand. */
function isAvif(head: Uint8Array): boolean {
  if (head.length < 16 || ascii(head, 4, 8) !== 'ftyp') return false;
  const boxSize = ((head[0] ?? 0) << 24) | ((head[1] ?? 0) << 16) | ((head[2] ?? 0) << 8) | (head[3] ?? 0);
  const end = Math.min(boxSize, head.length);
  const brands = [ascii(head, 8, 12)];
  for (let offset = 16; offset + 4 <= end; offset += 4) brands.push(ascii(head, offset, offset + 4));
  return brands.includes('avif') || brands.includes('avis');
}

/**
 * Recognises an accepted image by its first bytes (magic numbers), whatever its name or declared
 * type says; null for anything else (SVG, HTML, PDF, text, HEIC, ...).
 */
export function sniffImageFormat(head: Uint8Array): AcceptedImageFormat | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 8 && ascii(head, 0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (head.length >= 6 && /^GIF8[79]a$/.test(ascii(head, 0, 6))) return 'gif';
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'webp';
  if (isAvif(head)) return 'avif';
  return null;
}
