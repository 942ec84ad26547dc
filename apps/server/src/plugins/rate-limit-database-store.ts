import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { WindowCounters, WindowState } from './rate-limit-counters.js';
import { deleteEndedWindows, incrementWindow, readWindow } from './rate-limit.repository.js';

/** How often, at most, an instance sweeps ended windows (while attempts are being counted). */
export const DEFAULT_SWEEP_INTERVAL_MS = 60_000;

/** Ended windows deleted by one sweep: one short statement, whatever the table holds. */
export const DEFAULT_SWEEP_BATCH = 1000;

export interface DatabaseCountersOptions {
  /** Told about a failed sweep (a failed count is the caller's to report). */
  log: Pick<FastifyBaseLogger, 'warn'>;
  sweepIntervalMs?: number;
  sweepBatch?: number;
}

/**
 * Rate-limit counters in the `rate_limit_windows` table, shared by every instance on the
 * database (migration 008). Each count is one upsert and each look one SELECT, both timed by the
 * database server's clock. Ended windows are swept by the instances that count: at most one
 * sweep at a time and one per `sweepIntervalMs`, each deleting at most `sweepBatch` rows; a full
 * batch lets the next count sweep again at once, so deleting keeps pace with a flood of new keys.
 * Without attempts nothing is swept, and nothing needs to be: the table only grows with them.
 */
export class DatabaseWindowCounters implements WindowCounters {
  private readonly sweepIntervalMs: number;
  private readonly sweepBatch: number;
  /** When this instance may sweep next (Date.now(): it only paces the sweeps, ends no window). */
  private nextSweepAt: number;
  private sweeping: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: DatabaseCountersOptions,
  ) {
    this.sweepIntervalMs = options.sweepIntervalMs ?? DEFAULT_SWEEP_INTERVAL_MS;
    this.sweepBatch = options.sweepBatch ?? DEFAULT_SWEEP_BATCH;
    // The first sweep one interval after start: instances starting together do not all sweep at once.
    this.nextSweepAt = Date.now() + this.sweepIntervalMs;
  }

  async increment(key: string, windowMs: number): Promise<WindowState> {
    const state = await incrementWindow(this.db, key, windowMs);
    this.sweepWhenDue();
    return state;
  }

  read(key: string): Promise<WindowState> {
    return readWindow(this.db, key);
  }

  /** Deletes one batch of ended windows now; resolves to how many went. */
  async sweep(): Promise<number> {
    const deleted = await deleteEndedWindows(this.db, this.sweepBatch);
    this.nextSweepAt = deleted >= this.sweepBatch ? 0 : Date.now() + this.sweepIntervalMs;
    return deleted;
  }

  /**
   * Stops sweeping and waits for a sweep in progress. Call it before the database closes: a query
   * still running when Kysely's pool is destroyed never settles.
   */
  async close(): Promise<void> {
    this.closed = true;
    await this.sweeping;
  }

  /** Starts a sweep in the background when one is due; the count that started it does not wait. */
  private sweepWhenDue(): void {
    if (this.closed || this.sweeping || Date.now() < this.nextSweepAt) return;
    // Until this sweep says otherwise, the next one waits a whole interval (a failing one too).
    this.nextSweepAt = Date.now() + this.sweepIntervalMs;
    this.sweeping = this.sweep()
      .then(
        () => undefined,
        (error: unknown) => this.options.log.warn({ err: error }, 'rate-limit windows not swept'),
      )
      .finally(() => {
        this.sweeping = undefined;
      });
  }
}
