import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../../test/databases.js';
import { csvRecordsOfObjects, jsonRecordsOfObjects, type CsvColumn } from '../lib/csv.js';
import { isCancelledStatement, openDatabase, type DatabaseHandle } from './dialect.js';
import { PgCsvThread } from './pg-csv-thread.js';

describe.runIf(DIALECTS.includes('postgres'))(
  "An export's records read and rendered on a thread (PostgreSQL)",
  () => {
    let database: TestDatabase;
    let handle: DatabaseHandle;
    const threads: PgCsvThread[] = [];
    const connectionErrors: Error[] = [];

    const cells: CsvColumn[] = [{ name: 'label' }, { name: 'grams', divisor: 1000 }, { name: 'n' }];
    /** Rows with what a cell must guard: a separator, a quote, a formula, a line break, accents, a null. */
    const ROWS = `select n, label, grams from (values
      (1::bigint, 'Faro; anteriore', 1800::bigint),
      (2, 'Dice "nuovo"', null),
      (3, '=1+1', 250),
      (4, 'due
righe', 12345),
      (5, 'Portière è già', 0)) as t (n, label, grams)`;

    const newThread = (options: Partial<ConstructorParameters<typeof PgCsvThread>[0]> = {}) => {
      const connectionString = database.databaseUrl;
      if (connectionString === undefined) throw new Error('the test database is not on PostgreSQL');
      const thread = new PgCsvThread({
        connectionString,
        connections: 2,
        parallelWorkers: 0,
        onConnectionError: (error) => connectionErrors.push(error),
        ...options,
      });
      threads.push(thread);
      return thread;
    };

    beforeAll(async () => {
      database = await createTestDatabase('postgres');
      handle = openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    });
    afterEach(async () => {
      await Promise.all(threads.splice(0).map((thread) => thread.close()));
      connectionErrors.length = 0;
    });
    afterAll(async () => {
      await handle.close();
      await database.drop();
    });

    it('renders the records the main thread would, with the last row keyed as the driver gives it there', async () => {
      const { rows } = await sql<Record<string, unknown>>`${sql.raw(ROWS)} order by n`.execute(handle.db);
      const records = await newThread().records<{ n: number }>(`${ROWS} order by n`, [], cells);
      expect(records.text).toBe(csvRecordsOfObjects(rows, cells));
      expect(records.text.split('\r\n')[0]).toBe('"Faro; anteriore",1.8,1');
      expect(records.count).toBe(5);
      // A bigint key is a number on both threads (the keyset of the next chunk compares it).
      expect(records.last).toEqual(rows.at(-1));
      expect(records.last).toMatchObject({ n: 5 });
    });

    it("renders the Excel export's rows as the JSON of the main thread's values, a text read as a number where asked", async () => {
      const { rows } = await sql<Record<string, unknown>>`${sql.raw(ROWS)} order by n`.execute(handle.db);
      const asJson: CsvColumn[] = [...cells, { name: 'year', number: true }];
      const query = `select *, '200' || n as year from (${ROWS}) as t order by n`;
      const records = await newThread().records<{ n: number }>(query, [], asJson, 'json');
      const withYears = rows.map((row) => ({ ...row, year: `200${String(row.n)}` }));
      expect(records.text).toBe(jsonRecordsOfObjects(withYears, asJson));
      expect(JSON.parse(records.text)).toEqual([
        ['Faro; anteriore', 1.8, 1, 2001],
        ['Dice "nuovo"', null, 2, 2002],
        ['=1+1', 0.25, 3, 2003],
        ['due\nrighe', 12.345, 4, 2004],
        ['Portière è già', 0, 5, 2005],
      ]);
      expect(records.count).toBe(5);
      expect(records.last).toMatchObject({ n: 5 });
    });

    it('reads with the parameters given, and answers an empty result with no records and no last row', async () => {
      const csv = newThread();
      const records = await csv.records(
        `${ROWS} where n > $1 and label <> $2 order by n`,
        [2, '=1+1'],
        cells,
      );
      expect(records.text).toBe('"due\nrighe",12.345,4\r\nPortière è già,0,5\r\n');
      const none = await csv.records(`${ROWS} where n > $1`, [99], cells);
      expect(none).toEqual({ text: '', count: 0, last: undefined });
    });

    it("fails a read with PostgreSQL's own code: a statement past the timeout is one the app knows as cancelled", async () => {
      const csv = newThread();
      const failed: unknown = await csv
        .records('select * from no_such_table', [], cells)
        .catch((error: unknown) => error);
      expect(failed).toMatchObject({ name: 'PgCsvReadError', code: '42P01' });
      // The thread goes on answering after a failed read.
      expect((await csv.records(`${ROWS} order by n`, [], cells)).count).toBe(5);

      const timed = newThread({ statementTimeoutMs: 200 });
      const cancelled: unknown = await timed
        .records('select pg_sleep(5) as n, 1 as label, 1 as grams', [], cells)
        .catch((error: unknown) => error);
      expect(isCancelledStatement(cancelled)).toBe(true);
    });

    it('ends after a while with nothing to read, and starts again for the next export', async () => {
      const csv = newThread({ idleEndMs: 100 });
      expect(csv.running).toBe(false);
      await csv.records(`${ROWS} order by n /* idle-probe */`, [], cells);
      await csv.records(`${ROWS} order by n /* idle-probe */`, [], cells);
      expect(csv.running).toBe(true);
      expect(csv.threadsStarted).toBe(1);
      await expect.poll(() => csv.running, { timeout: 5_000 }).toBe(false);
      // Its connections were closed with it.
      await expect
        .poll(async () => {
          const { rows } = await sql<{ n: number }>`
          select count(*)::int as n from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and query like '%/* idle-probe */%'`.execute(
            handle.db,
          );
          return rows[0]?.n;
        })
        .toBe(0);
      expect((await csv.records(`${ROWS} order by n`, [], cells)).count).toBe(5);
      expect(csv.threadsStarted).toBe(2);
    });

    it('answers a read in hand when it closes, one longer than the second a thread is given to end, then refuses new ones', async () => {
      const csv = newThread();
      const inHand = csv.records(
        `select n, label, grams from (${ROWS}) as r, pg_sleep(1.2) order by n`,
        [],
        cells,
      );
      // The read is on its way before the close.
      await expect
        .poll(async () => {
          const { rows } = await sql<{ n: number }>`
          select count(*)::int as n from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and state = 'active'
            and query like '%pg_sleep(1.2)%'`.execute(handle.db);
          return rows[0]?.n;
        })
        .toBe(1);
      await csv.close();
      expect((await inHand).count).toBe(5);
      await expect(csv.records(`${ROWS} order by n`, [], cells)).rejects.toThrow(
        'PostgreSQL CSV thread closed',
      );
    });

    it('reports a connection PostgreSQL ended, and reads on a new one', async () => {
      const csv = newThread();
      await csv.records(`${ROWS} order by n /* csv-probe */`, [], cells);
      // An operator (or a restart of PostgreSQL) ends the thread's idle connection.
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query like '%/* csv-probe */%' and pid <> pg_backend_pid()`.execute(
        handle.db,
      );
      await expect.poll(() => connectionErrors.length).toBeGreaterThan(0);
      expect((await csv.records(`${ROWS} order by n`, [], cells)).count).toBe(5);
      expect(csv.threadsStarted).toBe(1);
    });
  },
);
