/**
 * The words of a part's text, as SQLite's word indexes cut it (migration 023): FTS5's `ascii`
 * tokenizer makes a word of every run of ASCII letters and digits and characters above ASCII, every
 * other ASCII character separating words, and folds ASCII capitals. The triggers of `parts` add a
 * written part's words to `search_words` through the SQL function `search_words`, registered on
 * the app's SQLite connection (`registerSearchWords`).
 */

/** Every ASCII character but letters and digits: where FTS5's `ascii` tokenizer cuts. */
// eslint-disable-next-line no-control-regex -- the control characters separate words too (U+001F does, in the index)
const SEPARATORS = /[\u0000-\u002f\u003a-\u0040\u005b-\u0060\u007b-\u007f]+/u;

/**
 * The shortest word the list keeps. A term of three characters is one trigram, which the trigram
 * index reads at once, so the list serves terms of four or more (db/parts-text-search.ts): each
 * word probed is ~3 µs of a create.
 */
export const SHORTEST_LISTED_WORD = 4;

/**
 * Whether a word goes into the list: four characters or more, not all digits. A term of digits
 * alone (a year, a model like 308, a piece of a code) lies inside thousands of codes and reads the
 * trigram index, so the list need not hold the words of digits alone: a part's numeric code, a
 * new word with every create, is not added.
 */
/** @param {string} word */
export function isListedWord(word) {
  return [...word].length >= SHORTEST_LISTED_WORD && /\D/u.test(word);
}

/**
 * The distinct words of `texts` (nulls skipped) that go into the list (`isListedWord`).
 * @param {readonly unknown[]} texts
 * @returns {string[]}
 */
export function searchWords(texts) {
  /** @type {Set<string>} */
  const words = new Set();
  for (const text of texts) {
    if (typeof text !== 'string') continue;
    for (const word of text.replace(/[A-Z]+/g, (capitals) => capitals.toLowerCase()).split(SEPARATORS)) {
      if (isListedWord(word)) words.add(word);
    }
  }
  return [...words];
}

/**
 * The part of better-sqlite3's Database this needs.
 * @typedef {{
 *   function(
 *     name: string,
 *     options: { deterministic: boolean, varargs: boolean },
 *     implementation: (...args: unknown[]) => string,
 *   ): unknown
 * }} FunctionRegistry
 */

/**
 * Registers `search_words(text, …)`: a JSON array of the words of its arguments (`searchWords`).
 * Plain JavaScript: the writer thread (sqlite-write-worker.js) registers it on its connection too.
 * @param {FunctionRegistry} sqlite
 */
export function registerSearchWords(sqlite) {
  sqlite.function('search_words', { deterministic: true, varargs: true }, (...texts) =>
    JSON.stringify(searchWords(texts)),
  );
}
