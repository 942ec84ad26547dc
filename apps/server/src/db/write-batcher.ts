/**
 * Group commit for SQLite's writes, one writer at a time. Every committed transaction costs a
 * fixed price on top of its rows (the full-text index flushes a segment per commit; the WAL
 * appends a commit frame), so writes that arrive together are run in one transaction, each in its
 * own savepoint: one that fails is rolled back alone and its caller gets its error, the others
 * commit. Callers are answered only after the commit. PostgreSQL has many writers and needs none
 * of this.
 *
 * Two kinds of writes: closures (`run`), run on the main connection, and units of compiled
 * statements (`statements`), run on the writer thread (db/sqlite-writer.ts), which groups the
 * units arriving together itself. The two connections never write at once: closures wait for the
 * units sent before them to be answered, and units arriving while closures wait or run are sent
 * after them.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema.js';
import type { SqliteWriter, UnitStatement } from './sqlite-writer.js';

/** A unit of work: its statements run on the transaction it is given. */
export type Write<T> = (trx: Transaction<Database>) => Promise<T>;

/** A queued write: a closure for the main connection, or compiled statements for the writer thread. */
type Queued = { resolve: (value: unknown) => void; reject: (error: unknown) => void } & (
  { work: Write<unknown>; unit?: undefined } | { work?: undefined; unit: readonly UnitStatement[] }
);

/** Writes of one batch at most: a batch is one transaction, and it should stay short. */
const MAX_BATCH = 64;

export class WriteBatcher {
  private queue: Queued[] = [];
  private running: Promise<void> | undefined;

  /** `writer`: the thread the units of compiled statements run on (a batcher of closures alone needs none). */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly writer?: SqliteWriter,
  ) {}

  /** Runs `work` in a transaction shared with the writes queued beside it. */
  run<T>(work: Write<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: (value) => resolve(value as T), reject });
      this.running ??= this.drain();
    });
  }

  /**
   * Runs compiled statements, one after the other, as one unit of writes in a savepoint of the
   * transaction open on the writer thread (or the next one): the rows of the first statement.
   */
  statements<R>(unit: readonly UnitStatement[]): Promise<R[]> {
    if (!this.running) return this.send<R>(unit);
    return new Promise<R[]>((resolve, reject) => {
      this.queue.push({ unit, resolve: (value) => resolve(value as R[]), reject });
    });
  }

  /** Resolves once every write handed in so far is committed or refused. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
    await this.writer?.idle();
  }

  private async send<R>(unit: readonly UnitStatement[]): Promise<R[]> {
    const writer = this.writer;
    if (!writer) throw new Error('no writer thread');
    const outcome = await writer.unit(unit);
    if (!outcome.ok) throw outcome.error;
    return outcome.rows as R[];
  }

  /**
   * Commits batch after batch of closures until nothing waits, once the units sent before them are
   * answered; writes that arrive meanwhile join the next batch, the units among them sent to the
   * writer thread in the order they came.
   */
  private async drain(): Promise<void> {
    // Let the writes of this turn of the event loop gather first.
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_BATCH);
      for (let start = 0; start < batch.length;) {
        const onWriter = batch[start]?.unit !== undefined;
        let end = start + 1;
        while (end < batch.length && (batch[end]?.unit !== undefined) === onWriter) end += 1;
        const run = batch.slice(start, end);
        if (onWriter) {
          for (const item of run) if (item.unit) this.send(item.unit).then(item.resolve, item.reject);
        } else {
          await this.writer?.idle();
          await this.commit(run);
        }
        start = end;
      }
    }
    this.running = undefined;
  }

  private async commit(batch: Queued[]): Promise<void> {
    const results: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    try {
      await this.db.transaction().execute(async (trx) => {
        results.length = 0;
        for (const [index, item] of batch.entries()) {
          if (!item.work) throw new Error('a unit of statements runs on the writer thread');
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
