import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../../test/databases.js';
import { openDatabase, type DatabaseHandle } from './dialect.js';

describe.runIf(DIALECTS.includes('postgres'))('the PostgreSQL connections of an instance', () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    handle = openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir, pgReaders: 2 });
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
});
