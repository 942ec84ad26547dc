// Short codes for parts and bins, and what a scanned or typed text means. No zod here: the label
// sheet and the scanner import these functions without the schemas.

/** What every part code starts with. */
export const PART_CODE_PREFIX = 'R-';

/** Digits of a part code's number, zero-padded (a longer number keeps all its digits). */
const PART_CODE_DIGITS = 6;

/** 'R-004213', 'r4213', 'R 004213', 'R-4213': an R, an optional dash or space, then the number. */
const PART_CODE = /^[Rr][-\s]?(\d{1,15})$/;

/** R-004213: 'R-' + seq zero-padded to 6 digits (more digits past 999999). */
export function partCode(seq: number): string {
  return `${PART_CODE_PREFIX}${String(seq).padStart(PART_CODE_DIGITS, '0')}`;
}

/** 'R-004213' | 'r4213' | 'R 004213' | 'R-4213' -> 4213; anything else -> null. */
export function parsePartCode(text: string): number | null {
  const match = PART_CODE.exec(text.trim());
  if (!match?.[1]) return null;
  const seq = Number(match[1]);
  // seq starts at 1; R-000000 names no part.
  return seq >= 1 && Number.isSafeInteger(seq) ? seq : null;
}

/** The four segments of a bin (a storage location), as a part stores them. */
export interface BinAddress {
  scaffale: string;
  campata: string;
  ripiano: string;
  cassetta: string;
}

/** The segment names of a bin, in order. */
export const BIN_SEGMENTS = ['scaffale', 'campata', 'ripiano', 'cassetta'] as const;

/** One segment as a code shows it: trimmed, inner whitespace collapsed to one space, upper-cased. */
function canonicalSegment(segment: string): string {
  return segment.trim().replace(/\s+/g, ' ').toUpperCase();
}

/** Canonical bin code: each segment trimmed, inner whitespace collapsed, upper-cased, joined by '-': 'B-04-3-12'. */
export function binCode(bin: BinAddress): string {
  return BIN_SEGMENTS.map((name) => canonicalSegment(bin[name])).join('-');
}

/** Leading segments only (1–3), same rules: 'B', 'B-04'. */
export function binPrefixCode(segments: readonly string[]): string {
  return segments.map(canonicalSegment).join('-');
}

/** Separators a bin code may be written with besides spaces: '-', '/', '·', '.'. */
const BIN_SEPARATORS = /[-/·.]/;

/**
 * 'b-04-3-12', 'B 04 3 12', 'B/04/3/12', 'B·04·3·12', 'B.04.3.12' -> the 4 segments upper-cased;
 * not exactly 4 non-empty pieces -> null. With a separator other than spaces, spaces stay inside a
 * segment ('A B-04-3-12' is scaffale 'A B').
 */
export function parseBinCode(text: string): BinAddress | null {
  const trimmed = text.trim();
  const pieces = BIN_SEPARATORS.test(trimmed) ? trimmed.split(BIN_SEPARATORS) : trimmed.split(/\s+/);
  const segments = pieces.map(canonicalSegment);
  if (segments.length !== 4 || segments.some((segment) => segment === '')) return null;
  const [scaffale = '', campata = '', ripiano = '', cassetta = ''] = segments;
  return { scaffale, campata, ripiano, cassetta };
}

/** What a scanned or typed text means: a part (by its seq and canonical code) or a bin (its leading segments). */
export type Scanned = { kind: 'part'; seq: number; code: string } | { kind: 'bin'; segments: string[] };

/** The page of a part by its code: /r/R-004213. */
const PART_PATH = /^\/r\/([^/]+)\/?$/;
/** The lookup screen ('Consulta Magazzino'). */
const LOOKUP_PATH = /^\/consultamagazzino\/?$/;
/** A bin label typed or scanned as text: 'U:B-04-3-12'. */
const BIN_TEXT_PREFIX = /^U:/i;

function scannedPart(seq: number | null): Scanned | null {
  return seq === null ? null : { kind: 'part', seq, code: partCode(seq) };
}

/** The leading segments a lookup URL gives (scaffale first; stops at the first one left out). */
function lookupSegmentsOf(params: URLSearchParams): string[] {
  const segments: string[] = [];
  for (const name of BIN_SEGMENTS) {
    const value = canonicalSegment(params.get(name) ?? '');
    if (value === '') break;
    segments.push(value);
  }
  return segments;
}

/** A URL of the app's own pages (any origin), or null when the text is not one. */
function scannedUrl(text: string): Scanned | null {
  if (!/^https?:\/\//i.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  const part = PART_PATH.exec(url.pathname);
  if (part?.[1]) {
    let code: string;
    try {
      code = decodeURIComponent(part[1]);
    } catch {
      return null;
    }
    return scannedPart(parsePartCode(code));
  }
  if (LOOKUP_PATH.test(url.pathname)) {
    const segments = lookupSegmentsOf(url.searchParams);
    return segments.length === 0 ? null : { kind: 'bin', segments };
  }
  return null;
}

/**
 * What a scanned/typed text means. Accepts: a part code; a URL (any origin) whose path is
 * /r/<part code>; a URL whose path is /consultamagazzino with query scaffale (+campata, ripiano,
 * cassetta) -> bin (segments given); 'U:' + bin code (e.g. 'U:B-04-3-12') -> bin. Anything else -> null.
 */
export function parseScanned(text: string): Scanned | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const part = parsePartCode(trimmed);
  if (part !== null) return scannedPart(part);
  if (BIN_TEXT_PREFIX.test(trimmed)) {
    const bin = parseBinCode(trimmed.replace(BIN_TEXT_PREFIX, ''));
    return bin ? { kind: 'bin', segments: BIN_SEGMENTS.map((name) => bin[name]) } : null;
  }
  return scannedUrl(trimmed);
}

/** The origin without trailing slashes, so a payload never has '//' after it. */
function bareOrigin(origin: string): string {
  return origin.replace(/\/+$/, '');
}

/** The QR payload of a part's label: `${origin}/r/R-004213`. */
export function partQrPayload(origin: string, seq: number): string {
  return `${bareOrigin(origin)}/r/${partCode(seq)}`;
}

/**
 * The QR payload of a bin's label: `${origin}/consultamagazzino?scaffale=B&campata=04&ripiano=3&cassetta=12`,
 * only the segments given (1–4), each as a bin code writes it.
 */
export function binQrPayload(origin: string, segments: readonly string[]): string {
  const params = new URLSearchParams();
  segments.slice(0, BIN_SEGMENTS.length).forEach((segment, index) => {
    const name = BIN_SEGMENTS[index];
    if (name) params.set(name, canonicalSegment(segment));
  });
  return `${bareOrigin(origin)}/consultamagazzino?${params.toString()}`;
}
