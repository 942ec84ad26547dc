import { describe, expect, it } from 'vitest';
import { comboboxItems, foldText, sameValue } from './combobox-items';

const OPTIONS = [
  { value: 'Carrozzeria', count: 34 },
  { value: 'Elettronica', count: 3 },
  { value: 'Élite', count: 1 },
  { value: 'Motore', count: 9 },
  { value: 'Vetri carrozzeria', count: 2 },
];
const values = (text: string) =>
  comboboxItems(OPTIONS, text).map((item) =>
    item.kind === 'existing' ? item.option.value : `+${item.value}`,
  );

describe('comboboxItems', () => {
  it('offers every value when nothing is typed', () => {
    expect(values('')).toEqual(OPTIONS.map((option) => option.value));
  });

  it('finds values ignoring case and accents, those starting with the text first, then the new one', () => {
    expect(values('CARRO')).toEqual(['Carrozzeria', 'Vetri carrozzeria', '+CARRO']);
    expect(values('eli')).toEqual(['Élite', '+eli']);
    expect(values('èl')).toEqual(['Elettronica', 'Élite', '+èl']);
    expect(values('xyz')).toEqual(['+xyz']);
  });

  it('offers no new value for one that is already in use but for case, accents or spaces', () => {
    expect(values(' carrozzeria ')).toEqual(['Carrozzeria', 'Vetri carrozzeria']);
    expect(values('ELITE')).toEqual(['Élite']);
    expect(sameValue(OPTIONS, 'élite ')?.value).toBe('Élite');
    expect(sameValue(OPTIONS, '')).toBeUndefined();
  });

  it('of two spellings of one value, takes the one with more records', () => {
    const split = [
      { value: 'Carrozzeria', count: 34 },
      { value: 'carrozzeria', count: 1 },
    ];
    expect(sameValue(split, 'CARROZZERIA')?.value).toBe('Carrozzeria');
    expect(sameValue([...split].reverse(), 'CARROZZERIA')?.value).toBe('Carrozzeria');
  });

  it('folds the way the server does', () => {
    expect(foldText('Citroën ÈLITE')).toBe('citroen elite');
  });
});
