import { describe, expect, it } from 'vitest';
import { columnTerms, matchRanges, mergeRanges, searchWords, splitByMatches } from './highlight';

/** The marked parts of `text`, as the clerk would read them. */
const marked = (text: string, terms: string[], lettersAndDigitsOnly = false) =>
  splitByMatches(text, terms, { lettersAndDigitsOnly })
    .filter((piece) => piece.match)
    .map((piece) => piece.text);

describe('matchRanges', () => {
  it('ignores accents and case on both sides, and marks the original characters', () => {
    expect(marked('Citroën C3', ['citroen'])).toEqual(['Citroën']);
    expect(marked('Citroen C3', ['CITROËN'])).toEqual(['Citroen']);
    expect(marked('Perché È così', ['e'])).toEqual(['e', 'é', 'È']);
    expect(marked('ŠKODA Fabia', ['skoda'])).toEqual(['ŠKODA']);
  });

  it('maps a match back onto decomposed accents (a letter and its combining mark)', () => {
    const decomposed = 'Citroe\u0308n';
    expect(matchRanges(decomposed, ['citroen'])).toEqual([[0, decomposed.length]]);
    // A match ending on the accented letter keeps its accent.
    expect(marked(decomposed, ['citroe'])).toEqual(['Citroe\u0308']);
  });

  it('keeps positions right after a character that folds to two letters or changes length', () => {
    // 'ﬁ' (one ligature) is kept as it is; what follows is still found at its own place.
    expect(marked('Faro ﬁat Punto', ['punto'])).toEqual(['Punto']);
    expect(marked('İzmir İveco', ['iveco'])).toEqual(['İveco']);
  });

  it('marks every word of the search, each wherever it occurs', () => {
    expect(marked('Faro anteriore Fiat Punto, faro posteriore', ['faro', 'punto'])).toEqual([
      'Faro',
      'Punto',
      'faro',
    ]);
  });

  it('joins overlapping and touching matches into one mark', () => {
    expect(matchRanges('aaaa', ['aa'])).toEqual([[0, 4]]);
    expect(marked('Alternatore', ['alter', 'terna'])).toEqual(['Alterna']);
    expect(marked('Alternatore', ['alt', 'ern'])).toEqual(['Altern']);
    expect(marked('abcdef', ['bc', 'de'])).toEqual(['bcde']);
  });

  it('reads a code by its letters and digits only, however it is written', () => {
    expect(marked('1K0 615 301 AA', ['1k0615301aa'], true)).toEqual(['1K0 615 301 AA']);
    expect(marked('1K0-615-301-AA', ['615301'], true)).toEqual(['615-301']);
    expect(marked('1K0-615-301-AA', ['1K0-615'], true)).toEqual(['1K0-615']);
    // Without the option, a dash is a character like any other.
    expect(marked('1K0-615-301-AA', ['1k0615'])).toEqual([]);
  });

  it('finds nothing for no terms, blank terms or empty text', () => {
    expect(matchRanges('Faro', [])).toEqual([]);
    expect(matchRanges('Faro', [''])).toEqual([]);
    expect(matchRanges('', ['faro'])).toEqual([]);
    expect(splitByMatches('Faro', [])).toEqual([{ text: 'Faro', match: false }]);
  });
});

describe('helpers', () => {
  it('splits a search into words and merges ranges', () => {
    expect(searchWords('  faro   Punto ')).toEqual(['faro', 'Punto']);
    expect(searchWords('   ')).toEqual([]);
    expect(
      mergeRanges([
        [5, 7],
        [0, 2],
        [2, 3],
        [6, 9],
      ]),
    ).toEqual([
      [0, 3],
      [5, 9],
    ]);
  });

  it('marks the words of q in every column and a field filter, whole, in its own column', () => {
    expect(columnTerms({ q: 'faro punto', nome: ' faro ant ', marca: '' })).toEqual({
      any: ['faro', 'punto'],
      nome: ['faro', 'punto', 'faro ant'],
      marca: ['faro', 'punto'],
      modello: ['faro', 'punto'],
    });
    expect(columnTerms()).toEqual({ any: [], nome: [], marca: [], modello: [] });
  });
});
