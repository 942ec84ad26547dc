import { PartInputSchema } from '@magazzino/contract';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { partInput } from '../../../test/factories.js';
import { readerThreadReads } from '../../../test/reader-reads.js';
import { createMigratedTestDatabase, DIALECTS, type TestDatabase } from '../../../test/databases.js';
import { openDatabase, type DatabaseHandle } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { countParts, insertParts, searchSeqs } from './parts.repository.js';

// Two instances of the server on one PostgreSQL: each keeps the words it looked its terms up in
// while the list's version holds (db/parts-text-search.ts, `postgresWordForms`; migration 029).
// A part another instance writes with a new word is found by the next search all the same.
describe.runIf(DIALECTS.includes('postgres'))(
  'the words kept for a search, two instances, on postgres',
  () => {
    let database: TestDatabase;
    /** The instance that writes. */
    let writer: DatabaseHandle;
    /** The instance that searches, every statement it runs logged. */
    let reader: Kysely<Database>;
    const statements: string[] = [];
    let created = 0;

    const lookups = () => statements.filter((text) => text.includes('where word like')).length;

    async function create(nome: string): Promise<number> {
      created += 1;
      const time = Date.parse('2025-08-01T00:00:00.000Z') + created * 1000;
      const id = newId(time);
      await writer.db.transaction().execute((trx) =>
        insertParts(trx, [
          {
            id,
            createdAt: new Date(time).toISOString(),
            input: PartInputSchema.parse(partInput({ nome, marca: 'Fiat', modello: 'Punto' })),
          },
        ]),
      );
      const row = await writer.db
        .selectFrom('parts')
        .select('seq')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return Number(row.seq);
    }

    beforeAll(async () => {
      database = await createMigratedTestDatabase('postgres');
      writer = openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
      reader = new Kysely<Database>({
        dialect: new PostgresDialect({
          pool: new pg.Pool({ connectionString: database.databaseUrl, max: 2 }),
        }),
        log: (event) => {
          if (event.level === 'query') statements.push(event.query.sql);
        },
      });
      await create('Faro anteriore');
      await create('Faro posteriore');
    });
    afterAll(async () => {
      await reader.destroy();
      await writer.close();
      await database.drop();
    });
    beforeEach(() => {
      statements.length = 0;
    });

    it('looks a term up once while the list stays as it is', async () => {
      expect(await countParts(reader, { nome: 'faro' }, 1000)).toEqual({ count: 2, exact: true });
      expect(lookups()).toBe(1);
      expect(await countParts(reader, { nome: 'faro' }, 1000)).toEqual({ count: 2, exact: true });
      expect((await searchSeqs(reader, { nome: 'faro', marca: 'fiat' }, 20, 1000)).count).toBe(2);
      // 'fiat' was new; 'faro' was kept.
      expect(lookups()).toBe(2);
      // A part whose words are all listed leaves the list as it was: its terms are still kept, and
      // it is found (its words are the kept ones).
      await create('Faro anteriore');
      expect(await countParts(reader, { nome: 'faro', marca: 'fiat' }, 1000)).toEqual({
        count: 3,
        exact: true,
      });
      expect(lookups()).toBe(2);
    });

    it('finds a part another instance wrote with a new word, and a term found in no word before', async () => {
      expect(await countParts(reader, { nome: 'zqxw' }, 1000)).toEqual({ count: 0, exact: true });
      expect(await countParts(reader, { nome: 'faro' }, 1000)).toEqual({ count: 3, exact: true });
      const seq = await create('Zqxwerty');
      expect(await countParts(reader, { nome: 'zqxw' }, 1000)).toEqual({ count: 1, exact: true });
      expect(await searchSeqs(reader, { q: 'zqxwerty fiat' }, 20, 1000)).toEqual({
        seqs: [seq],
        count: 1,
        exact: true,
      });
      // A new word containing a kept term: 'faroxyz' holds 'faro'.
      const faroxyz = await create('Faroxyz');
      const found = await searchSeqs(reader, { nome: 'faro' }, 20, 1000);
      expect(found.count).toBe(4);
      expect(found.seqs[0]).toBe(faroxyz);
    });
  },
);

// SQLite: the reader threads keep nothing, the main thread keeps the words a term was found in
// while the file's change mark stands (db/main-connection.ts): no trip to a reader thread for them.
// Anything committed moves it, by this connection or another one on the file (another process);
// a transaction open on the main connection keeps nothing.
describe('the words kept for a search, on sqlite', () => {
  let database: TestDatabase;
  /** The server's connections: the main one and a reader thread. */
  let handle: DatabaseHandle;
  /** Another process on the same file (the command line's `demo`, say). */
  let other: DatabaseHandle;
  let created = 0;
  /** The look-ups of words sent to the reader thread. */
  let lookups: () => number;

  async function create(db: Kysely<Database>, nome: string): Promise<number> {
    created += 1;
    const time = Date.parse('2025-08-01T00:00:00.000Z') + created * 1000;
    const id = newId(time);
    await db.transaction().execute((trx) =>
      insertParts(trx, [
        {
          id,
          createdAt: new Date(time).toISOString(),
          input: PartInputSchema.parse(partInput({ nome, marca: 'Fiat', modello: 'Punto' })),
        },
      ]),
    );
    const row = await db.selectFrom('parts').select('seq').where('id', '=', id).executeTakeFirstOrThrow();
    return Number(row.seq);
  }

  beforeAll(async () => {
    database = await createMigratedTestDatabase('sqlite');
    handle = openDatabase({ databaseUrl: undefined, dataDir: database.dataDir, sqliteReaders: 1 });
    other = openDatabase({ databaseUrl: undefined, dataDir: database.dataDir, sqliteReaders: 0 });
    await create(handle.db, 'Faro anteriore');
    await create(handle.db, 'Faro posteriore');
  });
  afterAll(async () => {
    await other.close();
    await handle.close();
    await database.drop();
  });
  beforeEach(() => {
    lookups = readerThreadReads('search_words_fts');
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('looks a term up once while nothing is committed, again after a commit', async () => {
    expect(await countParts(handle.reader, { nome: 'faro' }, 1000)).toEqual({ count: 2, exact: true });
    expect(lookups()).toBe(1);
    expect(await countParts(handle.reader, { nome: 'faro' }, 1000)).toEqual({ count: 2, exact: true });
    expect((await searchSeqs(handle.reader, { nome: 'faro', marca: 'fiat' }, 20, 1000)).count).toBe(2);
    // 'fiat' was new; 'faro' was kept.
    expect(lookups()).toBe(2);
    // A new word holding a kept term, written by this connection: found at once.
    const faroxyz = await create(handle.db, 'Faroxyz');
    const found = await searchSeqs(handle.reader, { nome: 'faro' }, 20, 1000);
    expect(found).toMatchObject({ count: 3, exact: true });
    expect(found.seqs[0]).toBe(faroxyz);
    expect(lookups()).toBe(3);
  });

  it('finds at once a part another process wrote with a new word holding a kept term', async () => {
    await create(handle.db, 'Staffax');
    expect(await countParts(handle.reader, { nome: 'staff' }, 1000)).toEqual({ count: 1, exact: true });
    expect(await countParts(handle.reader, { nome: 'staff' }, 1000)).toEqual({ count: 1, exact: true });
    expect(lookups()).toBe(1);
    const staffone = await create(other.db, 'Staffone');
    const found = await searchSeqs(handle.reader, { nome: 'staff' }, 20, 1000);
    expect(found).toMatchObject({ count: 2, exact: true });
    expect(found.seqs[0]).toBe(staffone);
    // A term found in no word before: the other process's new word is found too.
    expect(await countParts(handle.reader, { nome: 'zqxw' }, 1000)).toEqual({ count: 0, exact: true });
    const seq = await create(other.db, 'Zqxwerty');
    expect(await searchSeqs(handle.reader, { q: 'zqxwerty fiat' }, 20, 1000)).toEqual({
      seqs: [seq],
      count: 1,
      exact: true,
    });
  });

  // (Each commit of a new word also writes the search indexes' totals, which moves the mark by
  // itself: the guard on an open transaction is what keeps this true whatever the indexes write.)
  it('keeps nothing looked up while a transaction is open, and finds what it then commits', async () => {
    await create(handle.db, 'Wqkvalpha');
    let commit = () => {};
    let written = () => {};
    const writtenYet = new Promise<void>((resolve) => (written = resolve));
    const transaction = handle.db.transaction().execute(async (trx) => {
      const time = Date.parse('2025-09-01T00:00:00.000Z');
      await insertParts(trx, [
        {
          id: newId(time),
          createdAt: new Date(time).toISOString(),
          input: PartInputSchema.parse(partInput({ nome: 'Wqkvbeta', marca: 'Fiat' })),
        },
      ]);
      written();
      await new Promise<void>((resolve) => (commit = resolve));
    });
    await writtenYet;
    // The reader thread does not see the new word yet: only the part committed before is found.
    expect(await countParts(handle.reader, { nome: 'wqkv' }, 1000)).toEqual({ count: 1, exact: true });
    commit();
    await transaction;
    expect(await countParts(handle.reader, { nome: 'wqkv' }, 1000)).toEqual({ count: 2, exact: true });
  });
});
