import fp from 'fastify-plugin';
import { errors } from '../lib/errors.js';

/** At most `max` attempts per key in a fixed window of `windowMs` milliseconds. */
export interface RateLimitRule {
  max: number;
  windowMs: number;
}

/** Where the counters live. The in-memory store serves one process; several instances need a shared one. */
export interface RateLimitStore {
  /** Counts one attempt; returns the count in the current window and when that window ends. */
  increment(key: string, windowMs: number, now: number): Promise<{ count: number; resetAt: number }>;
  /** Takes one attempt back (a success that should not count, or a refused attempt). */
  decrement(key: string, now: number): Promise<void>;
}

interface Window {
  count: number;
  resetAt: number;
}

/** Counters in a Map, bounded: expired windows are swept, then the oldest go first. */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly maxKeys = 100_000) {}

  increment(key: string, windowMs: number, now: number) {
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      // Re-inserting keeps the Map ordered by window start, oldest first.
      this.windows.delete(key);
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
      if (this.windows.size > this.maxKeys) this.evict(now);
    }
    window.count += 1;
    return Promise.resolve({ count: window.count, resetAt: window.resetAt });
  }

  decrement(key: string, now: number) {
    const window = this.windows.get(key);
    if (window && window.resetAt > now && window.count > 0) window.count -= 1;
    return Promise.resolve();
  }

  /** Number of keys held (for tests of the bound). */
  get size(): number {
    return this.windows.size;
  }

  private evict(now: number) {
    for (const [key, window] of this.windows) {
      if (window.resetAt <= now) this.windows.delete(key);
    }
    // Still too many live keys (a flood of distinct ones): drop the oldest tenth.
    const target = Math.floor(this.maxKeys * 0.9);
    for (const key of this.windows.keys()) {
      if (this.windows.size <= target) break;
      this.windows.delete(key);
    }
  }
}

/** One named limit applied to keys (an IP, an email, an IP with an email...). */
export class RateLimiter {
  constructor(
    readonly name: string,
    readonly rule: RateLimitRule,
    private readonly store: RateLimitStore,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts an attempt for `key`; returns the seconds to wait when over the limit, else undefined. */
  async hit(key: string): Promise<number | undefined> {
    const now = this.now();
    const { count, resetAt } = await this.store.increment(`${this.name}:${key}`, this.rule.windowMs, now);
    if (count <= this.rule.max) return undefined;
    return Math.max(1, Math.ceil((resetAt - now) / 1000));
  }

  /** Takes back one attempt of `key`. */
  async refund(key: string): Promise<void> {
    await this.store.decrement(`${this.name}:${key}`, this.now());
  }
}

/** An attempt counted against several limits; `refund()` takes it back (a success that should not count). */
export interface CountedAttempt {
  refund(): Promise<void>;
}

/**
 * Counts one attempt against every `[limiter, key]` pair. If any is over its limit, the attempt is
 * taken back everywhere (a refused attempt did no work) and 429 is thrown with `Retry-After`.
 */
export async function countAttempt(checks: [RateLimiter, string][]): Promise<CountedAttempt> {
  const waits = await Promise.all(checks.map(([limiter, key]) => limiter.hit(key)));
  const refund = async () => {
    await Promise.all(checks.map(([limiter, key]) => limiter.refund(key)));
  };
  const exceeded = waits.filter((wait): wait is number => wait !== undefined);
  if (exceeded.length > 0) {
    await refund();
    throw errors.rateLimited(Math.max(...exceeded));
  }
  return { refund };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** A limiter named `name` over the app's rate-limit store. */
    createRateLimiter(name: string, rule: RateLimitRule): RateLimiter;
  }
}

/**
 * Rate limits for the routes that need them (login, signup, forgot-password), over an in-memory
 * store: correct for one server process; several instances behind a balancer need a shared store.
 */
export default fp<{ store?: RateLimitStore; now?: () => number }>(
  (app, options) => {
    const store = options.store ?? new MemoryRateLimitStore();
    const now = options.now ?? Date.now;
    app.decorate(
      'createRateLimiter',
      (name: string, rule: RateLimitRule) => new RateLimiter(name, rule, store, now),
    );
    return Promise.resolve();
  },
  { name: 'rate-limit' },
);
