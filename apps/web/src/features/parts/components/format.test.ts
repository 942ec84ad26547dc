import { describe, expect, it } from 'vitest';
import { calendarDayFromToday, codeSearchUrl, formatCalendarDay, formatPeso, formatPrezzo } from './format';

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

describe('formatPrezzo', () => {
  it('writes euro first, two decimals, thousands grouped', () => {
    expect(formatPrezzo(45)).toBe('€ 45,00');
    expect(formatPrezzo(40.5)).toBe('€ 40,50');
    expect(formatPrezzo(0)).toBe('€ 0,00');
    expect(formatPrezzo(1250.5)).toBe('€ 1.250,50');
    expect(formatPrezzo(1_000_000)).toBe('€ 1.000.000,00');
  });
});

describe('calendar days', () => {
  it('reads an API day as written and counts days from a local today', () => {
    expect(formatCalendarDay('2026-11-30')).toBe('30/11/2026');
    expect(formatCalendarDay('domani')).toBe('domani');
    const now = new Date(2026, 11, 28, 23, 30);
    expect(calendarDayFromToday(0, now)).toBe('2026-12-28');
    expect(calendarDayFromToday(7, now)).toBe('2027-01-04');
  });
});
