import { BIN_SEGMENTS, parseBinCode, parseScanned, type Scanned } from '@magazzino/contract';
import { paths } from './paths';

/**
 * What a code read by the camera or typed into the scanner means: anything `parseScanned` knows
 * (a part code, a label's URL, 'U:B-04-3-12'), or else a bare bin code ('B-04-3-12', 'b/4/3/12').
 * The bare bin code counts only here, where the clerk is reading a label: in the list's search
 * box the same text may be a manufacturer's part number.
 */
export function readScannedCode(text: string): Scanned | null {
  const scanned = parseScanned(text);
  if (scanned) return scanned;
  const bin = parseBinCode(text);
  return bin ? { kind: 'bin', segments: BIN_SEGMENTS.map((name) => bin[name]) } : null;
}

/**
 * Where a scan leads: a part's code to /r/R-004213 (which opens the part's page), a bin to
 * 'Consulta Magazzino' for its segments (all four: the exact bin).
 */
export function scannedHref(scanned: Scanned): string {
  if (scanned.kind === 'part') return paths.partByCode.getHref(scanned.code);
  const search = new URLSearchParams();
  scanned.segments.slice(0, BIN_SEGMENTS.length).forEach((segment, index) => {
    const name = BIN_SEGMENTS[index];
    if (name) search.set(name, segment);
  });
  return `${paths.warehouse.getHref()}?${search.toString()}`;
}
