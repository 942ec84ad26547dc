import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signIn, type TestApp } from '../../test/app.js';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../../test/databases.js';
import { isCancelledStatement, openDatabase, type DatabaseHandle } from './dialect.js';

describe.runIf(DIALECTS.includes('postgres'))('the PostgreSQL connections of an instance', () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    handle = openDatabase({
      databaseUrl: database.databaseUrl,
      dataDir: database.dataDir,
      pgReaders: 2,
      pgReadTimeoutMs: 1_000,
    });
  });
  afterAll(async () => {
    await handle.close();
    await database.drop();
  });

  /** How many of the test's long reads PostgreSQL is running now. */
  async function runningReads(): Promise<number> {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and state = 'active' and query like 'select pg_sleep(0.25) as long_read%'
    `.execute(handle.db);
    return rows[0]?.n ?? 0;
  }

  it('runs at most PG_READERS long reads at once, the others wait their turn, and a lookup passes them', async () => {
    let done = 0;
    const reads = Array.from({ length: 6 }, () =>
      sql`select pg_sleep(0.25) as long_read`.execute(handle.reader).then(() => (done += 1)),
    );
    const seen: number[] = [];
    const deadline = Date.now() + 5_000;
    while (done < 6 && Date.now() < deadline) {
      seen.push(await runningReads());
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await Promise.all(reads);
    expect(done).toBe(6);
    // Two at a time, never more: four waited in the pool instead of sharing PostgreSQL's cores.
    expect(Math.max(...seen)).toBe(2);
    // Each poll above was a query on the other pool, answered while the reads held theirs.
    expect(seen.filter((running) => running > 0).length).toBeGreaterThan(3);
  });

  it("cancels a long read past its timeout, and only on the long reads' connections", async () => {
    const started = Date.now();
    const error: unknown = await sql`select pg_sleep(5)`
      .execute(handle.reader)
      .catch((caught: unknown) => caught);
    expect(isCancelledStatement(error)).toBe(true);
    expect(Date.now() - started).toBeLessThan(4_000);
    // The other pool has no such limit: a write or a transaction is never cut halfway.
    await expect(sql`select pg_sleep(1.2)`.execute(handle.db)).resolves.toBeDefined();
    // The reader connection is usable again.
    await expect(sql`select 1 as one`.execute(handle.reader)).resolves.toMatchObject({ rows: [{ one: 1 }] });
  });
});

describe.runIf(DIALECTS.includes('postgres'))(
  'parallel workers of the long reads (PG_PARALLEL_WORKERS)',
  () => {
    let database: TestDatabase;
    const handles: DatabaseHandle[] = [];

    beforeAll(async () => {
      database = await createTestDatabase('postgres');
      // Enough rows that a read of every row is worth a parallel plan once its costs are set low.
      const seed = openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
      handles.push(seed);
      await sql`create table wide (n int, text text)`.execute(seed.db);
      await sql`insert into wide select n, md5(n::text) from generate_series(1, 20000) as n`.execute(seed.db);
      await sql`analyze wide`.execute(seed.db);
    });
    afterAll(async () => {
      await Promise.all(handles.map((handle) => handle.close()));
      await database.drop();
    });

    function open(databaseUrl: string | undefined, pgParallelWorkers?: number): DatabaseHandle {
      const handle = openDatabase({
        databaseUrl,
        dataDir: database.dataDir,
        pgReaders: 3,
        ...(pgParallelWorkers === undefined ? {} : { pgParallelWorkers }),
      });
      handles.push(handle);
      return handle;
    }

    /** Whether PostgreSQL plans a LIKE over every row of `wide` with parallel workers on `db`. */
    async function plansInParallel(db: DatabaseHandle['db']): Promise<boolean> {
      // On one connection: the costs that make the small table worth it, then the plan.
      return db.connection().execute(async (connection) => {
        await sql`set parallel_setup_cost = 0`.execute(connection);
        await sql`set parallel_tuple_cost = 0`.execute(connection);
        await sql`set min_parallel_table_scan_size = 0`.execute(connection);
        const { rows } = await sql<{ 'QUERY PLAN': string }>`explain select count(*) from wide
        where text like '%ab%'`.execute(connection);
        return rows.some((row) => /Gather|Parallel/.test(row['QUERY PLAN']));
      });
    }

    async function setting(db: DatabaseHandle['db'], name: string): Promise<string> {
      const { rows } = await sql<{ value: string }>`select current_setting(${name}) as value`.execute(db);
      return rows[0]?.value ?? '';
    }

    it('plans a search without them by default, and leaves the other connections as PostgreSQL has them', async () => {
      const handle = open(database.databaseUrl);
      expect(await setting(handle.reader, 'max_parallel_workers_per_gather')).toBe('0');
      expect(await plansInParallel(handle.reader)).toBe(false);
      // The pool of the rest keeps what any other client of the server gets (2 unless changed).
      const plain = new pg.Client({ connectionString: database.databaseUrl });
      await plain.connect();
      const { rows } = await plain.query<{ value: string }>(
        "select current_setting('max_parallel_workers_per_gather') as value",
      );
      await plain.end();
      expect(rows[0]?.value).not.toBe('0');
      expect(await setting(handle.db, 'max_parallel_workers_per_gather')).toBe(rows[0]?.value);
      expect(await plansInParallel(handle.db)).toBe(true);
    });

    it('takes the number it is given, on every connection the pool opens', async () => {
      const two = open(database.databaseUrl, 2);
      expect(await setting(two.reader, 'max_parallel_workers_per_gather')).toBe('2');
      expect(await plansInParallel(two.reader)).toBe(true);
      // A connection opened later (the pool's first one was busy) is set too, before its first read.
      const reads = await Promise.all(
        Array.from({ length: 3 }, () => setting(two.reader, 'max_parallel_workers_per_gather')),
      );
      expect(reads).toEqual(['2', '2', '2']);
    });
  },
);

describe.runIf(DIALECTS.includes('postgres'))('a search PostgreSQL cancels (PG_READ_TIMEOUT_SECONDS)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('postgres', { PG_READ_TIMEOUT_SECONDS: '0.5' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 503 with a message in Italian, and the next search works', async () => {
    const session = await signIn(t.app);
    const search = () => session.inject({ method: 'GET', url: '/api/componenti?q=faro&limit=5' });
    expect((await search()).statusCode).toBe(200);
    // A migration's lock on the parts table: the search waits for it until PostgreSQL cancels it.
    const locker = new pg.Client({ connectionString: t.database.databaseUrl });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table parts in access exclusive mode');
      const res = await search();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        error: 'La ricerca ha richiesto troppo tempo ed è stata interrotta: restringi i filtri e riprova.',
        code: 'SERVICE_UNAVAILABLE',
      });
    } finally {
      await locker.query('rollback');
      await locker.end();
    }
    expect((await search()).statusCode).toBe(200);
  });
});
