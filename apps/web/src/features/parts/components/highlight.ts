/**
 * Finding the words of a search in the text shown, the way the server matches them: accents and
 * case never matter ('citroen' finds 'Citroën', 'E' finds 'è'), and in a code only letters and
 * digits count ('1k0615301' finds '1K0-615-301'). The match is mapped back onto the original
 * string, so the marks cover exactly the characters the clerk sees.
 */

/** A half-open range [start, end) of UTF-16 positions in the original text. */
export type Range = readonly [start: number, end: number];

export interface MatchOptions {
  /** Compare letters and digits only (OEM codes are written with or without spaces and dashes). */
  lettersAndDigitsOnly?: boolean;
}

const COMBINING_MARKS = /\p{M}/gu;
const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]/gu;

/** One character folded: decomposed, its accents dropped, lower-cased ('À' → 'a', 'ß' → 'ß'). */
function foldChar(char: string, options: MatchOptions): string {
  const folded = char.normalize('NFD').replace(COMBINING_MARKS, '').toLowerCase();
  return options.lettersAndDigitsOnly ? folded.replace(NOT_LETTER_OR_DIGIT, '') : folded;
}

/** A search term folded the same way as the text it is looked for in. */
export function foldTerm(term: string, options: MatchOptions = {}): string {
  return [...term].map((char) => foldChar(char, options)).join('');
}

/**
 * The folded text and, for each of its UTF-16 units, the original character it came from
 * (start and end offsets in the original). A character may fold to several units or to none.
 */
function foldWithMap(text: string, options: MatchOptions) {
  let folded = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let offset = 0;
  for (const char of text) {
    const piece = foldChar(char, options);
    for (let i = 0; i < piece.length; i++) {
      starts.push(offset);
      ends.push(offset + char.length);
    }
    folded += piece;
    offset += char.length;
  }
  return { folded, starts, ends };
}

/** Sorts ranges and joins those that overlap or touch. */
export function mergeRanges(ranges: readonly Range[]): Range[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: [number, number][] = [];
  for (const [start, end] of sorted) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/** The words of a search box ('faro  Punto' → ['faro', 'Punto']); empty for blank text. */
export function searchWords(query: string): string[] {
  return query.split(/\s+/).filter((word) => word !== '');
}

/**
 * Where the terms occur in `text`, as merged ranges of the original string. Every occurrence of
 * every term counts, overlapping ones included ('aa' in 'aaa' covers all three letters). A match
 * ending on a letter also covers the accents written after it as separate characters.
 */
export function matchRanges(text: string, terms: readonly string[], options: MatchOptions = {}): Range[] {
  if (text === '' || terms.length === 0) return [];
  const { folded, starts, ends } = foldWithMap(text, options);
  const found: Range[] = [];
  for (const term of new Set(terms.map((t) => foldTerm(t, options)))) {
    if (term === '') continue;
    for (let at = folded.indexOf(term); at !== -1; at = folded.indexOf(term, at + 1)) {
      const start = starts[at];
      let end = ends[at + term.length - 1];
      if (start === undefined || end === undefined) continue;
      // Characters that fold to nothing (a combining accent, a dash in a code) right after the
      // match belong to it only when they are accents: a code's dash stays outside the mark.
      while (end < text.length && /^\p{M}$/u.test(text.charAt(end))) end += 1;
      found.push([start, end]);
    }
  }
  return mergeRanges(found);
}

/** The text cut into plain and matched pieces, in order (what the <mark>s are drawn from). */
export function splitByMatches(
  text: string,
  terms: readonly string[],
  options: MatchOptions = {},
): { text: string; match: boolean }[] {
  const pieces: { text: string; match: boolean }[] = [];
  let offset = 0;
  for (const [start, end] of matchRanges(text, terms, options)) {
    if (start > offset) pieces.push({ text: text.slice(offset, start), match: false });
    pieces.push({ text: text.slice(start, end), match: true });
    offset = end;
  }
  if (offset < text.length || pieces.length === 0) pieces.push({ text: text.slice(offset), match: false });
  return pieces;
}

/** The search of a list: free text over every column, and substrings of one column each. */
export interface ListSearchText {
  q?: string;
  nome?: string;
  marca?: string;
  modello?: string;
}

/** What to mark in each column: the words of `q` everywhere, a field's own filter in its column. */
export interface ColumnTerms {
  any: string[];
  nome: string[];
  marca: string[];
  modello: string[];
}

/** The terms to mark for a list's search (a field filter is one substring, spaces included). */
export function columnTerms(search: ListSearchText = {}): ColumnTerms {
  const any = searchWords(search.q ?? '');
  const own = (filter: string | undefined) => {
    const text = (filter ?? '').trim();
    return text === '' ? any : [...any, text];
  };
  return { any, nome: own(search.nome), marca: own(search.marca), modello: own(search.modello) };
}
