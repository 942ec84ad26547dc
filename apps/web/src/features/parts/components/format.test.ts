import { describe, expect, it } from 'vitest';
import { codeSearchUrl, formatPeso } from './format';

describe('formatPeso', () => {
  it('writes Kg with the Italian decimal comma and up to grams', () => {
    expect(formatPeso(1.5)).toBe('1,5 Kg');
    expect(formatPeso(0.125)).toBe('0,125 Kg');
    expect(formatPeso(2)).toBe('2 Kg');
    expect(formatPeso(0)).toBe('0 Kg');
    expect(formatPeso(12_500.75)).toBe('12.500,75 Kg');
  });
});

describe('codeSearchUrl', () => {
  it('searches the code on the web, encoded', () => {
    expect(codeSearchUrl('51787654')).toBe('https://www.google.com/search?q=51787654');
    expect(codeSearchUrl('A&B 1/2')).toBe('https://www.google.com/search?q=A%26B%201%2F2');
  });
});
