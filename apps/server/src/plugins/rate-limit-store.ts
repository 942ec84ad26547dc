import type { FastifyRateLimitStoreCtor, RateLimitOptions } from '@fastify/rate-limit';

interface Window {
  current: number;
  startMs: number;
  windowMs: number;
}

type Callback = (error: Error | null, result: { current: number; ttl: number }) => void;

/** The shortest time between two sweeps of a full store for expired windows. */
const SWEEP_INTERVAL_MS = 1000;

/** Windows kept per limit by default: far above what the per-address limits let a flood create. */
export const DEFAULT_MAX_WINDOWS = 200_000;

/**
 * An in-memory @fastify/rate-limit store that never evicts a live window to make room (the
 * library's own LocalStore is an LRU: a flood of new keys pushes the oldest live counters out, and
 * a guesser's counter with them). When it is full, expired windows are swept; if every window is
 * still live, a new key is answered as used up (429) until one expires: the flood waits, the
 * counters already running stay. One store per limit (`child`), each with `maxWindows` keys.
 */
export function boundedWindowStore(maxWindows = DEFAULT_MAX_WINDOWS): FastifyRateLimitStoreCtor {
  class BoundedWindowStore {
    private readonly windows = new Map<string, Window>();
    /** When the windows were last swept: a full store is swept at most once a second, so a flood of newcomers costs no more than that. */
    private sweptAt = 0;

    /** Live windows held now (for measurements and tests). */
    get size(): number {
      return this.windows.size;
    }

    private live(key: string, now: number): Window | undefined {
      const window = this.windows.get(key);
      if (window && window.startMs + window.windowMs > now) return window;
      if (window) this.windows.delete(key);
      return undefined;
    }

    private sweep(now: number): void {
      if (now - this.sweptAt < SWEEP_INTERVAL_MS) return;
      this.sweptAt = now;
      for (const [key, window] of this.windows) {
        if (window.startMs + window.windowMs <= now) this.windows.delete(key);
      }
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      const now = Date.now();
      const window = this.live(key, now);
      if (window) {
        window.current += 1;
        callback(null, { current: window.current, ttl: window.startMs + window.windowMs - now });
        return;
      }
      if (this.windows.size >= maxWindows) this.sweep(now);
      if (this.windows.size >= maxWindows) {
        // Full of live windows: nothing is evicted, the newcomer is refused for now.
        callback(null, { current: max + 1, ttl: timeWindow });
        return;
      }
      this.windows.set(key, { current: 1, startMs: now, windowMs: timeWindow });
      callback(null, { current: 1, ttl: timeWindow });
    }

    read(key: string, callback: Callback): void {
      const now = Date.now();
      const window = this.live(key, now);
      callback(
        null,
        window
          ? { current: window.current, ttl: window.startMs + window.windowMs - now }
          : { current: 0, ttl: 0 },
      );
    }

    child(_options: RateLimitOptions): BoundedWindowStore {
      return new BoundedWindowStore();
    }
  }
  return BoundedWindowStore as unknown as FastifyRateLimitStoreCtor;
}
