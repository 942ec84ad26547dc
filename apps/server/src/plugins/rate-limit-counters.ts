import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';

/** A counter as a shared store answers it: attempts in the current window, and the ms left of it. */
export interface WindowState {
  current: number;
  ttlMs: number;
}

/**
 * Counters kept outside this process (the database, Redis), so that every instance of the app
 * counts the same attempts. Each call is one atomic operation on the shared store: instances
 * counting at once on one key get distinct counts. The store keeps its own time (its server's).
 */
export interface WindowCounters {
  /** Counts one attempt on `key`; a window of `windowMs` starts when none is running. */
  increment(key: string, windowMs: number): Promise<WindowState>;
  /** The attempts counted on `key` in its running window (0 when none), counting nothing. */
  read(key: string): Promise<WindowState>;
}

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * @fastify/rate-limit's store interface (callbacks, `incr`, `read`, a `child` per limit) over shared
 * counters. Every limit uses the same counters: keys already start with the limit's name
 * (`AttemptLimiter`). A failure of the store reaches the limiter as an error, never as "allowed".
 */
export function counterStore(counters: WindowCounters): FastifyRateLimitStoreCtor {
  const answer = (state: Promise<WindowState>, callback: Callback) => {
    void state.then(
      ({ current, ttlMs }) => callback(null, { current, ttl: ttlMs }),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  };
  class CounterStore {
    incr(key: string, callback: Callback, timeWindow: number): void {
      answer(counters.increment(key, timeWindow), callback);
    }

    read(key: string, callback: Callback): void {
      answer(counters.read(key), callback);
    }

    child(): CounterStore {
      return this;
    }
  }
  return CounterStore;
}
