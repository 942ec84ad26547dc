import fp from 'fastify-plugin';
import rateLimit, { type FastifyRateLimitStoreCtor, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import { AppError, errors } from '../lib/errors.js';
import { counterStore } from './rate-limit-counters.js';
import { DatabaseWindowCounters } from './rate-limit-database-store.js';
import { boundedWindowStore } from './rate-limit-store.js';

/**
 * Where the counters live (@fastify/rate-limit's store interface): this process's memory, the
 * database or Redis (RATE_LIMIT_STORE); several instances behind a balancer need a shared one. It
 * must implement `read` as well as `incr`: failures-only limits look before they count.
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

/** After the store failed to count a failed attempt, how long the limiter refuses every attempt. */
export const STORE_FAILURE_PAUSE_MS = 5000;

/**
 * What this process knows of one counter that a look at the store may not show: attempts past the
 * look and not yet counted (`running`), and failures counted while a look was pending (`counted`:
 * the count the store answered, and how many looks had started by then). A look started before
 * such a count may have read the store before it; one that read `current` or more did not.
 */
interface LocalCounter {
  running: number;
  counted: { current: number; looksBefore: number }[];
}

/** The counters an attempt holds a place on, and those of them its failure was counted on. */
interface Reservation {
  keys: readonly string[];
  released: Set<string>;
}

/** Several limits applied together to one kind of attempt (a login, a sign-up...). */
export class AttemptLimiter {
  private readonly checks: Check[];
  // Attempts counted only when they fail hold their place from their look to their count, so a
  // burst of parallel guesses cannot all pass before the first failures are counted.
  private readonly local = new Map<string, LocalCounter>();
  /** Looks started so far (a look's number is its place in that order), and those not answered yet. */
  private looksStarted = 0;
  private readonly pendingLooks = new Set<number>();
  /** Until when attempts are refused because the store could not count a failure (Date.now()). */
  private storeFailedUntil = 0;

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
   * creates no key beyond its own address's). Each counter a reservation holds is handed over
   * as soon as the store answers its count.
   */
  private async count(request: FastifyRequest, reservation?: Reservation): Promise<void> {
    for (const check of this.checks) {
      const result = await this.onStore(request, () => check(request));
      if (reservation && !result.isAllowed) {
        const current = result.isExceeded ? result.max + 1 : result.max - result.remaining;
        this.release(reservation, result.key, current);
      }
      if (!result.isAllowed && result.isExceeded) throw errors.rateLimited(Math.max(1, result.ttlInSeconds));
    }
  }

  /**
   * Looks or counts on the store. The limits fail closed: when the store (the database, Redis)
   * cannot answer, the attempt is refused with 503 rather than let through uncounted: a limiter
   * that opens whenever its store is down or slow gives a guessing script unlimited tries exactly
   * then, and whoever can overload the store could open it at will. What it costs: sign-in,
   * sign-up and password resets wait for the store; open sessions and every other route go on.
   */
  private async onStore<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      request.log.error({ err: error }, 'rate-limit store failed: attempt refused');
      throw errors.serviceUnavailable();
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
    const reservation: Reservation = {
      keys: await this.refuseWhenUsedUp(request, true),
      released: new Set(),
    };
    try {
      const result = await attempt();
      if (result === undefined) await this.countFailed(request, reservation);
      return result;
    } finally {
      for (const key of reservation.keys) this.release(reservation, key);
    }
  }

  /**
   * Counts a failed attempt. One that finds a limit used up (parallel attempts passed the look
   * together) is still answered as the failure it was: the next one is refused. One the store
   * could not count (it answered the look, then failed: writes failing, reads not) must not
   * repeat freely: the limiter refuses every attempt for STORE_FAILURE_PAUSE_MS, then tries again.
   */
  private async countFailed(request: FastifyRequest, reservation: Reservation): Promise<void> {
    try {
      await this.count(request, reservation);
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode !== 503) return;
      this.storeFailedUntil = Date.now() + STORE_FAILURE_PAUSE_MS;
      throw error;
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

  /**
   * Looks at every counter without counting; 429 when one has no attempt left, counting the
   * attempts of this process the store may not show yet. With `reserve`, the attempt takes its
   * place on each counter in the same step as the look is judged (no other look is judged in
   * between). Returns the keys.
   */
  private async refuseWhenUsedUp(request: FastifyRequest, reserve = false): Promise<string[]> {
    if (Date.now() < this.storeFailedUntil) throw errors.serviceUnavailable();
    const look = this.looksStarted;
    this.looksStarted += 1;
    this.pendingLooks.add(look);
    let states;
    try {
      states = await this.onStore(request, () =>
        Promise.all(this.checks.map((check) => check(request, { increment: false }))),
      );
    } finally {
      this.pendingLooks.delete(look);
    }
    const waits: number[] = [];
    for (const state of states) {
      if (state.isAllowed) continue;
      const seen = state.max - state.remaining;
      if (state.remaining - this.unseen(state.key, look, seen) <= 0) waits.push(state.ttlInSeconds);
    }
    this.forgetSeenCounts();
    if (waits.length > 0) throw errors.rateLimited(Math.max(1, ...waits));
    const keys = states.map((state) => state.key);
    if (reserve) for (const key of keys) this.localCounter(key).running += 1;
    return keys;
  }

  /** Attempts on `key` that look number `look`, which read `seen` from the store, may have missed. */
  private unseen(key: string, look: number, seen: number): number {
    const counter = this.local.get(key);
    if (!counter) return 0;
    const missed = counter.counted.filter((count) => count.looksBefore > look && count.current > seen);
    return counter.running + missed.length;
  }

  private localCounter(key: string): LocalCounter {
    let counter = this.local.get(key);
    if (!counter) {
      counter = { running: 0, counted: [] };
      this.local.set(key, counter);
    }
    return counter;
  }

  /**
   * Gives up the attempt's place on `key` (once): at its count, with the count the store answered
   * (`current`), kept for the looks still pending; or when it ends uncounted.
   */
  private release(reservation: Reservation, key: string, current?: number): void {
    if (!reservation.keys.includes(key) || reservation.released.has(key)) return;
    reservation.released.add(key);
    const counter = this.localCounter(key);
    counter.running -= 1;
    if (current !== undefined && this.pendingLooks.size > 0)
      counter.counted.push({ current, looksBefore: this.looksStarted });
    if (counter.running === 0 && counter.counted.length === 0) this.local.delete(key);
  }

  /** Drops the counts no pending look started before: every later look reads them from the store. */
  private forgetSeenCounts(): void {
    const oldestPending = Math.min(...this.pendingLooks);
    for (const [key, counter] of this.local) {
      if (counter.counted.length === 0) continue;
      counter.counted = counter.counted.filter((count) => count.looksBefore > oldestPending);
      if (counter.running === 0 && counter.counted.length === 0) this.local.delete(key);
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Limits for one kind of attempt, over the app's rate-limit store. */
    createAttemptLimiter(limits: readonly AttemptLimit[]): AttemptLimiter;
  }
}

/**
 * The store RATE_LIMIT_STORE names: `memory` (rate-limit-store.ts: never evicts a live window),
 * `database` (the `rate_limit_windows` table, swept as it goes) or `redis` (REDIS_URL). A shared
 * store's connection or sweep ends when the app closes, before the database does. The Redis
 * client is loaded only when it is the store (2 MiB of heap otherwise held for nothing).
 */
async function configuredStore(app: FastifyInstance): Promise<RateLimitStore> {
  const { rateLimitStore, redisUrl } = app.config;
  if (rateLimitStore === 'memory') return boundedWindowStore();
  if (rateLimitStore === 'database') {
    const counters = new DatabaseWindowCounters(app.db, { log: app.log });
    app.addHook('onClose', () => counters.close());
    app.log.info('rate-limit counters in the database');
    return counterStore(counters);
  }
  if (!redisUrl) throw new Error('RATE_LIMIT_STORE=redis needs REDIS_URL');
  const { closeRedis, connectRedis, RedisWindowCounters } = await import('./rate-limit-redis-store.js');
  const redis = await connectRedis(redisUrl, app.log);
  app.addHook('onClose', () => closeRedis(redis));
  return counterStore(new RedisWindowCounters(redis));
}

/**
 * @fastify/rate-limit, applied only where a module asks for it (no global limit), over the given
 * store or the configured one. The store keeps its own time (a shared store, its server's).
 */
export default fp<{ store?: RateLimitStore }>(
  async (app, options) => {
    await app.register(rateLimit, { global: false, store: options.store ?? (await configuredStore(app)) });
    app.decorate(
      'createAttemptLimiter',
      (limits: readonly AttemptLimit[]) => new AttemptLimiter(app, limits),
    );
  },
  { name: 'rate-limit', dependencies: ['config', 'database'] },
);
