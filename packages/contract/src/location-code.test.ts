import { describe, expect, it } from 'vitest';
import {
  binCode,
  binPrefixCode,
  binQrPayload,
  parseBinCode,
  parsePartCode,
  parseScanned,
  partCode,
  partQrPayload,
} from './location-code.js';

describe('part codes', () => {
  it('writes R- and the seq padded to six digits, keeping every digit past 999999', () => {
    expect(partCode(4213)).toBe('R-004213');
    expect(partCode(1)).toBe('R-000001');
    expect(partCode(999_999)).toBe('R-999999');
    expect(partCode(1_234_567)).toBe('R-1234567');
  });

  it('reads a code however it is typed', () => {
    for (const text of ['R-004213', 'r4213', 'R 004213', 'R-4213', '  r-004213 ']) {
      expect(parsePartCode(text), text).toBe(4213);
    }
    expect(parsePartCode(partCode(1_234_567))).toBe(1_234_567);
  });

  it('refuses anything that is not a part code', () => {
    for (const text of ['', 'R-', 'R--4213', 'X-004213', '4213', 'R-42a13', 'R-000000', 'RR-1', 'R-4213 x']) {
      expect(parsePartCode(text), text).toBeNull();
    }
  });
});

describe('bin codes', () => {
  it('writes the canonical code: segments trimmed, spaces collapsed, upper-cased, joined by dashes', () => {
    expect(binCode({ scaffale: ' b ', campata: '04', ripiano: '3', cassetta: '12' })).toBe('B-04-3-12');
    expect(binCode({ scaffale: 'a   b', campata: 'x', ripiano: '1', cassetta: '2' })).toBe('A B-X-1-2');
    expect(binPrefixCode(['b'])).toBe('B');
    expect(binPrefixCode(['b', ' 04 '])).toBe('B-04');
  });

  it('reads a bin code written with dashes, spaces, slashes, middle dots or dots', () => {
    const expected = { scaffale: 'B', campata: '04', ripiano: '3', cassetta: '12' };
    for (const text of [
      'b-04-3-12',
      'B 04 3 12',
      'B/04/3/12',
      'B·04·3·12',
      'B.04.3.12',
      ' B - 04 - 3 - 12 ',
    ]) {
      expect(parseBinCode(text), text).toEqual(expected);
    }
  });

  it('reads back what binCode writes, a segment with a space included', () => {
    const bin = { scaffale: 'A B', campata: 'X', ripiano: '1', cassetta: '2' };
    expect(parseBinCode(binCode(bin))).toEqual(bin);
  });

  it('refuses anything but exactly four non-empty pieces', () => {
    for (const text of ['', 'B', 'B-04-3', 'B-04-3-12-1', 'B--3-12', 'B-04-3-']) {
      expect(parseBinCode(text), text).toBeNull();
    }
  });
});

describe('parseScanned', () => {
  it('reads a part code and a part label URL from any origin', () => {
    const part = { kind: 'part', seq: 4213, code: 'R-004213' };
    expect(parseScanned('r4213')).toEqual(part);
    expect(parseScanned('https://magazzino.example.it/r/R-004213')).toEqual(part);
    expect(parseScanned('http://localhost:3000/r/r4213/')).toEqual(part);
    expect(parseScanned(partQrPayload('https://x.example', 4213))).toEqual(part);
  });

  it('reads a bin label URL with the segments it gives, and U: with a bin code', () => {
    expect(
      parseScanned('https://x.example/consultamagazzino?scaffale=b&campata=04&ripiano=3&cassetta=12'),
    ).toEqual({
      kind: 'bin',
      segments: ['B', '04', '3', '12'],
    });
    expect(parseScanned('https://x.example/consultamagazzino?scaffale=B&campata=04')).toEqual({
      kind: 'bin',
      segments: ['B', '04'],
    });
    expect(parseScanned('U:B-04-3-12')).toEqual({ kind: 'bin', segments: ['B', '04', '3', '12'] });
    expect(parseScanned('u:b/04/3/12')).toEqual({ kind: 'bin', segments: ['B', '04', '3', '12'] });
    expect(parseScanned(binQrPayload('https://x.example', ['B', '04', '3']))).toEqual({
      kind: 'bin',
      segments: ['B', '04', '3'],
    });
  });

  it('gives null for anything else', () => {
    for (const text of [
      '',
      'faro',
      'B-04-3-12',
      'U:B-04',
      'https://x.example/componenti/abc',
      'https://x.example/r/faro',
      'https://x.example/consultamagazzino',
      'https://x.example/consultamagazzino?campata=04',
      'javascript:alert(1)',
      'https://',
    ]) {
      expect(parseScanned(text), text).toBeNull();
    }
  });
});

describe('QR payloads', () => {
  it('points a part label at /r/<code> and a bin label at the lookup with the segments given', () => {
    expect(partQrPayload('https://x.example', 4213)).toBe('https://x.example/r/R-004213');
    expect(partQrPayload('https://x.example/', 7)).toBe('https://x.example/r/R-000007');
    expect(binQrPayload('https://x.example', ['B', '04', '3', '12'])).toBe(
      'https://x.example/consultamagazzino?scaffale=B&campata=04&ripiano=3&cassetta=12',
    );
    expect(binQrPayload('https://x.example', ['b'])).toBe('https://x.example/consultamagazzino?scaffale=B');
    expect(binQrPayload('https://x.example', ['A B', '1'])).toBe(
      'https://x.example/consultamagazzino?scaffale=A+B&campata=1',
    );
  });
});
