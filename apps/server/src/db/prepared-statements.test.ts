import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, PG_ADMIN_URL } from '../../test/databases.js';
import { prepared, preparingPool, StatementNames } from './prepared-statements.js';

interface Numbers {
  numbers: { n: number; label: string };
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
