import { PartInputSchema } from '@magazzino/contract';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../test/databases.js';
import { partInput } from '../../../test/factories.js';
import { countRows, previousVersionDatabase, settlesWithin, type AnyDb } from '../../../test/migrations.js';
import { newId } from '../../lib/ids.js';
import { toNewRow } from '../../modules/parts/parts.mapper.js';
import {
  countByCategory,
  countByCondition,
  countParts,
  listPartsPage,
  REGISTRATION,
} from '../../modules/parts/parts.repository.js';
import { foldCountShards } from '../count-shards.js';
import type { Database } from '../schema.js';

const COUNT_TABLES = ['part_category_counts', 'part_condition_counts', 'part_seq_blocks'] as const;

let index = 0;
/** A new part's row of today's schema, of `categoria` and `condizione`. */
function partRow(categoria: string, condizione = 'Buona') {
  index += 1;
  const time = Date.parse('2025-01-01T00:00:00.000Z') + index * 1000;
  const input = PartInputSchema.parse(partInput({ nome: `Ricambio ${index}`, categoria, condizione }));
  return toNewRow(input, newId(time), new Date(time).toISOString());
}

/** Every table of counts as the app reads it, beside the parts counted afresh. */
async function countsAndRecount(db: AnyDb) {
  const { rows: categories } = await sql<{ categoria: string; stato: string; count: string }>`
    select categoria, stato, count(*) as count from parts group by categoria, stato`.execute(db);
  const { rows: conditions } = await sql<{ condizione: string; count: string }>`
    select condizione, count(*) as count from parts group by condizione`.execute(db);
  const { rows: blocks } = await sql<{ block: number; stato: string; count: string }>`
    select seq / 4096 as block, stato, count(*) as count from parts group by seq / 4096, stato`.execute(db);
  const sorted = <T extends Record<string, unknown>>(rows: T[]) =>
    rows
      .map((row) => ({ ...row, count: Number(row.count) }))
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  return {
    stored: {
      categories: sorted(await countRows(db, 'part_category_counts')),
      conditions: sorted(await countRows(db, 'part_condition_counts')),
      blocks: sorted(await countRows(db, 'part_seq_blocks')),
    },
    recounted: {
      categories: sorted(categories),
      conditions: sorted(conditions),
      blocks: sorted(blocks.map((row) => ({ ...row, block: Number(row.block) }))),
    },
  };
}

const rowsOf = async (db: AnyDb, table: string) =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

// SQLite has one writer at a time: its count tables keep one row per key, untouched by 020.
describe.runIf(DIALECTS.includes('postgres'))('migration 020-count-shards on postgres', () => {
  const previousVersion = previousVersionDatabase('postgres', '019-seq-blocks');
  const opened: { destroy(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((connection) => connection.destroy()));
  });

  /** A Kysely on one connection of its own (one PostgreSQL process), and the shard it writes. */
  async function connection(databaseUrl: string) {
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 1 }) }),
    });
    opened.push(db);
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
    return { db, shard: (rows[0]?.pid ?? 0) % 16 };
  }

  /** `wanted` connections writing `wanted` different shards, none of them shard 0. */
  async function connectionsOnShards(databaseUrl: string, wanted: number) {
    const found = new Map<number, Kysely<Database>>();
    for (let tries = 0; found.size < wanted && tries < 40; tries++) {
      const { db, shard } = await connection(databaseUrl);
      if (shard !== 0 && !found.has(shard)) found.set(shard, db);
    }
    expect(found.size).toBe(wanted);
    return [...found.values()];
  }

  it('keeps every count as it was, then lets two connections create parts of one category at once', async () => {
    const { db, migrator, database } = await previousVersion();
    await db
      .insertInto('parts')
      .values([partRow('Freni'), partRow('Freni'), partRow('Motore', 'Usato')])
      .execute();
    const databaseUrl = database.databaseUrl ?? '';
    const [first, second] = [new pg.Client(databaseUrl), new pg.Client(databaseUrl)];
    opened.push({ destroy: () => first.end() }, { destroy: () => second.end() });
    await Promise.all([first.connect(), second.connect()]);
    /** Two open transactions, each creating a part of Freni: does the second wait for the first? */
    const secondWaits = async () => {
      const insert = (row: ReturnType<typeof partRow>) => {
        const { sql: text, parameters } = db.insertInto('parts').values(row).compile();
        return { text, values: [...parameters] };
      };
      await first.query('begin');
      await first.query(insert(partRow('Freni')));
      await second.query('begin');
      const secondInsert = second.query(insert(partRow('Freni')));
      const waited = !(await settlesWithin(secondInsert, 300));
      await first.query('commit');
      await secondInsert;
      await second.query('commit');
      return waited;
    };

    // Before: one row per category and status, held by the first until its commit.
    expect(await secondWaits()).toBe(true);

    expect((await migrator.migrateTo('020-count-shards')).error).toBeUndefined();
    const migrated = await countsAndRecount(db);
    expect(migrated.stored).toEqual(migrated.recounted);
    for (const table of COUNT_TABLES) {
      const shards = await db.selectFrom(table).select('shard').distinct().execute();
      expect(shards, table).toEqual([{ shard: 0 }]);
    }

    // After: each connection adds to its own row, unless the two share a shard (1 in 16).
    const [firstShard, secondShard] = await Promise.all(
      [first, second].map(
        async (client) =>
          ((await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid ?? 0) % 16,
      ),
    );
    expect(await secondWaits()).toBe(firstShard === secondShard);
    const after = await countsAndRecount(db);
    expect(after.stored).toEqual(after.recounted);
    expect(after.stored.categories).toContainEqual({ categoria: 'Freni', stato: 'disponibile', count: 6 });
  });

  it('answers the categories, conditions, totals and deep pages from the sums of the shards, and folds them', async () => {
    const { db: anyDb, migrator, database } = await previousVersion();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const db = anyDb as unknown as Kysely<Database>;
    const [one, two, three] = await connectionsOnShards(database.databaseUrl ?? '', 3);
    if (!one || !two || !three) throw new Error('three connections expected');

    // Created on one connection, moved and deleted on others: some shards go below zero.
    const rows = Array.from({ length: 30 }, (_, n) =>
      partRow(n % 3 === 0 ? 'Freni' : 'Motore', n % 2 ? 'Usato' : 'Buona'),
    );
    await one.insertInto('parts').values(rows.slice(0, 20)).execute();
    await two.insertInto('parts').values(rows.slice(20)).execute();
    const freni = rows.filter((row) => row.categoria === 'Freni').map((row) => row.id);
    await two.deleteFrom('parts').where('id', 'in', freni).execute();
    await three
      .updateTable('parts')
      .set({ stato: 'venduto' })
      .where('id', '=', rows[1]?.id ?? '')
      .execute();
    await one.insertInto('parts').values(partRow('Carrozzeria')).execute();
    await three
      .updateTable('parts')
      .set({ condizione: 'Da revisionare' })
      .where('condizione', '=', 'Buona')
      .execute();

    const before = await countsAndRecount(anyDb);
    expect(before.stored).toEqual(before.recounted);
    // Every Freni part is gone: the category is not listed, though its shards are still stored.
    expect(await countByCategory(db)).toEqual(
      expect.arrayContaining([
        { categoria: 'Motore', count: 20 },
        { categoria: 'Carrozzeria', count: 1 },
      ]),
    );
    expect((await countByCategory(db)).map((row) => row.categoria).sort()).toEqual(['Carrozzeria', 'Motore']);
    expect(
      await db.selectFrom('part_category_counts').select('count').where('categoria', '=', 'Freni').execute(),
    ).not.toEqual([]);
    expect((await countByCondition(db)).sort((a, b) => a.condizione.localeCompare(b.condizione))).toEqual([
      { condizione: 'Da revisionare', count: 11 },
      { condizione: 'Usato', count: 10 },
    ]);
    expect(await countParts(db, {}, 1000)).toEqual({ count: 21, exact: true });
    expect(await countParts(db, { stato: ['venduto'] }, 1000)).toEqual({ count: 1, exact: true });
    const stored = new Map<string, number>();
    for (const table of COUNT_TABLES) stored.set(table, await rowsOf(anyDb, table));

    // The fold: one row per key left, in shard 0, the keys of zero gone, every answer the same.
    expect(await foldCountShards(db)).toBeGreaterThan(0);
    const after = await countsAndRecount(anyDb);
    expect(after.stored).toEqual(before.stored);
    for (const table of COUNT_TABLES) {
      const keys = await countRows(anyDb, table);
      expect(await rowsOf(anyDb, table), table).toBe(keys.length);
      expect(await rowsOf(anyDb, table), table).toBeLessThan(stored.get(table) ?? 0);
      expect(await anyDb.selectFrom(table).select('shard').distinct().execute(), table).toEqual([
        { shard: 0 },
      ]);
    }
    expect(
      await db.selectFrom('part_category_counts').select('count').where('categoria', '=', 'Freni').execute(),
    ).toEqual([]);
    const page = await listPartsPage(db, {}, { field: REGISTRATION, descending: true }, 5, 0);
    expect(page).toHaveLength(5);
    // Nothing left to fold.
    expect(await foldCountShards(db)).toBe(0);
  });

  it('steps back from rows a writer holds instead of waiting for it, and folds them the next time', async () => {
    const { db: anyDb, migrator, database } = await previousVersion();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const db = anyDb as unknown as Kysely<Database>;
    const [writer] = await connectionsOnShards(database.databaseUrl ?? '', 1);
    if (!writer) throw new Error('a connection expected');
    await writer
      .insertInto('parts')
      .values([partRow('Freni'), partRow('Freni')])
      .execute();
    const shardRows = await rowsOf(anyDb, 'part_category_counts');

    // A clerk's transaction holds its category's count row until its commit.
    const held = new Promise<void>((resolve, reject) => {
      void writer
        .transaction()
        .execute(async (trx) => {
          await trx.insertInto('parts').values(partRow('Freni')).execute();
          await new Promise((release) => setTimeout(release, 1500));
        })
        .then(resolve, reject);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    await foldCountShards(db);
    // It gave up after its lock timeout (100 ms per table), long before the clerk committed.
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await rowsOf(anyDb, 'part_category_counts')).toBe(shardRows);
    await held;

    expect(await foldCountShards(db)).toBeGreaterThan(0);
    expect(
      await anyDb.selectFrom('part_category_counts').select(['categoria', 'shard', 'count']).execute(),
    ).toEqual([{ categoria: 'Freni', shard: 0, count: 3 }]);
  });

  it('goes back to 019 with one row per key, the shards added up, and forward again', async () => {
    const { db, migrator, database } = await previousVersion();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const connections = await connectionsOnShards(database.databaseUrl ?? '', 2);
    for (const [n, connection] of connections.entries()) {
      await connection
        .insertInto('parts')
        .values([partRow('Freni'), partRow(n ? 'Motore' : 'Freni')])
        .execute();
    }
    const sharded = await countsAndRecount(db);

    expect((await migrator.migrateTo('019-seq-blocks')).error).toBeUndefined();
    const down = await countsAndRecount(db);
    expect(down.stored).toEqual(sharded.stored);
    for (const table of COUNT_TABLES) {
      expect(await rowsOf(db, table), table).toBe((await countRows(db, table)).length);
    }
    await db.insertInto('parts').values(partRow('Motore')).execute();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const up = await countsAndRecount(db);
    expect(up.stored).toEqual(up.recounted);
  });
});

describe.runIf(DIALECTS.includes('sqlite'))('migration 020-count-shards on sqlite', () => {
  const previousVersion = previousVersionDatabase('sqlite', '019-seq-blocks');

  it('leaves the tables of counts as they are, one row per key', async () => {
    const { db, migrator } = await previousVersion();
    await db
      .insertInto('parts')
      .values([partRow('Freni'), partRow('Motore')])
      .execute();
    const columns = async () =>
      (await db.introspection.getTables())
        .filter((table) => (COUNT_TABLES as readonly string[]).includes(table.name))
        .map((table) => [table.name, table.columns.map((column) => column.name)]);
    const before = await columns();
    expect((await migrator.migrateTo('020-count-shards')).error).toBeUndefined();
    expect(await columns()).toEqual(before);
    const counts = await countsAndRecount(db);
    expect(counts.stored).toEqual(counts.recounted);
    expect(await foldCountShards(db as unknown as Kysely<Database>)).toBe(0);
  });
});
