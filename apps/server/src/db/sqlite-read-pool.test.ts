import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, SQLITE_FILE_NAME, type DatabaseHandle } from './dialect.js';
import { readRecords } from './csv-reads.js';
import { SqliteReadError, SqliteReadPool } from './sqlite-read-pool.js';

/** Counts up to `n` in SQL: a read that keeps a thread busy for a while. */
const busyCount = (n: number) =>
  sql<{ n: number }>`with recursive c(x) as (select 1 union all select x + 1 from c where x < ${n})
    select count(*) as n from c`;

describe('SQLite reader threads', () => {
  let dataDir: string;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'magazzino-readers-'));
    handle = openDatabase({ databaseUrl: undefined, dataDir, sqliteReaders: 2 });
    await sql`create table numbers (n integer primary key, label text)`.execute(handle.db);
    await sql`insert into numbers (n, label)
      with recursive c(x) as (select 1 union all select x + 1 from c where x < 5000)
      select x, 'numero ' || x from c`.execute(handle.db);
  });

  afterAll(async () => {
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('reads what the main connection has committed, on other threads', async () => {
    const { rows } = await sql<{ total: number }>`select sum(n) as total from numbers`.execute(handle.reader);
    expect(rows).toEqual([{ total: (5000 * 5001) / 2 }]);
    await sql`insert into numbers (n, label) values (5001, 'ultimo')`.execute(handle.db);
    const last = await sql<{ label: string }>`select label from numbers where n = 5001`.execute(
      handle.reader,
    );
    expect(last.rows).toEqual([{ label: 'ultimo' }]);
  });

  it('gives each reader connection a page cache of 8 MiB, not the driver’s 16', async () => {
    const pragma = sql<{ cache_size: number }>`pragma cache_size`;
    const readers = await Promise.all([pragma.execute(handle.reader), pragma.execute(handle.reader)]);
    expect(readers.map(({ rows }) => rows)).toEqual([[{ cache_size: -8192 }], [{ cache_size: -8192 }]]);
    const { rows } = await pragma.execute(handle.db);
    expect(rows).toEqual([{ cache_size: -16000 }]);
  });

  it('keeps the event loop free while a long read runs', async () => {
    let ticks = 0;
    let longestGap = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
      ticks += 1;
    }, 5);
    const started = performance.now();
    const { rows } = await busyCount(3_000_000).execute(handle.reader);
    const took = performance.now() - started;
    clearInterval(timer);
    expect(rows).toEqual([{ n: 3_000_000 }]);
    // The read took long enough to matter, and the timers kept firing all the while.
    expect(took).toBeGreaterThan(150);
    expect(ticks).toBeGreaterThan(took / 50);
    expect(longestGap).toBeLessThan(took / 2);
  });

  it('runs reads side by side on its threads', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        sql<{ n: number }>`select count(*) as n from numbers where n > ${i * 1000}`.execute(handle.reader),
      ),
    );
    expect(results.map((result) => result.rows[0]?.n)).toEqual([5001, 4001, 3001, 2001, 1001, 1]);
  });

  it("passes SQLite's errors on with their code, and refuses writes and transactions", async () => {
    const bad = sql`select * from no_such_table`.execute(handle.reader);
    await expect(bad).rejects.toBeInstanceOf(SqliteReadError);
    await expect(sql`select * from no_such_table`.execute(handle.reader)).rejects.toMatchObject({
      code: 'SQLITE_ERROR',
    });
    await expect(sql`insert into numbers (n) values (9999)`.execute(handle.reader)).rejects.toThrow();
    await expect(handle.reader.transaction().execute(() => Promise.resolve())).rejects.toThrow(
      /main connection/,
    );
    // An error while the rows are read, in a read of wide rows (read as SQLite's JSON), comes back
    // as SQLite's own, not as the JSON's.
    const overflow = sql`select n, label, n * 2 as twice, -n as negative,
      case when n = 3 then abs(-9223372036854775807 - 1) else n end as v from numbers where n <= 5`;
    await expect(overflow.execute(handle.reader)).rejects.toMatchObject({
      name: 'SqliteReadError',
      message: 'integer overflow',
    });
    // The pool still answers after the errors.
    const { rows } = await sql<{ n: number }>`select count(*) as n from numbers`.execute(handle.reader);
    expect(rows).toEqual([{ n: 5001 }]);
  });

  it('renders CSV records on a reader thread as the main connection does, with the last row', async () => {
    const query = sql`select label, n * 5 as grams, n from numbers where n between 4998 and 5001 order by n`;
    const cells = [{ name: 'label' }, { name: 'grams', divisor: 1000 }];
    const onThread = await readRecords(handle.reader, query.compile(handle.reader), cells);
    expect(onThread).toEqual({
      text: 'numero 4998,24.99\r\nnumero 4999,24.995\r\nnumero 5000,25\r\nultimo,25.005\r\n',
      count: 4,
      last: { label: 'ultimo', grams: 25005, n: 5001 },
    });
    expect(await readRecords(handle.db, query.compile(handle.db), cells)).toEqual(onThread);
    const none = sql`select label from numbers where n < 0`;
    expect(await readRecords(handle.reader, none.compile(handle.reader), [{ name: 'label' }])).toEqual({
      text: '',
      count: 0,
      last: undefined,
    });
    const unknown = readRecords(handle.reader, none.compile(handle.reader), [{ name: 'prezzo' }]);
    await expect(unknown).rejects.toThrow(/no column prezzo/);
  });

  it("renders the Excel export's rows as JSON on a reader thread as the main connection does", async () => {
    const query = sql`select label, n * 5 as grams, '' || n as year, n from numbers where n between 4999 and 5001 order by n`;
    const cells = [{ name: 'label' }, { name: 'grams', divisor: 1000 }, { name: 'year', number: true }];
    const onThread = await readRecords(handle.reader, query.compile(handle.reader), cells, 'json');
    expect(JSON.parse(onThread.text)).toEqual([
      ['numero 4999', 24.995, 4999],
      ['numero 5000', 25, 5000],
      ['ultimo', 25.005, 5001],
    ]);
    expect(onThread).toMatchObject({ count: 3, last: { label: 'ultimo', n: 5001 } });
    expect(await readRecords(handle.db, query.compile(handle.db), cells, 'json')).toEqual(onThread);
    const none = sql`select label from numbers where n < 0`;
    expect(
      await readRecords(handle.reader, none.compile(handle.reader), [{ name: 'label' }], 'json'),
    ).toEqual({
      text: '[]',
      count: 0,
      last: undefined,
    });
  });

  it('streams rows chunk by chunk, and a stream may stop early', async () => {
    const reader = handle.reader.withTables<{ numbers: { n: number; label: string } }>();
    const first: number[] = [];
    for await (const row of reader.selectFrom('numbers').select('n').orderBy('n').stream(1000)) {
      first.push(row.n);
      if (first.length === 3) break;
    }
    expect(first).toEqual([1, 2, 3]);
    // The stopped cursor was released: the same query streams again, to the end.
    let count = 0;
    for await (const row of reader.selectFrom('numbers').select('n').orderBy('n').stream(700)) {
      count += row.n > 0 ? 1 : 0;
    }
    expect(count).toBe(5001);
  });

  it('hands every value over unchanged: text, numbers, nulls, and those JSON would alter', async () => {
    // Rows of text, numbers and nulls cross as JSON text; a BLOB or an infinite REAL must arrive as
    // SQLite gave it, whichever way the rows travel.
    const read = async <R>(query: ReturnType<typeof sql<R>>) => (await query.execute(handle.reader)).rows;
    const plain = await read(sql<{ a: string; b: number; c: null; d: number }>`
      select 'è "citato" \\ a capo' || char(10) || char(128512) as a, 0.1 + 0.2 as b, null as c,
        9007199254740991 as d`);
    expect(plain).toEqual([{ a: 'è "citato" \\ a capo\n😀', b: 0.1 + 0.2, c: null, d: 9007199254740991 }]);
    const odd = await read(sql<{ blob: Uint8Array; inf: number; n: number }>`
      select x'00ff10' as blob, 1e999 as inf, 7 as n`);
    expect(odd).toHaveLength(1);
    const [{ blob, inf, n }] = odd as [(typeof odd)[number]];
    expect(blob).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(blob)).toEqual(Buffer.from([0x00, 0xff, 0x10]));
    expect(inf).toBe(Infinity);
    expect(n).toBe(7);
    // A stream's chunks too, one of them holding a BLOB among text.
    const reader = handle.reader.withTables<{ numbers: { n: number; label: string } }>();
    const streamed: unknown[] = [];
    for await (const row of reader
      .selectFrom('numbers')
      .select((eb) => [
        'n',
        eb
          .case()
          .when('n', '=', 5)
          .then(sql<Uint8Array | string>`x'05'`)
          .else(sql<string>`label`)
          .end()
          .as('v'),
      ])
      .where('n', '<=', 6)
      .orderBy('n')
      .stream(3)) {
      streamed.push(row.v);
    }
    expect(streamed.slice(0, 4)).toEqual(['numero 1', 'numero 2', 'numero 3', 'numero 4']);
    expect(streamed[4]).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(streamed[4] as Uint8Array)).toEqual(Buffer.from([5]));
    expect(streamed[5]).toBe('numero 6');
  });

  it('reads wide rows as JSON built by SQLite: the same values, in the order of the query, a BLOB as it is', async () => {
    // Rows of five values or more are read as JSON by SQLite itself (sqlite-read-worker.js): each
    // must come back as the main connection reads it, ordered as the query orders it.
    const both = async <R>(query: ReturnType<typeof sql<R>>) => ({
      reader: (await query.execute(handle.reader)).rows,
      main: (await query.execute(handle.db)).rows,
    });
    const values = await both(sql`
      select 'è "citato" \\ a capo' || char(10) || char(128512) || char(9) as a, '' as b, 0.1 + 0.2 as c,
        1.0 / 3 as d, -42 as e, 9007199254740991 as f, null as g, 1e999 as h, -1e999 as i, 'x' as j`);
    expect(values.reader).toEqual(values.main);
    expect(values.reader).toEqual([
      {
        a: 'è "citato" \\ a capo\n😀\t',
        b: '',
        c: 0.1 + 0.2,
        d: 1 / 3,
        e: -42,
        f: 9007199254740991,
        g: null,
        h: Infinity,
        i: -Infinity,
        j: 'x',
      },
    ]);
    // In order: by a number both ways, by text (which sorts 'numero 10' before 'numero 2'), with
    // and without a limit, grouped, and through a join.
    const wide = sql`n, label, n * 2 as twice, -n as negative, label || '!' as shout`;
    const newest = sql`select ${wide} from numbers where n <= 5000 order by n desc limit 50`;
    const ordered = [
      newest,
      sql`select ${wide} from numbers where n <= 300 order by label`,
      sql`select ${wide} from numbers where n % 7 = 3 order by label desc, n`,
      sql`select n % 10 as digit, count(*) as count, min(label) as first, max(label) as last, sum(n) as total
        from numbers group by n % 10 order by total desc`,
      sql`select a.n, a.label, b.n as other, b.label as other_label, a.n + b.n as total
        from numbers a join numbers b on b.n = 5001 - a.n where a.n <= 40 order by b.label`,
    ];
    for (const query of ordered) {
      const { reader, main } = await both(query);
      expect(reader.length).toBeGreaterThan(9);
      expect(reader).toEqual(main);
    }
    expect((await both(newest)).reader.slice(0, 2)).toEqual([
      { n: 5000, label: 'numero 5000', twice: 10000, negative: -5000, shout: 'numero 5000!' },
      { n: 4999, label: 'numero 4999', twice: 9998, negative: -4999, shout: 'numero 4999!' },
    ]);
    // BLOBs among text: every row arrives as SQLite holds it (json_array refuses x'00ff', and would
    // read x'00' as binary JSON's null).
    const withBlob = await both(sql`
      select n, label, case n when 3 then x'00ff' when 4 then x'00' else label end as v, n * 2 as twice,
        -n as negative
      from numbers where n <= 5 order by n`);
    // (The main connection gives a Buffer, a thread's copy of it a Uint8Array: the same bytes.)
    const bytes = (rows: unknown[]) =>
      (rows as { v: string | Uint8Array }[]).map((row) => ({
        ...row,
        v: typeof row.v === 'string' ? row.v : [...row.v],
      }));
    expect(bytes(withBlob.reader)).toEqual(bytes(withBlob.main));
    expect(bytes(withBlob.reader).map((row) => row.v)).toEqual([
      'numero 1',
      'numero 2',
      [0x00, 0xff],
      [0x00],
      'numero 5',
    ]);
    const jsonLike = await both(sql`
      select n, label, case n when 2 then x'00' else label end as v, n * 2 as twice, -n as negative
      from numbers where n <= 3 order by n`);
    expect(bytes(jsonLike.reader).map((row) => row.v)).toEqual(['numero 1', [0x00], 'numero 3']);
  });

  it('opens the file in WAL mode with every commit synced (FULL) unless NORMAL is asked', async () => {
    const pragma = async (handle: DatabaseHandle, name: string) =>
      (await sql.raw<Record<string, unknown>>(`PRAGMA ${name}`).execute(handle.db)).rows[0]?.[name];
    expect(await pragma(handle, 'journal_mode')).toBe('wal');
    // 2 = FULL: the WAL is synced at each commit, so an acknowledged write survives a power cut.
    expect(await pragma(handle, 'synchronous')).toBe(2);
    const normal = openDatabase({ databaseUrl: undefined, dataDir, sqliteSynchronous: 'normal' });
    try {
      expect(await pragma(normal, 'synchronous')).toBe(1);
    } finally {
      await normal.close();
    }
  });

  it('lets a read in hand finish when it closes, then refuses new ones', async () => {
    const own = openDatabase({ databaseUrl: undefined, dataDir, sqliteReaders: 1 });
    const inHand = busyCount(1_000_000).execute(own.reader);
    // Let the query reach its thread before the close begins.
    await new Promise((resolve) => setTimeout(resolve, 20));
    await own.close();
    await expect(inHand).resolves.toEqual({ rows: [{ n: 1_000_000 }] });
    await expect(sql`select 1`.execute(own.reader)).rejects.toThrow(/destroyed/);
  });

  it('ends a thread by having it close its connection: a read past the grace still gets its rows', async () => {
    // Told to close, the thread finishes the read it is running, lets go of a stream left open,
    // closes its connection and ends; it was ended from outside before, dropping the read.
    const pool = new SqliteReadPool({ file: path.join(dataDir, SQLITE_FILE_NAME), size: 1 });
    const stream = pool.iterate<{ n: number }>('select n from numbers order by n', [], 10);
    expect((await stream.next()).value).toHaveLength(10);
    const inHand = pool.all(
      'with recursive c(x) as (select 1 union all select x + 1 from c where x < 300000) select count(*) as n from c',
      [],
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    await pool.close(0);
    await expect(inHand).resolves.toEqual([{ n: 300_000 }]);
    await expect(stream.next()).rejects.toThrow(/closed/);
    await expect(pool.all('select 1', [])).rejects.toThrow(/closed/);
  });
});
