import { PartInputSchema } from '@magazzino/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { partInput } from '../../../test/factories.js';
import { previousVersionDatabase, type AnyDb } from '../../../test/migrations.js';
import { newId } from '../../lib/ids.js';
import { toNewRow } from '../../modules/parts/parts.mapper.js';

/** Part `index`, its nome a word of its own ('ricambio17x'), as 025 stores it. */
function partRow(index: number) {
  const time = Date.parse('2025-01-01T00:00:00.000Z') + index * 1000;
  const input = PartInputSchema.parse(partInput({ nome: `Ricambio${index}x` }));
  return toNewRow(input, newId(time), new Date(time).toISOString());
}

const PARTS = 60;

/**
 * Writes PARTS parts one statement each in one transaction into a database whose word list was
 * analysed empty (a new database), as a clerk's import does: how many times that transaction read
 * `search_words` whole, and the words of the nomi listed after it.
 */
async function writeParts(db: AnyDb): Promise<{ seqScans: number; listed: number }> {
  return db.transaction().execute(async (trx) => {
    // The connection's counts not sent yet, this transaction's among them: the difference tells.
    const seqScans = async () => {
      const { rows } = await sql<{ seqScans: string }>`select seq_scan as "seqScans"
        from pg_stat_xact_user_tables where relname = 'search_words'`.execute(trx);
      return Number(rows[0]?.seqScans);
    };
    const before = await seqScans();
    for (let index = 1; index <= PARTS; index += 1) {
      await trx.insertInto('parts').values(partRow(index)).execute();
    }
    const after = await seqScans();
    const listed = await trx
      .selectFrom('search_words')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('word', 'like', 'ricambio%x')
      .executeTakeFirstOrThrow();
    return { seqScans: after - before, listed: Number(listed.count) };
  });
}

describe('migration 026-word-list-on-conflict on postgres', () => {
  const previousVersion = previousVersionDatabase('postgres', '025-pairs-with-j');

  it('lists new words through the primary key alone, never reading the whole list, from an empty list on', async () => {
    const { db, migrator } = await previousVersion();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    await sql`analyze search_words`.execute(db);
    expect(await writeParts(db)).toEqual({ seqScans: 0, listed: PARTS });
  });

  it('goes back to 025, whose probe reads the whole list once its plan is kept, and up again', async () => {
    const { db, migrator } = await previousVersion();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect((await migrator.migrateTo('025-pairs-with-j')).error).toBeUndefined();
    await sql`analyze search_words`.execute(db);
    // The plan plpgsql keeps after five writes reads the list whole for every write after them.
    const before = await writeParts(db);
    expect(before.listed).toBe(PARTS);
    expect(before.seqScans).toBeGreaterThan(PARTS / 2);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    await sql`delete from parts`.execute(db);
    await sql`delete from search_words`.execute(db);
    await sql`analyze search_words`.execute(db);
    expect((await writeParts(db)).seqScans).toBe(0);
  });
});
