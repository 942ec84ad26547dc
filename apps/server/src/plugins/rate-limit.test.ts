import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors.js';
import { countAttempt, MemoryRateLimitStore, RateLimiter } from './rate-limit.js';

function setup(max = 3, windowMs = 60_000) {
  let now = 1_000_000;
  const store = new MemoryRateLimitStore();
  const limiter = new RateLimiter('test', { max, windowMs }, store, () => now);
  return { limiter, store, advance: (ms: number) => void (now += ms) };
}

describe('rate limiter', () => {
  it('allows max attempts per window, then says how many seconds to wait', async () => {
    const { limiter, advance } = setup();
    for (let i = 0; i < 3; i += 1) expect(await limiter.hit('k')).toBeUndefined();
    advance(15_500);
    expect(await limiter.hit('k')).toBe(45);
    expect(await limiter.hit('other')).toBeUndefined();
    advance(44_500);
    expect(await limiter.hit('k')).toBeUndefined();
  });

  it('takes back refunded attempts', async () => {
    const { limiter } = setup(1);
    expect(await limiter.hit('k')).toBeUndefined();
    await limiter.refund('k');
    expect(await limiter.hit('k')).toBeUndefined();
    expect(await limiter.hit('k')).toBe(60);
  });

  it('countAttempt throws 429 with Retry-After and does not count a refused attempt anywhere', async () => {
    const { limiter: tight } = setup(1);
    const { limiter: loose, store } = setup(5);
    await countAttempt([
      [tight, 'a'],
      [loose, 'ip'],
    ]);
    const error: unknown = await countAttempt([
      [tight, 'a'],
      [loose, 'ip'],
    ]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED', headers: { 'retry-after': '60' } });
    // The refused attempt was taken back: the looser limit still has 4 left.
    for (let i = 0; i < 4; i += 1) await countAttempt([[loose, 'ip']]);
    await expect(countAttempt([[loose, 'ip']])).rejects.toMatchObject({ statusCode: 429 });
    expect(store.size).toBe(1);
  });

  it('keeps memory bounded under a flood of distinct keys', async () => {
    const store = new MemoryRateLimitStore(100);
    const limiter = new RateLimiter('flood', { max: 1, windowMs: 60_000 }, store);
    for (let i = 0; i < 1000; i += 1) await limiter.hit(`k${i}`);
    expect(store.size).toBeLessThanOrEqual(100);
  });
});
