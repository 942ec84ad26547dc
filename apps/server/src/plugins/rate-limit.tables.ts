/**
 * Row of `rate_limit_windows` (migration 008): one counter of a limit, shared by every instance.
 * `key` is `<limit name>:<key of the request>`; `reset_at` is when the window ends, in milliseconds
 * since the epoch by the database server's clock.
 */
export interface RateLimitWindowsTable {
  key: string;
  count: number;
  reset_at: number;
}

/** The one-row view `rate_limit_clock`: the database server's time, in milliseconds since the epoch. */
export interface RateLimitClockView {
  now_ms: number;
}

/** The rate-limit store's tables, joined in db/schema.ts. */
export interface RateLimitTables {
  rate_limit_windows: RateLimitWindowsTable;
  rate_limit_clock: RateLimitClockView;
}
