import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Part } from '@magazzino/contract';
import { buildTestApp, signIn, type Session, type TestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/databases.js';
import { seedParts } from '../../../test/factories.js';

/**
 * A term found in many words, and a pair followed by many different characters: on SQLite each is
 * an OR of many phrases in the query of the index, written as ORs of a few phrases each
 * (db/parts-text-search.ts, `anyOf`). Every part holding the term is found, whichever group its
 * word or its trigram falls in, alone and beside another term.
 */

/** Two letters for `index`: aa, ab, … az, ba, … (distinct words of the same stem). */
const suffix = (index: number) =>
  String.fromCharCode(97 + Math.floor(index / 26)) + String.fromCharCode(97 + (index % 26));

/** What may follow the pair in a part's text: ASCII of every kind, and characters past it. */
const FOLLOWERS = ['a', 'k', 'z', '0', '9', ' ', '-', '/', '.', ',', '(', '+', '#', 'ø', '€', 'ß'];

/** Parts whose name holds a word of the stem: 50, each its own word. */
const STEM_WORDS = 50;

describe.each(DIALECTS)('a term in many words, a pair before many characters, on %s', (dialect) => {
  let t: TestApp;
  let session: Session;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    session = await signIn(t.app);
    await seedParts(t.app.db, STEM_WORDS + FOLLOWERS.length + 5, (index) => {
      if (index < STEM_WORDS) {
        // Every fifth of them is for a Q7, the pair at the end of the model.
        return {
          nome: `Staffa zanna${suffix(index)}`,
          descrizione: 'Staffa di fissaggio',
          modello: index % 5 === 0 ? 'Q7' : 'Punto',
        };
      }
      const follower = FOLLOWERS[index - STEM_WORDS];
      if (follower !== undefined) {
        return { nome: 'Mensola', descrizione: `Serie q7${follower}fine`, modello: 'Punto' };
      }
      // Neither the stem nor the pair.
      return { nome: 'Mensola', descrizione: 'Serie q8 fine', modello: 'Punto' };
    });
  });

  afterAll(async () => {
    await t.close();
  });

  async function found(query: Record<string, string>) {
    const response = await session.inject({
      method: 'GET',
      url: `/api/componenti?${new URLSearchParams({ ...query, limit: '100' }).toString()}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const parts = response.json<Part[]>();
    return { total: Number(response.headers['x-total-count']), names: parts.map((part) => part.nome) };
  }

  it('finds a part in every word that holds the term', async () => {
    const words = Array.from({ length: STEM_WORDS }, (_, index) => `Staffa zanna${suffix(index)}`);
    const queries: Record<string, string>[] = [{ q: 'zanna' }, { nome: 'zanna' }, { q: 'ZANNA' }];
    for (const query of queries) {
      const { total, names } = await found(query);
      expect(total, JSON.stringify(query)).toBe(STEM_WORDS);
      expect([...names].sort(), JSON.stringify(query)).toEqual([...words].sort());
    }
  });

  it('finds a pair whatever follows it, alone and beside a term in many words', async () => {
    const alone = await found({ q: 'q7' });
    expect(alone.total).toBe(STEM_WORDS / 5 + FOLLOWERS.length);
    expect(alone.names.filter((name) => name === 'Mensola')).toHaveLength(FOLLOWERS.length);
    const beside = await found({ q: 'zanna q7' });
    expect(beside.total).toBe(STEM_WORDS / 5);
    expect(beside.names.every((name) => name.startsWith('Staffa zanna'))).toBe(true);
    expect((await found({ nome: 'zanna', modello: 'q7' })).total).toBe(STEM_WORDS / 5);
  });
});
