import { describe, expect, it } from 'vitest';
import { codeKey, foldText } from './text-fold.js';

describe('foldText', () => {
  it('ignores case and accents beyond ASCII, composed or decomposed', () => {
    expect(foldText('PERÒ Citroën ÈLITE')).toBe('pero citroen elite');
    expect(foldText('e\u0300')).toBe(foldText('È'));
    expect(foldText('Škoda 🚗')).toBe('skoda 🚗');
    expect(foldText('İstanbul')).toBe('istanbul');
  });
});

describe('codeKey', () => {
  it('reads a code the same however it is spaced or dashed', () => {
    expect(codeKey('1K0 615 301 AA')).toBe('1k0615301aa');
    expect(codeKey('1K0-615-301-AA')).toBe('1k0615301aa');
    expect(codeKey('1k0615301aa')).toBe('1k0615301aa');
    expect(codeKey(' 7.700.418/919 ')).toBe('7700418919');
    expect(codeKey('--')).toBe('');
  });
});
