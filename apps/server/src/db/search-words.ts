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

/** The shortest word the list keeps: a shorter term is never looked up in it (db/parts-text-search.ts). */
export const SHORTEST_LISTED_WORD = 3;

/** The distinct words of `texts` (nulls skipped) of SHORTEST_LISTED_WORD characters or more. */
export function searchWords(texts: readonly unknown[]): string[] {
  const words = new Set<string>();
  for (const text of texts) {
    if (typeof text !== 'string') continue;
    for (const word of text.replace(/[A-Z]+/g, (capitals) => capitals.toLowerCase()).split(SEPARATORS)) {
      if ([...word].length >= SHORTEST_LISTED_WORD) words.add(word);
    }
  }
  return [...words];
}

/** The part of better-sqlite3's Database this needs. */
interface FunctionRegistry {
  function(
    name: string,
    options: { deterministic: boolean; varargs: boolean },
    implementation: (...args: unknown[]) => string,
  ): unknown;
}

/** Registers `search_words(text, …)`: a JSON array of the words of its arguments (`searchWords`). */
export function registerSearchWords(sqlite: FunctionRegistry): void {
  sqlite.function('search_words', { deterministic: true, varargs: true }, (...texts) =>
    JSON.stringify(searchWords(texts)),
  );
}
