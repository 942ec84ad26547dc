import { describe, expect, it } from 'vitest';
import { searchWords, SHORTEST_LISTED_WORD } from './search-words.js';
import SqliteDriver from './sqlite-driver.js';

/** The words of `text` as FTS5's `ascii` tokenizer cuts them (what the word indexes hold). */
function ftsWords(text: string): string[] {
  const db = new SqliteDriver(':memory:');
  try {
    db.exec(`create virtual table t using fts5(x, tokenize = 'ascii');
      create virtual table v using fts5vocab(t, 'row')`);
    db.prepare('insert into t (x) values (?)').run(text);
    return (
      db.prepare('select term from v where length(term) >= ?').all(SHORTEST_LISTED_WORD) as { term: string }[]
    ).map((row) => row.term);
  } finally {
    db.close();
  }
}

/** A small deterministic generator (xorshift32). */
function randomSource(seed: number) {
  let state = seed;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

/** Characters the tokenizer treats every way: letters and digits, ASCII separators, beyond ASCII. */
const ALPHABET = [...'abcXYZ019 .,-/_:;%\'"()\u001f\u007f\u0000àèßøЖ中😀'];

describe('searchWords', () => {
  it('cuts a text into the words FTS5’s ascii tokenizer finds, each once, the short ones left out', () => {
    expect(searchWords(['faro anteriore\u001fsx 1K0-615-301 AA', null, 'faro'])).toEqual([
      'faro',
      'anteriore',
      '1k0',
      '615',
      '301',
    ]);
    expect(searchWords(['Straße città ŽIVOT'])).toEqual(['straße', 'città', 'Život']);
  });

  it('agrees with the tokenizer on 400 random texts of letters, digits, separators and other scripts', () => {
    const random = randomSource(0x5eed);
    for (let index = 0; index < 400; index += 1) {
      const length = 1 + Math.floor(random() * 40);
      const text = Array.from({ length }, () => ALPHABET[Math.floor(random() * ALPHABET.length)]).join('');
      expect(searchWords([text]).sort(), JSON.stringify(text)).toEqual(ftsWords(text).sort());
    }
  });
});
