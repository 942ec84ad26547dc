import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type CompiledQuery } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './dialect.js';

/**
 * The longest pause between the ticks of a 5 ms timer while `work` runs (how long the event loop
 * was held), and how long `work` took.
 */
async function longestPause<T>(
  work: () => Promise<T>,
): Promise<{ result: T; pauseMs: number; elapsedMs: number }> {
  const started = performance.now();
  let last = started;
  let pauseMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    pauseMs = Math.max(pauseMs, now - last);
    last = now;
  }, 5);
  try {
    const result = await work();
    const now = performance.now();
    return { result, pauseMs: Math.max(pauseMs, now - last), elapsedMs: now - started };
  } finally {
    clearInterval(timer);
  }
}

/**
 * The event loop stayed free while work of `elapsedMs` ran: no pause of its timer as long as half
 * of it (held, the loop pauses for nearly all of it: the heavy unit takes 0.3–0.4 s on a fast
 * host), nor longer than 100 ms when the work was quick. On a host loaded by the whole suite the
 * unit takes longer and the timer's own pauses do too (128 ms seen once, with a free loop).
 */
function expectLoopFree(pauseMs: number, elapsedMs: number): void {
  expect(pauseMs).toBeLessThan(Math.max(100, elapsedMs / 2));
}

describe('writes on the writer thread (SQLite)', () => {
  let dataDir: string;
  let handle: DatabaseHandle;
  const insertNote = (label: string): CompiledQuery =>
    sql`insert into notes (label) values (${label}) returning label`.compile(handle.db);
  const labels = () =>
    sql<{ label: string }>`select label from notes order by label`
      .execute(handle.db)
      .then((result) => result.rows.map((row) => row.label));
  /** A unit that takes the writer thread a while: 300,000 rows into an indexed table. */
  const heavyUnit = () => [
    sql`with recursive s(n) as (select 1 union all select n + 1 from s where n < 300000)
        insert into filler (n, word) select n, hex(randomblob(8)) from s`.compile(handle.db),
  ];

  beforeEach(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'magazzino-writer-'));
    handle = openDatabase({ databaseUrl: undefined, dataDir });
    await sql`create table notes (label text primary key)`.execute(handle.db);
    await sql`create table filler (n integer, word text)`.execute(handle.db);
    await sql`create index filler_word_idx on filler (word)`.execute(handle.db);
  });

  afterEach(async () => {
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('commits units sent together, each answered with the rows of its first statement', async () => {
    const rows = await Promise.all(
      ['a', 'b', 'c', 'd'].map((label) =>
        handle.writes.statements<{ label: string }>([insertNote(label), insertNote(`${label}-second`)]),
      ),
    );
    expect(rows).toEqual([[{ label: 'a' }], [{ label: 'b' }], [{ label: 'c' }], [{ label: 'd' }]]);
    expect(await labels()).toEqual(['a', 'a-second', 'b', 'b-second', 'c', 'c-second', 'd', 'd-second']);
  });

  it('rolls back a failing unit alone, half-done as it is: its caller gets the driver’s error, the others commit', async () => {
    await handle.writes.statements([insertNote('taken')]);
    const outcomes = await Promise.allSettled([
      handle.writes.statements([insertNote('e')]),
      handle.writes.statements([insertNote('f'), insertNote('taken')]),
      handle.writes.statements([insertNote('g')]),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(outcomes[1]).toMatchObject({ reason: { code: 'SQLITE_CONSTRAINT_PRIMARYKEY' } });
    expect(await labels()).toEqual(['e', 'g', 'taken']);
  });

  it('writes the units sent with a failing one in their order, each seeing those before it, whichever fails', async () => {
    await handle.writes.statements([insertNote('taken')]);
    const copyOf = (label: string) =>
      sql`insert into notes (label) select label || ' copy' from notes where label = ${label} returning label`.compile(
        handle.db,
      );
    const outcomes = await Promise.allSettled([
      // The first fails, then one in the middle, half-done; the others read what came before.
      handle.writes.statements([insertNote('taken')]),
      handle.writes.statements([insertNote('h')]),
      handle.writes.statements([copyOf('h')]),
      handle.writes.statements([insertNote('i'), insertNote('h')]),
      handle.writes.statements([copyOf('h copy')]),
      handle.writes.statements([copyOf('i')]),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'rejected',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect(outcomes[2]).toMatchObject({ value: [{ label: 'h copy' }] });
    expect(outcomes[4]).toMatchObject({ value: [{ label: 'h copy copy' }] });
    // 'i' was written by the failing unit: rolled back with it, so there is nothing to copy.
    expect(outcomes[5]).toMatchObject({ value: [] });
    expect(await labels()).toEqual(['h', 'h copy', 'h copy copy', 'taken']);
  });

  it('keeps the event loop free while a unit runs', async () => {
    const { pauseMs, elapsedMs } = await longestPause(() => handle.writes.statements(heavyUnit()));
    expect(await sql`select count(*) as n from filler`.execute(handle.db)).toMatchObject({
      rows: [{ n: 300000 }],
    });
    // The insert takes the writer thread hundreds of milliseconds; on the main connection it held
    // the event loop for all of them.
    expectLoopFree(pauseMs, elapsedMs);
  });

  it('runs a closure on the main connection only once the units sent before it are committed, without holding the event loop', async () => {
    const { result, pauseMs, elapsedMs } = await longestPause(async () => {
      const unit = handle.writes.statements(heavyUnit());
      const closure = handle.writes.run(async (trx) => {
        const { rows } = await sql<{ n: number }>`select count(*) as n from filler`.execute(trx);
        await sql`insert into notes (label) values ('after the unit')`.execute(trx);
        return rows[0]?.n;
      });
      // A unit sent while the closure waits goes after it.
      const later = handle.writes.statements([
        sql`insert into notes (label) select 'saw ' || count(*) || ' notes' from notes returning label`.compile(
          handle.db,
        ),
      ]);
      await unit;
      return { seen: await closure, later: await later };
    });
    expect(result).toEqual({ seen: 300000, later: [{ label: 'saw 1 notes' }] });
    expectLoopFree(pauseMs, elapsedMs);
  });

  it('lets a write of the main connection outside the batches wait for the writer thread’s lock without holding the event loop', async () => {
    // The thread started and its connection open.
    await handle.writes.statements([insertNote('first')]);
    const { pauseMs, elapsedMs } = await longestPause(async () => {
      const unit = handle.writes.statements(heavyUnit());
      // Give the thread its unit: the lock is then its own for the whole insert.
      await new Promise((resolve) => setTimeout(resolve, 20));
      await sql`insert into notes (label) values ('direct')`.execute(handle.db);
      await unit;
    });
    expect(await labels()).toEqual(['direct', 'first']);
    // SQLite's own busy timeout slept on the event loop until the insert was committed.
    expectLoopFree(pauseMs, elapsedMs);
  });

  it('answers every unit before the database closes', async () => {
    const units = Array.from({ length: 50 }, (_, index) =>
      handle.writes.statements([insertNote(`n${String(index).padStart(2, '0')}`)]),
    );
    await handle.close();
    await Promise.all(units);
    await expect(handle.writes.statements([insertNote('too late')])).rejects.toThrow('SQLite writer closed');
    handle = openDatabase({ databaseUrl: undefined, dataDir });
    expect(await labels()).toHaveLength(50);
  });
});
