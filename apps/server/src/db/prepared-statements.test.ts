import Database from './sqlite-driver.js';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, PG_ADMIN_URL } from '../../test/databases.js';
import {
  compiledOnce,
  insertCompiledOnce,
  prepared,
  preparingPool,
  StatementNames,
} from './prepared-statements.js';

interface Numbers {
  numbers: { n: number; label: string };
  notes: { n: number; label: string; note: string | null; weight: number | null };
}

describe('statement names', () => {
  it('names only the marked statements, the same text always by the same name', () => {
    const names = new StatementNames(2);
    expect(names.nameOf('select 1')).toBeUndefined();
    const first = names.nameOf('select 1 /* prepared */');
    expect(first).toBeDefined();
    expect(names.nameOf('select 2 /* prepared */')).not.toBe(first);
    expect(names.nameOf('select 1 /* prepared */')).toBe(first);
  });

  it('stops naming new statements at its limit, and keeps the names it gave', () => {
    const names = new StatementNames(2);
    const first = names.nameOf('select 1 /* prepared */');
    names.nameOf('select 2 /* prepared */');
    expect(names.nameOf('select 3 /* prepared */')).toBeUndefined();
    expect(names.nameOf('select 1 /* prepared */')).toBe(first);
    expect(names.size).toBe(2);
  });
});

describe('queries compiled once', () => {
  let db: Kysely<Numbers> | undefined;
  afterEach(async () => {
    await db?.destroy();
    db = undefined;
  });

  /** An in-memory SQLite database with the numbers 1–100 and their labels. */
  async function sqlite(): Promise<Kysely<Numbers>> {
    db = new Kysely<Numbers>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
    await sql`create table numbers (n integer primary key, label text not null)`.execute(db);
    await sql`with recursive s(x) as (select 1 union all select x + 1 from s where x < 100)
      insert into numbers select x, 'numero ' || x from s`.execute(db);
    return db;
  }

  it('builds the query once per database and answers each call with its own arguments', async () => {
    const kysely = await sqlite();
    let builds = 0;
    const likeBut = compiledOnce((database: Kysely<Numbers>, pattern: string, except: string) => {
      builds += 1;
      return database
        .selectFrom('numbers')
        .select(['n', 'label'])
        .where('label', 'like', pattern)
        .where('label', '<>', except)
        .where('n', '<', 1000)
        .orderBy('n');
    });
    expect((await likeBut(kysely, 'numero 1_', 'numero 12')).map((row) => row.n)).toEqual([
      10, 11, 13, 14, 15, 16, 17, 18, 19,
    ]);
    expect(await likeBut(kysely, 'numero 100', '')).toEqual([{ n: 100, label: 'numero 100' }]);
    expect(await likeBut(kysely, 'sette', '')).toEqual([]);
    // Inside a transaction too, and rolled back with it.
    await expect(
      kysely.transaction().execute(async (trx) => {
        await trx.updateTable('numbers').set({ label: 'sette' }).where('n', '=', 7).execute();
        expect(await likeBut(trx, 'sette', '')).toEqual([{ n: 7, label: 'sette' }]);
        throw new Error('annullata');
      }),
    ).rejects.toThrow('annullata');
    expect(await likeBut(kysely, 'sette', '')).toEqual([]);
    expect(await likeBut(kysely, 'numero 7', '')).toEqual([{ n: 7, label: 'numero 7' }]);
    expect(builds).toBe(1);
  });

  it('refuses a query that does not put each argument in exactly one parameter', async () => {
    const kysely = await sqlite();
    const ignoring = compiledOnce((database: Kysely<Numbers>, _label: string) =>
      database.selectFrom('numbers').select('n').where('label', '=', 'numero 1'),
    );
    await expect(ignoring(kysely, '2')).rejects.toThrow(/argument 0 is not exactly one parameter/);
    const twice = compiledOnce((database: Kysely<Numbers>, label: string) =>
      database.selectFrom('numbers').select('n').where('label', '=', label).where('label', '<', label),
    );
    await expect(twice(kysely, '2')).rejects.toThrow(/argument 0 is not exactly one parameter/);
  });
});

// One connection, so that pg_prepared_statements (a per-connection view) shows what it prepared.
describe.runIf(DIALECTS.includes('postgres'))('statements prepared on PostgreSQL', () => {
  let db: Kysely<Numbers> | undefined;

  async function open(names = new StatementNames()): Promise<Kysely<Numbers>> {
    const pool = new pg.Pool({ connectionString: PG_ADMIN_URL, max: 1 });
    db = new Kysely<Numbers>({ dialect: new PostgresDialect({ pool: preparingPool(pool, names) }) });
    await sql`create temporary table numbers (n integer primary key, label text not null)`.execute(db);
    await sql`insert into numbers select x, 'numero ' || x from generate_series(1, 100) as x`.execute(db);
    return db;
  }

  const preparedTexts = async (kysely: Kysely<Numbers>) =>
    (
      await sql<{ statement: string }>`select statement from pg_prepared_statements order by name`.execute(
        kysely,
      )
    ).rows.map((row) => row.statement);

  const byNumber = (kysely: Kysely<Numbers>, n: number) =>
    prepared(kysely.selectFrom('numbers').select('label').where('n', '=', n)).executeTakeFirst();

  afterEach(async () => {
    await db?.destroy();
    db = undefined;
  });

  it('prepares a marked lookup once and answers each execution with its own parameters', async () => {
    const kysely = await open();
    const labels = [];
    for (const n of [1, 2, 3, 4, 5, 6, 7, 42]) labels.push((await byNumber(kysely, n))?.label);
    expect(labels).toEqual([
      'numero 1',
      'numero 2',
      'numero 3',
      'numero 4',
      'numero 5',
      'numero 6',
      'numero 7',
      'numero 42',
    ]);
    expect(await byNumber(kysely, 1000)).toBeUndefined();
    // An unmarked query stays unnamed: PostgreSQL keeps nothing of it.
    await kysely.selectFrom('numbers').select('label').where('n', '>', 98).execute();
    const texts = await preparedTexts(kysely);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(/^select "label" from "numbers" where "n" = \$1 \/\* prepared \*\/$/);
  });

  it('works inside transactions, and after one that failed', async () => {
    const kysely = await open();
    await expect(
      kysely.transaction().execute(async (trx) => {
        await sql`select 1 / 0`.execute(trx);
      }),
    ).rejects.toThrow(/division by zero/);
    // The transaction is aborted before the statement is ever parsed: it is parsed on its next use.
    await expect(
      kysely.transaction().execute(async (trx) => {
        await sql`select 1 / 0`.execute(trx).catch(() => undefined);
        await byNumber(trx, 1);
      }),
    ).rejects.toThrow(/current transaction is aborted/);
    const label = await kysely.transaction().execute(async (trx) => (await byNumber(trx, 7))?.label);
    expect(label).toBe('numero 7');
    expect(await byNumber(kysely, 8)).toEqual({ label: 'numero 8' });
    expect(await preparedTexts(kysely)).toHaveLength(1);
  });

  it('prepares a query compiled once, and answers each call with its own argument', async () => {
    const kysely = await open();
    const numberOf = compiledOnce((database: Kysely<Numbers>, label: string) =>
      database.selectFrom('numbers').select('n').where('label', '=', label),
    );
    expect(await numberOf(kysely, 'numero 5')).toEqual([{ n: 5 }]);
    expect(await numberOf(kysely, 'numero 64')).toEqual([{ n: 64 }]);
    expect(await kysely.transaction().execute((trx) => numberOf(trx, 'numero 9'))).toEqual([{ n: 9 }]);
    expect(await numberOf(kysely, 'numero 500')).toEqual([]);
    expect(await preparedTexts(kysely)).toEqual([expect.stringMatching(/"label" = \$1 \/\* prepared \*\/$/)]);
  });

  it('sends the queries past its limit unnamed, and they still answer', async () => {
    const kysely = await open(new StatementNames(1));
    await byNumber(kysely, 1);
    const other = await prepared(
      kysely.selectFrom('numbers').select('n').where('label', '=', 'numero 9'),
    ).execute();
    expect(other).toEqual([{ n: 9 }]);
    expect(await preparedTexts(kysely)).toHaveLength(1);
  });
});

describe('one-row inserts compiled once', () => {
  let db: Kysely<Numbers> | undefined;
  afterEach(async () => {
    await db?.destroy();
    db = undefined;
  });

  type NoteRow = { n: number; label: string; note?: string | null; weight?: number | null };

  it('compiles as Kysely does, once per set of columns, each row with its own values', async () => {
    db = new Kysely<Numbers>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
    const kysely = db;
    await sql`create table notes (n integer primary key, label text not null, note text, weight real)`.execute(
      kysely,
    );
    let builds = 0;
    const insertNote = insertCompiledOnce((database: Kysely<Numbers>, row: NoteRow) => {
      builds += 1;
      return database.insertInto('notes').values(row).returning(['n', 'label']);
    });
    const rows: NoteRow[] = [
      { n: 1, label: 'uno', note: null, weight: 1.5 },
      { n: 2, label: "l'altro", note: 'con nota', weight: null },
      { n: 3, label: 'senza nota' },
      { n: 4, label: 'nota assente', note: undefined, weight: 2 },
      { n: 5, label: 'cinque', note: 'ancora', weight: 0 },
    ];
    for (const row of rows) {
      const compiled = insertNote(kysely, row).compile();
      const own = kysely.insertInto('notes').values(row).returning(['n', 'label']).compile();
      expect({ sql: compiled.sql, parameters: compiled.parameters }).toEqual({
        sql: own.sql,
        parameters: own.parameters,
      });
      expect((await kysely.executeQuery(compiled)).rows).toEqual([{ n: row.n, label: row.label }]);
    }
    // Three sets of columns, each built once: all four (rows 1, 2 and 5), n and label, n, label and
    // weight (the undefined note left out, as Kysely leaves it).
    expect(builds).toBe(3);
    const stored = await kysely.selectFrom('notes').selectAll().orderBy('n').execute();
    expect(stored).toEqual([
      { n: 1, label: 'uno', note: null, weight: 1.5 },
      { n: 2, label: "l'altro", note: 'con nota', weight: null },
      { n: 3, label: 'senza nota', note: null, weight: null },
      { n: 4, label: 'nota assente', note: null, weight: 2 },
      { n: 5, label: 'cinque', note: 'ancora', weight: 0 },
    ]);
  });

  it('refuses a build that does not put each value in a parameter of its own', () => {
    db = new Kysely<Numbers>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
    const kysely = db;
    const doubled = insertCompiledOnce((database: Kysely<Numbers>, row: { n: number; label: string }) =>
      database.insertInto('numbers').values({ n: row.n, label: sql<string>`${row.label} || ${row.label}` }),
    );
    expect(() => doubled(kysely, { n: 1, label: 'a' }).compile()).toThrow(
      /label is not exactly one parameter/,
    );
  });
});
