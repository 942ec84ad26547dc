import { IN_STOCK_STATUSES, PART_STATUSES, PartInputSchema, type PartStatus } from '@magazzino/contract';
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../test/databases.js';
import { partInput } from '../../../test/factories.js';
import { previousVersionDatabase, type AnyDb } from '../../../test/migrations.js';
import { newId } from '../../lib/ids.js';
import { toNewRow } from '../../modules/parts/parts.mapper.js';
import { listCountedPage, REGISTRATION, type PartFilter } from '../../modules/parts/parts.repository.js';
import type { Database } from '../schema.js';

/** Parts spread over seven blocks of 4,096 seqs (one of them empty), in every status. */
const PARTS = 6000;
const seqOf = (index: number) => 1 + index * 3 + (index >= 3000 ? 9000 : 0);
const statusOf = (index: number): PartStatus =>
  (index * 7) % 11 < 6 ? 'disponibile' : (PART_STATUSES[index % PART_STATUSES.length] ?? 'disponibile');

function partRow(index: number) {
  const time = Date.parse('2025-01-01T00:00:00.000Z') + index * 1000;
  const input = PartInputSchema.parse(partInput({ nome: `Ricambio ${index}` }));
  return {
    ...toNewRow(input, newId(time), new Date(time).toISOString()),
    seq: seqOf(index),
    stato: statusOf(index),
  };
}

async function insertRows(db: AnyDb, rows: readonly ReturnType<typeof partRow>[]) {
  for (let start = 0; start < rows.length; start += 400) {
    await db
      .insertInto('parts')
      .values(rows.slice(start, start + 400))
      .execute();
  }
}

/** part_seq_blocks as it must be: the parts counted afresh per block and status. */
async function recounted(db: AnyDb) {
  const { rows } = await sql<{ block: number; stato: string; count: number }>`
    select seq / 4096 as block, stato, count(*) as count from parts group by seq / 4096, stato
    order by block, stato`.execute(db);
  return rows.map((row) => ({ block: Number(row.block), stato: row.stato, count: Number(row.count) }));
}

async function stored(db: AnyDb) {
  const rows = await db
    .selectFrom('part_seq_blocks')
    .select(['block', 'stato', 'count'])
    .orderBy('block')
    .orderBy('stato')
    .execute();
  return rows.map((row) => ({ block: Number(row.block), stato: row.stato, count: Number(row.count) }));
}

describe.each(DIALECTS)('migration 019-seq-blocks on %s', (dialect) => {
  const previousVersion = previousVersionDatabase(dialect, '018-part-images-several');

  it('counts the stored parts per block and status, and keeps counting every write', async () => {
    const { db, migrator } = await previousVersion();
    const rows = Array.from({ length: PARTS }, (_, index) => partRow(index));
    await insertRows(db, rows);

    expect((await migrator.migrateTo('019-seq-blocks')).error).toBeUndefined();
    const counts = await stored(db);
    expect(counts).toEqual(await recounted(db));
    expect(new Set(counts.map((row) => row.block)).size).toBeGreaterThanOrEqual(5);

    // A new part, a sale, a part back in stock, a deletion: each in the count of its block.
    await insertRows(db, [{ ...partRow(PARTS), seq: 40_000 }]);
    await db.updateTable('parts').set({ stato: 'venduto' }).where('seq', '=', seqOf(1)).execute();
    await db.updateTable('parts').set({ stato: 'disponibile' }).where('stato', '=', 'scartato').execute();
    await db.updateTable('parts').set({ nome: 'Rinominato' }).where('seq', '=', seqOf(2)).execute();
    await db.deleteFrom('parts').where('seq', '<', 500).execute();
    expect(await stored(db)).toEqual(await recounted(db));

    // A write that fails takes its count with it.
    await expect(
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto('parts')
          .values({ ...partRow(PARTS + 1), seq: 50_000 })
          .execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await stored(db)).toEqual(await recounted(db));
  });

  it("serves every page in registration order exactly as walking the index would, with the list's number", async () => {
    const { db: anyDb, migrator } = await previousVersion();
    expect((await migrator.migrateTo('019-seq-blocks')).error).toBeUndefined();
    const rows = Array.from({ length: PARTS }, (_, index) => partRow(index));
    await insertRows(anyDb, rows);
    const db = anyDb as unknown as Kysely<Database>;

    const expected = (
      stati: readonly PartStatus[] | undefined,
      descending: boolean,
      offset: number,
      limit: number,
    ) =>
      rows
        .filter((row) => stati === undefined || stati.includes(row.stato))
        .sort((a, b) => (descending ? b.seq - a.seq : a.seq - b.seq))
        .slice(offset, offset + limit)
        .map((row) => row.id);
    const inStock = rows.filter((row) => (IN_STOCK_STATUSES as readonly string[]).includes(row.stato)).length;
    const filters: (PartFilter & { label: string })[] = [
      { label: 'in stock', stato: IN_STOCK_STATUSES },
      { label: 'sold', stato: ['venduto'] },
      { label: 'every status', stato: undefined },
    ];
    for (const { label, ...filter } of filters) {
      for (const descending of [true, false]) {
        // The first page, pages in the first block and past it, across blocks and reads (on
        // PostgreSQL each page is a slice of a read of a multiple of 512 seqs: plainPageRead).
        const pages = [
          ...[0, 1, 500, 4095, 4096, 4100, 4999, inStock - 3, inStock, PARTS - 1, PARTS + 10].map(
            (offset) => ({ offset, limit: 20 }),
          ),
          ...[0, 450, 3990, 4096 + 490, 4096 + 4050].map((offset) => ({ offset, limit: 100 })),
          { offset: 4096 + 511, limit: 1 },
          { offset: 4096 + 512, limit: 1 },
        ];
        const total = rows.filter(
          (row) => filter.stato === undefined || filter.stato.includes(row.stato),
        ).length;
        for (const { offset, limit } of pages) {
          const page = await listCountedPage(db, filter, { field: REGISTRATION, descending }, limit, offset);
          const where = `${label}, ${descending ? 'newest' : 'oldest'} first, offset ${offset}, limit ${limit}`;
          expect(
            page.parts.map((part) => part._id),
            where,
          ).toEqual(expected(filter.stato, descending, offset, limit));
          // The list's number comes with every page that has parts, and with any page past the
          // first block (summed from the blocks sought).
          if (page.parts.length > 0 || offset >= 4096) expect(page.total, where).toBe(total);
          else expect(page.total, where).toBeUndefined();
        }
      }
    }
  });

  it('goes back to 018 and forward again', async () => {
    const { db, migrator } = await previousVersion();
    await insertRows(db, [partRow(1), partRow(2)]);
    expect((await migrator.migrateTo('019-seq-blocks')).error).toBeUndefined();
    expect((await migrator.migrateTo('018-part-images-several')).error).toBeUndefined();
    await expect(db.selectFrom('part_seq_blocks').selectAll().execute()).rejects.toThrow();
    // Without the triggers a part is written as before.
    await insertRows(db, [partRow(3)]);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await stored(db)).toEqual(await recounted(db));
  });
});
