import { PartInputSchema } from '@magazzino/contract';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partInput } from '../../../test/factories.js';
import { createMigratedTestDatabase, DIALECTS, type TestDatabase } from '../../../test/databases.js';
import { openDatabase, type DatabaseHandle } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { insertParts, searchSeqs } from './parts.repository.js';

/** Parts in registration order: 'qzw' in three of four, 'vxk' in all but the newest 300. */
const COUNT = 1_500;
const holdsQzw = (index: number) => index % 4 !== 0;
const holdsVxk = (index: number) => index < 1_200;

describe.runIf(DIALECTS.includes('postgres'))('a common term read on the rows, on postgres', () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  /** The SQL of every statement `db` ran. */
  const statements: string[] = [];
  /** The seq of each part, by its place in the registration order. */
  let seqs: number[];

  beforeAll(async () => {
    database = await createMigratedTestDatabase('postgres');
    handle = openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    const start = Date.parse('2025-03-01T00:00:00.000Z');
    const parts = Array.from({ length: COUNT }, (_, index) => {
      const modello = [holdsQzw(index) ? 'Qzw' : 'Punto', holdsVxk(index) ? 'Vxk' : ''].join(' ').trim();
      return {
        id: newId(start + index * 1000),
        createdAt: new Date(start + index * 1000).toISOString(),
        input: PartInputSchema.parse(partInput({ modello })),
      };
    });
    await handle.db.transaction().execute((trx) => insertParts(trx, parts));
    const bySeq = await handle.db.selectFrom('parts').select(['id', 'seq']).execute();
    const seqOf = new Map(bySeq.map((row) => [row.id, Number(row.seq)]));
    seqs = parts.map((part) => seqOf.get(part.id) ?? -1);
    db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.databaseUrl, max: 1 }) }),
      log: (event) => {
        if (event.level === 'query') statements.push(event.query.sql);
      },
    });
  });
  afterAll(async () => {
    await db.destroy();
    await handle.close();
    await database.drop();
  });

  /** The newest 20 seqs of the parts `holds`, newest first: the oracle. */
  const newest = (holds: (index: number) => boolean) =>
    seqs
      .filter((_, index) => holds(index))
      .sort((a, b) => b - a)
      .slice(0, 20);

  it('finds the page of a term the newest parts hold by walking them, counting up to the limit', async () => {
    statements.length = 0;
    const found = await searchSeqs(db, { q: 'qzw' }, 20, 1_000);
    expect(found).toEqual({ seqs: newest(holdsQzw), count: 1_000, exact: false });
    // The read in no order counted past the limit; the page was looked for among the newest.
    expect(statements.some((text) => text.startsWith('with recent as materialized'))).toBe(true);
  });

  it('reads every match when the newest parts hold the term less often than the rest, the page the same', async () => {
    statements.length = 0;
    const found = await searchSeqs(db, { q: 'vxk' }, 20, 1_000);
    // The first matches are dense (one a part): the walk covers the newest 60, which hold none,
    // and the planner's read finds the page further back.
    expect(found).toEqual({ seqs: newest(holdsVxk), count: 1_000, exact: false });
    expect(statements.some((text) => text.startsWith('with recent as materialized'))).toBe(true);
  });

  it('walks nothing for a term with fewer matches than the limit: they are sorted as read', async () => {
    statements.length = 0;
    const found = await searchSeqs(db, { q: 'vxk qzw' }, 20, 1_000);
    const both = (index: number) => holdsQzw(index) && holdsVxk(index);
    expect(found).toEqual({ seqs: newest(both), count: 900, exact: true });
    expect(statements.some((text) => text.startsWith('with recent'))).toBe(false);
  });
});
