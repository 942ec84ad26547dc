import type { ByteRange } from './storage/media-storage.js';

const SINGLE_RANGE = /^bytes[ \t]*=[ \t]*(\d*)[ \t]*-[ \t]*(\d*)[ \t]*$/i;

/**
 * The one byte range a GET asks for, or null to send the whole image (RFC 9110, 14.2). Null when
 * there is no Range header, when it is not a valid single range of bytes (`bytes=5-2`, `items=0-1`
 * are ignored as the RFC asks), when it asks for several ranges (whole images are small: one
 * answer is cheaper than a multipart one), and when If-Range names another version than `etag`
 * (then the client's copy is stale and must be replaced whole).
 */
export function requestedRange(
  headers: { range?: string | undefined; 'if-range'?: string | undefined },
  etag: string,
): ByteRange | null {
  const { range } = headers;
  if (range === undefined) return null;
  const ifRange = headers['if-range'];
  // A strong comparison: a weak tag (W/"...") or a date never matches.
  if (ifRange !== undefined && ifRange.trim() !== etag) return null;
  const match = SINGLE_RANGE.exec(range.trim());
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') return { suffix: Number(last) };
  if (last === '') return { start: Number(first) };
  const start = Number(first);
  const end = Number(last);
  return end < start ? null : { start, end };
}

/** The Content-Range of a partial answer: `bytes 0-499/1234`. */
export function contentRange(range: { start: number; end: number }, size: number): string {
  return `bytes ${range.start}-${range.end}/${size}`;
}
