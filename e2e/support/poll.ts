import { expect } from 'vitest';

/** How long the page may take to reach a state by itself on a slow machine: Playwright's own default. */
export const PAGE_TIMEOUT_MS = 30_000;

/**
 * `expect.poll` with the patience of Playwright's waits: `read` runs again until the matcher
 * passes, failing after 30 s (vitest's default gives up after 1 s). For what the page shows once a
 * fetch has answered, an effect has run or a route has changed, where a single read right after
 * the action could come before it: `await eventually(() => page.title()).toBe('...')`.
 */
export function eventually<T>(read: () => T): ReturnType<typeof expect.poll<T>> {
  return expect.poll(read, { timeout: PAGE_TIMEOUT_MS, interval: 100 });
}
