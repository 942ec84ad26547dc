import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMigratedTestDatabase, DIALECTS, type TestDatabase } from '../../test/databases.js';
import { openDatabase, type DatabaseHandle } from '../db/dialect.js';
import { DatabaseWindowCounters, type DatabaseCountersOptions } from './rate-limit-database-store.js';

const silent = { warn: () => undefined };
const MINUTE = 60_000;

describe.each(DIALECTS)('rate-limit counters in the database (%s)', (dialect) => {
  let database: TestDatabase;
  // Two connections to one database, as two instances of the app have.
  let first: DatabaseHandle;
  let second: DatabaseHandle;
  let open: DatabaseWindowCounters[] = [];

  const counters = (handle: DatabaseHandle, options: Partial<DatabaseCountersOptions> = {}) => {
    const made = new DatabaseWindowCounters(handle.db, { log: silent, ...options });
    open.push(made);
    return made;
  };
  const rows = async () =>
    (await first.db.selectFrom('rate_limit_windows').select('key').orderBy('key').execute()).map(
      (r) => r.key,
    );

  beforeAll(async () => {
    database = await createMigratedTestDatabase(dialect);
    const options = { databaseUrl: database.databaseUrl, dataDir: database.dataDir };
    first = openDatabase(options);
    second = openDatabase(options);
  });
  afterAll(async () => {
    await second.close();
    await first.close();
    await database.drop();
  });
  beforeEach(async () => {
    // Each test starts from an empty table (they count on keys of their own too).
    await first.db.deleteFrom('rate_limit_windows').execute();
  });
  afterEach(async () => {
    for (const made of open) await made.close();
    open = [];
  });

  it('counts attempts per key, and reads a counter without counting', async () => {
    const store = counters(first);
    expect(await store.read('loginPerIp:203.0.113.1')).toEqual({ current: 0, ttlMs: 0 });
    const counts = [];
    for (let i = 0; i < 3; i += 1)
      counts.push((await store.increment('loginPerIp:203.0.113.1', 15 * MINUTE)).current);
    expect(counts).toEqual([1, 2, 3]);
    const read = await store.read('loginPerIp:203.0.113.1');
    expect(read.current).toBe(3);
    expect(read.ttlMs).toBeGreaterThan(15 * MINUTE - 5000);
    expect(read.ttlMs).toBeLessThanOrEqual(15 * MINUTE);
    expect((await store.read('loginPerIp:203.0.113.1')).current).toBe(3);
    // Another key, or the same key under another limit, is another counter.
    expect((await store.increment('loginPerIp:203.0.113.2', 15 * MINUTE)).current).toBe(1);
    expect((await store.increment('forgotPerIp:203.0.113.1', 60 * MINUTE)).current).toBe(1);
  });

  it('starts a new window once the running one has ended, and reads an ended one as empty', async () => {
    const store = counters(first);
    await store.increment('k', 250);
    const second = await store.increment('k', 250);
    expect(second.current).toBe(2);
    // The window runs from the first attempt: the second does not extend it.
    expect(second.ttlMs).toBeLessThanOrEqual(250);
    await sleep(300);
    expect(await store.read('k')).toEqual({ current: 0, ttlMs: 0 });
    const restarted = await store.increment('k', 250);
    expect(restarted.current).toBe(1);
    expect(restarted.ttlMs).toBeGreaterThan(150);
  });

  it('shares the counters between two instances: attempts spread over both count as one', async () => {
    const a = counters(first);
    const b = counters(second);
    const counts = [];
    for (let i = 0; i < 3; i += 1) {
      counts.push(
        (await a.increment('loginPerIpAndEmail:198.51.100.7|anna@example.it', 15 * MINUTE)).current,
      );
      counts.push(
        (await b.increment('loginPerIpAndEmail:198.51.100.7|anna@example.it', 15 * MINUTE)).current,
      );
    }
    expect(counts).toEqual([1, 2, 3, 4, 5, 6]);
    expect((await b.read('loginPerIpAndEmail:198.51.100.7|anna@example.it')).current).toBe(6);
  });

  it('gives 50 attempts counted at once, over both instances, the counts 1 to 50 once each', async () => {
    const a = counters(first);
    const b = counters(second);
    const states = await Promise.all(
      Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? a : b).increment('parallel', 15 * MINUTE)),
    );
    expect(states.map((state) => state.current).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
    expect((await a.read('parallel')).current).toBe(50);
  });

  it('sweeps ended windows in bounded batches and keeps the running ones', async () => {
    const store = counters(first, { sweepBatch: 3 });
    for (let i = 0; i < 5; i += 1) await store.increment(`ended-${i}`, 100);
    await store.increment('running', 15 * MINUTE);
    // Counting sweeps only once an interval (a minute by default) has passed.
    expect(await rows()).toHaveLength(6);
    await sleep(150);
    expect(await store.sweep()).toBe(3);
    expect(await store.sweep()).toBe(2);
    expect(await store.sweep()).toBe(0);
    expect(await rows()).toEqual(['running']);
  });

  it('sweeps by itself while counting, at most once per interval, without making the count wait', async () => {
    const sweeper = counters(first, { sweepIntervalMs: 250 });
    for (let i = 0; i < 4; i += 1) await counters(second).increment(`old-${i}`, 50);
    await sleep(100);
    // Ended, but the interval since this instance started has not passed: no sweep.
    await sweeper.increment('a', 15 * MINUTE);
    await sleep(20);
    expect(await rows()).toHaveLength(5);
    await sleep(180);
    const counted = await sweeper.increment('b', 15 * MINUTE);
    expect(counted.current).toBe(1);
    // close() waits for the sweep that count started.
    await sweeper.close();
    expect(await rows()).toEqual(['a', 'b']);
  });

  it('fails, rather than answering "no attempts", when the database cannot be reached', async () => {
    const third = openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    const store = counters(third);
    await store.increment('k', MINUTE);
    await third.close();
    await expect(store.increment('k', MINUTE)).rejects.toThrow();
    await expect(store.read('k')).rejects.toThrow();
  });
});
