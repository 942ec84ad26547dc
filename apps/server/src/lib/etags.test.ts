import { describe, expect, it } from 'vitest';
import { answerEtag, namesAnswer, namesVersion } from './etags.js';

describe('answer ETags', () => {
  it('names the version alone when the answer shows nothing of another record', () => {
    expect(answerEtag(4)).toBe('"v4"');
  });

  it('adds a digest that follows what the answer shows of another record', () => {
    const lancia = answerEtag(4, { targa: 'AB123CD', marca: 'Lancia' });
    expect(lancia).toMatch(/^"v4-[\w-]{12}"$/);
    expect(answerEtag(4, { targa: 'AB123CD', marca: 'Lancia' })).toBe(lancia);
    expect(answerEtag(4, { targa: 'AB123CE', marca: 'Lancia' })).not.toBe(lancia);
    expect(answerEtag(5, { targa: 'AB123CD', marca: 'Lancia' })).not.toBe(lancia);
  });

  it('If-None-Match: matches this very answer, in a list, weak or `*`', () => {
    const etag = answerEtag(4, { componenti: 2 });
    expect(namesAnswer(etag, etag)).toBe(true);
    expect(namesAnswer(`"v3", W/${etag}`, etag)).toBe(true);
    expect(namesAnswer(' * ', etag)).toBe(true);
    expect(namesAnswer('"v4"', etag)).toBe(false);
    expect(namesAnswer(answerEtag(4, { componenti: 1 }), etag)).toBe(false);
  });

  it('If-Match: matches any answer of the current version, and nothing malformed', () => {
    expect(namesVersion('"v4"', 4)).toBe(true);
    expect(namesVersion(answerEtag(4, { targa: 'AB123CD' }), 4)).toBe(true);
    expect(namesVersion(`"v2", W/${answerEtag(4, { x: 1 })}`, 4)).toBe(true);
    expect(namesVersion('*', 4)).toBe(true);
    for (const stale of ['"v3"', '"v44"', '"v4x"', 'v4', '"v4-"', '"v4-a b"', '""', '']) {
      expect(namesVersion(stale, 4), stale).toBe(false);
    }
  });
});
