import { PartInputSchema } from '@magazzino/contract';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../test/databases.js';
import { partInput } from '../../../test/factories.js';
import { countRows, previousVersionDatabase, settlesWithin, type AnyDb } from '../../../test/migrations.js';
import { newId } from '../../lib/ids.js';
import { toNewRow } from '../../modules/parts/parts.mapper.js';

/** A part of `categoria` in `stato`, as a row of today's schema. */
function partRow(index: number, stato: string) {
  const time = Date.parse('2025-01-01T00:00:00.000Z') + index * 1000;
  const input = PartInputSchema.parse(partInput({ nome: `Ricambio ${index}`, categoria: 'Freni' }));
  return { ...toNewRow(input, newId(time), new Date(time).toISOString()), stato };
}

const counts = async (db: AnyDb) =>
  (await countRows(db, 'part_category_counts')).map((row) => [row.stato, row.count]);

// One writer at a time on SQLite: two transactions never hold count rows at once.
describe.runIf(DIALECTS.includes('postgres'))('migration 012-count-lock-order on postgres', () => {
  const previousVersion = previousVersionDatabase('postgres', '011-two-factor');
  const clients: pg.Client[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.end()));
  });

  /**
   * Two clerks' transactions on parts of one category. The first holds the 'disponibile' count
   * (a sold part made available again), the second moves a reserved part back to disponibile,
   * then the first reserves an available part: they move between the same two count rows in
   * opposite directions. Returns what each transaction's last statement and commit gave.
   */
  async function opposingMoves(databaseUrl: string, ids: { sold: string; reserved: string; free: string }) {
    const [first, second] = [new pg.Client(databaseUrl), new pg.Client(databaseUrl)];
    clients.push(first, second);
    await Promise.all([first.connect(), second.connect()]);
    const move = (client: pg.Client, id: string, stato: string) =>
      client.query('update parts set stato = $1 where id = $2', [stato, id]);
    await first.query('begin');
    await move(first, ids.sold, 'disponibile');
    await second.query('begin');
    const secondMove = move(second, ids.reserved, 'disponibile').then(() => second.query('commit'));
    // The second waits for the first's 'disponibile' row; before 012 it holds 'riservato' meanwhile.
    expect(await settlesWithin(secondMove, 300)).toBe(false);
    const firstMove = move(first, ids.free, 'riservato').then(() => first.query('commit'));
    return Promise.allSettled([firstMove, secondMove]);
  }

  it('lets opposite status moves in one category wait in line instead of deadlocking', async () => {
    const { db, migrator, database } = await previousVersion();
    const [sold, reserved, free] = [
      partRow(1, 'venduto'),
      partRow(2, 'riservato'),
      partRow(3, 'disponibile'),
    ];
    const ids = { sold: sold.id, reserved: reserved.id, free: free.id };
    await db.insertInto('parts').values([sold, reserved, free]).execute();
    const databaseUrl = database.databaseUrl ?? '';

    // Before: PostgreSQL finds the deadlock and fails one of the two (40P01).
    const before = await opposingMoves(databaseUrl, ids);
    const failed = before.filter((result) => result.status === 'rejected');
    expect(failed).toHaveLength(1);
    expect((failed[0] as PromiseRejectedResult).reason).toMatchObject({ code: '40P01' });
    await Promise.all(clients.map((client) => client.query('rollback')));
    await db.updateTable('parts').set({ stato: 'venduto' }).where('id', '=', ids.sold).execute();
    await db.updateTable('parts').set({ stato: 'riservato' }).where('id', '=', ids.reserved).execute();
    await db.updateTable('parts').set({ stato: 'disponibile' }).where('id', '=', ids.free).execute();
    expect(await counts(db)).toEqual([
      ['disponibile', 1],
      ['riservato', 1],
      ['venduto', 1],
    ]);

    // 012 itself: from 020 on, two connections write count rows of their own and never meet.
    expect((await migrator.migrateTo('012-count-lock-order')).error).toBeUndefined();
    const after = await opposingMoves(databaseUrl, ids);
    expect(after.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
    // Sold → disponibile, reserved → disponibile, free → riservato: the counts follow.
    expect(await counts(db)).toEqual([
      ['disponibile', 2],
      ['riservato', 1],
    ]);
  });

  it('goes back down to 011 and up again, the counts following every move', async () => {
    const { db, migrator } = await previousVersion();
    await db
      .insertInto('parts')
      .values([partRow(1, 'disponibile'), partRow(2, 'riservato')])
      .execute();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect((await migrator.migrateTo('011-two-factor')).error).toBeUndefined();
    await db.updateTable('parts').set({ stato: 'venduto' }).where('nome', '=', 'Ricambio 2').execute();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    // An update whose new key sorts first (venduto → disponibile) takes the ordered path.
    await db.updateTable('parts').set({ stato: 'disponibile' }).where('nome', '=', 'Ricambio 2').execute();
    await db.updateTable('parts').set({ condizione: 'Usato' }).execute();
    expect(await counts(db)).toEqual([['disponibile', 2]]);
    expect(await countRows(db, 'part_condition_counts')).toEqual([{ condizione: 'Usato', count: 2 }]);
  });
});
