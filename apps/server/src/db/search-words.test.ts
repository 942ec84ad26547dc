import { describe, expect, it } from 'vitest';
import { randomTexts } from '../../test/random-texts.js';
import { searchWords, SHORTEST_LISTED_WORD } from './search-words.js';
import SqliteDriver from './sqlite-driver.js';

/** The words of `text` as FTS5's `ascii` tokenizer cuts them (what the word indexes hold). */
function ftsWords(text: string): string[] {
  const db = new SqliteDriver(':memory:');
  try {
    db.exec(`create virtual table t using fts5(x, tokenize = 'ascii');
      create virtual table v using fts5vocab(t, 'row')`);
    db.prepare('insert into t (x) values (?)').run(text);
    // The list's own rule, written in SQL as migration 023 fills it: not all digits.
    const listed = db.prepare(`select term from v where length(term) >= ? and term glob '*[^0-9]*'`);
    return (listed.all(SHORTEST_LISTED_WORD) as { term: string }[]).map((row) => row.term);
  } finally {
    db.close();
  }
}

/** Characters the tokenizer treats every way: letters and digits, ASCII separators, beyond ASCII. */
const ALPHABET = [...'abcXYZ019 .,-/_:;%\'"()\u001f\u007f\u0000àèßøЖ中😀'];

describe('searchWords', () => {
  it('cuts a text into the words FTS5’s ascii tokenizer finds, each once, leaving out the short ones and those of digits alone', () => {
    expect(searchWords(['faro anteriore\u001fsx 1K0-615301-AA 60213732 2005', null, 'faro'])).toEqual([
      'faro',
      'anteriore',
    ]);
    expect(searchWords(['Straße città ŽIVOT 1k0615301aa'])).toEqual([
      'straße',
      'città',
      'Život',
      '1k0615301aa',
    ]);
  });

  it('agrees with the tokenizer on 400 random texts of letters, digits, separators and other scripts', () => {
    for (const text of randomTexts(0x5eed, ALPHABET, 400)) {
      expect(searchWords([text]).sort(), JSON.stringify(text)).toEqual(ftsWords(text).sort());
    }
  });
});
