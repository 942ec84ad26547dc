/**
 * Group commit for SQLite's single writer. Every committed transaction costs a fixed price on top
 * of its rows (the full-text index flushes a segment per commit; the WAL appends a commit frame),
 * so writes that arrive together are run in one transaction, each in its own savepoint: one that
 * fails is rolled back alone and its caller gets its error, the others commit. Callers are
 * answered only after the commit. PostgreSQL has many writers and needs none of this.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema.js';

/** A unit of work: its statements run on the transaction it is given. */
export type Write<T> = (trx: Transaction<Database>) => Promise<T>;

interface Queued {
  work: Write<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** Writes of one batch at most: a batch is one transaction, and it should stay short. */
const MAX_BATCH = 64;

export class WriteBatcher {
  private queue: Queued[] = [];
  private running: Promise<void> | undefined;

  constructor(private readonly db: Kysely<Database>) {}

  /** Runs `work` in a transaction shared with the writes queued beside it. */
  run<T>(work: Write<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: (value) => resolve(value as T), reject });
      this.running ??= this.drain();
    });
  }

  /** `run`: SQLite's statements cost no round trip, so a unit of one write gains nothing apart. */
  single<T>(work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.run(work);
  }

  /** Resolves once every write handed in so far is committed or refused. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Commits batch after batch until nothing waits; writes that arrive meanwhile join the next. */
  private async drain(): Promise<void> {
    // Let the writes of this turn of the event loop gather first.
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_BATCH);
      await this.commit(batch);
    }
    this.running = undefined;
  }

  private async commit(batch: Queued[]): Promise<void> {
    const results: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    try {
      await this.db.transaction().execute(async (trx) => {
        results.length = 0;
        for (const [index, item] of batch.entries()) {
          // A single write needs no savepoint: its failure is the transaction's.
          if (batch.length === 1) {
            results.push({ ok: true, value: await item.work(trx) });
            continue;
          }
          const name = sql.id(`write_${index}`);
          await sql`savepoint ${name}`.execute(trx);
          try {
            results.push({ ok: true, value: await item.work(trx) });
            await sql`release savepoint ${name}`.execute(trx);
          } catch (error) {
            await sql`rollback to savepoint ${name}`.execute(trx);
            await sql`release savepoint ${name}`.execute(trx);
            results.push({ ok: false, error });
          }
        }
      });
    } catch (error) {
      // The commit itself failed: nothing of the batch was written.
      for (const item of batch) item.reject(error);
      return;
    }
    batch.forEach((item, index) => {
      const result = results[index];
      if (result?.ok) item.resolve(result.value);
      else item.reject(result ? result.error : new Error('write not run'));
    });
  }
}
