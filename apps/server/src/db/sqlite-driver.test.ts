import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import Database, { NODE_API_DRIVER } from './sqlite-driver.js';

const require = createRequire(import.meta.url);

describe('the SQLite driver', () => {
  it('is the Node-API build (better-sqlite3 13) wherever Node.js offers Node-API 10, else 12', () => {
    const major = Number(process.versions.node.split('.')[0]);
    expect(NODE_API_DRIVER).toBe(major >= 22);
    const expected = NODE_API_DRIVER ? 'better-sqlite3-napi' : 'better-sqlite3';
    expect(Database).toBe(require(expected));
    const { version } = require(`${expected}/package.json`) as { version: string };
    expect(version.split('.')[0]).toBe(NODE_API_DRIVER ? '13' : '12');
  });

  it('has the full-text index the search relies on (FTS5 trigram without diacritics)', () => {
    const db = new Database(':memory:');
    try {
      db.exec("CREATE VIRTUAL TABLE t USING fts5(x, tokenize = 'trigram remove_diacritics 1')");
      db.prepare('INSERT INTO t (x) VALUES (?)').run('Fanale posteriore Citroën');
      expect(db.prepare("SELECT count(*) AS n FROM t WHERE t MATCH 'citroen'").get()).toEqual({ n: 1 });
    } finally {
      db.close();
    }
  });
});
