import fp from 'fastify-plugin';
import rateLimit, { type FastifyRateLimitStoreCtor, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import { errors } from '../lib/errors.js';
import { boundedWindowStore } from './rate-limit-store.js';

/**
 * Where the counters live (@fastify/rate-limit's store interface). The default keeps them in this
 * process; several instances behind a balancer need a shared one. It must implement `read` as well
 * as `incr`: failures-only limits look before they count.
 */
export type RateLimitStore = FastifyRateLimitStoreCtor;

/** At most `max` attempts per key in a window of `windowMs` milliseconds, the key read from the request. */
export interface AttemptLimit {
  /** Names the counter: two limits never share a key, even in a shared store. */
  name: string;
  max: number;
  windowMs: number;
  /** The key the attempt counts against: the client's address, the e-mail of the (validated) body... */
  key(request: FastifyRequest): string;
}

/**
 * The key of a client's address: an IPv4 address as it is, an IPv6 one by its /64 network (one
 * home or office line gets a whole /64, so its addresses count as one), an IPv4-mapped IPv6
 * address as its IPv4.
 */
export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const network = address.toByteArray().slice(0, 8);
  const groups = [0, 2, 4, 6].map((i) => (((network[i] ?? 0) << 8) | (network[i + 1] ?? 0)).toString(16));
  return `${groups.join(':')}::/64`;
}

type Check = ReturnType<FastifyInstance['createRateLimit']>;

/** Several limits applied together to one kind of attempt (a login, a sign-up...). */
export class AttemptLimiter {
  private readonly checks: Check[];
  // Attempts counted only when they fail are still running here: they hold their place, so a
  // burst of parallel guesses cannot all pass before the first failures are counted.
  private readonly inFlight = new Map<string, number>();

  constructor(app: FastifyInstance, limits: readonly AttemptLimit[]) {
    this.checks = limits.map((limit) => {
      const options: RateLimitOptions = {
        max: limit.max,
        timeWindow: limit.windowMs,
        keyGenerator: (request) => `${limit.name}:${limit.key(request)}`,
      };
      return app.createRateLimit(options);
    });
  }

  /**
   * Counts the attempt against every limit; 429 with Retry-After when one is used up. A refused
   * attempt counts nowhere (it did no work). Usable as a preHandler: the body is validated by then.
   */
  readonly countAttempt = async (request: FastifyRequest): Promise<void> => {
    await this.refuseWhenUsedUp(request);
    await this.count(request);
  };

  /**
   * Counts against the limits in their order (the per-address one first) and stops at the first
   * used up: parallel attempts may all have passed the look, the count itself settles it, and
   * the limits after a refusing one get no counter (a flood of new e-mails from one address
   * creates no key beyond its own address's).
   */
  private async count(request: FastifyRequest): Promise<void> {
    for (const check of this.checks) {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) throw errors.rateLimited(Math.max(1, result.ttlInSeconds));
    }
  }

  /**
   * Runs `attempt` unless a limit is used up (429), and counts it only when it fails (resolves to
   * undefined): a success never uses up a limit.
   */
  async countFailure<T>(
    request: FastifyRequest,
    attempt: () => Promise<T | undefined>,
  ): Promise<T | undefined> {
    const keys = await this.refuseWhenUsedUp(request);
    for (const key of keys) this.inFlight.set(key, (this.inFlight.get(key) ?? 0) + 1);
    try {
      const result = await attempt();
      if (result === undefined) await this.count(request).catch(() => undefined);
      return result;
    } finally {
      for (const key of keys) {
        const left = (this.inFlight.get(key) ?? 1) - 1;
        if (left > 0) this.inFlight.set(key, left);
        else this.inFlight.delete(key);
      }
    }
  }

  /** Whether a limit has no attempt left for this request (nothing is counted). */
  async isUsedUp(request: FastifyRequest): Promise<boolean> {
    try {
      await this.refuseWhenUsedUp(request);
      return false;
    } catch {
      return true;
    }
  }

  /** Looks at every counter without counting; 429 when one has no attempt left. Returns the keys. */
  private async refuseWhenUsedUp(request: FastifyRequest): Promise<string[]> {
    const states = await Promise.all(this.checks.map((check) => check(request, { increment: false })));
    const waits: number[] = [];
    for (const state of states) {
      if (state.isAllowed) continue;
      if (state.remaining - (this.inFlight.get(state.key) ?? 0) <= 0) waits.push(state.ttlInSeconds);
    }
    if (waits.length > 0) throw errors.rateLimited(Math.max(1, ...waits));
    return states.map((state) => state.key);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Limits for one kind of attempt, over the app's rate-limit store. */
    createAttemptLimiter(limits: readonly AttemptLimit[]): AttemptLimiter;
  }
}

/**
 * @fastify/rate-limit, applied only where a module asks for it (no global limit), over the given
 * store or `boundedWindowStore`. The store keeps its own time (a shared store, its server's).
 */
export default fp<{ store?: RateLimitStore }>(
  async (app, options) => {
    // Our own in-memory store unless one is given: it never evicts a live window (rate-limit-store.ts).
    await app.register(rateLimit, { global: false, store: options.store ?? boundedWindowStore() });
    app.decorate(
      'createAttemptLimiter',
      (limits: readonly AttemptLimit[]) => new AttemptLimiter(app, limits),
    );
  },
  { name: 'rate-limit' },
);
