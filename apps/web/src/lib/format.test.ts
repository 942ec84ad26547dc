import { describe, expect, it } from 'vitest';
import { formatInteger, formatNumber } from './format';

describe('formatInteger', () => {
  it('groups thousands with a dot', () => {
    expect(formatInteger(100_000)).toBe('100.000');
    expect(formatInteger(7)).toBe('7');
  });
});

describe('formatNumber', () => {
  it('writes the decimal comma, up to three places unless told otherwise', () => {
    expect(formatNumber(1.8)).toBe('1,8');
    expect(formatNumber(12_345.6789)).toBe('12.345,679');
    expect(formatNumber(12_345.6789, 1)).toBe('12.345,7');
  });
});
