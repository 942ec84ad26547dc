import { describe, expect, it } from 'vitest';
import { readScannedCode, scannedHref } from './scan-target';

describe('readScannedCode', () => {
  it('reads a part code however it is written, and a label URL of any origin', () => {
    expect(readScannedCode(' r4213 ')).toEqual({ kind: 'part', seq: 4213, code: 'R-004213' });
    expect(readScannedCode('https://magazzino.example.it/r/R-000007')).toEqual({
      kind: 'part',
      seq: 7,
      code: 'R-000007',
    });
  });

  it('reads a bare bin code (as well as a bin label), upper-cased', () => {
    expect(readScannedCode('b/04/3/12')).toEqual({ kind: 'bin', segments: ['B', '04', '3', '12'] });
    expect(readScannedCode('U:B-04-3-12')).toEqual({ kind: 'bin', segments: ['B', '04', '3', '12'] });
    expect(readScannedCode('http://x/consultamagazzino?scaffale=b&campata=4')).toEqual({
      kind: 'bin',
      segments: ['B', '4'],
    });
  });

  it('is null for anything else', () => {
    expect(readScannedCode('Faro anteriore')).toBeNull();
    expect(readScannedCode('B-04')).toBeNull();
    expect(readScannedCode('https://example.com/')).toBeNull();
  });
});

describe('scannedHref', () => {
  it('leads a part to /r/<code> and a bin to the lookup of its segments', () => {
    expect(scannedHref({ kind: 'part', seq: 7, code: 'R-000007' })).toBe('/r/R-000007');
    expect(scannedHref({ kind: 'bin', segments: ['B', '04', '3', '12'] })).toBe(
      '/consultamagazzino?scaffale=B&campata=04&ripiano=3&cassetta=12',
    );
    expect(scannedHref({ kind: 'bin', segments: ['A B'] })).toBe('/consultamagazzino?scaffale=A+B');
  });
});
