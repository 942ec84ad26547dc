import { PartInputSchema } from '@magazzino/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partInput } from '../../../test/factories.js';
import { createMigratedTestDatabase, DIALECTS, type TestDatabase } from '../../../test/databases.js';
import { openOnOneConnection, preparedStatements } from '../../../test/postgres-plans.js';
import type { DatabaseHandle } from '../../db/dialect.js';
import { newId } from '../../lib/ids.js';
import { findPartsBySeq, insertParts, searchSeqs } from './parts.repository.js';

describe.each(DIALECTS)('a page of parts read by seq, and a search of words, on %s', (dialect) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  /** The seq of each part, in registration order. */
  let seqs: number[];

  beforeAll(async () => {
    database = await createMigratedTestDatabase(dialect);
    handle = openOnOneConnection(database);
    const start = Date.parse('2025-04-01T00:00:00.000Z');
    const parts = Array.from({ length: 30 }, (_, index) => ({
      id: newId(start + index * 1000),
      createdAt: new Date(start + index * 1000).toISOString(),
      input: PartInputSchema.parse(partInput({ nome: `Ricambio ${index}` })),
    }));
    await handle.db.transaction().execute((trx) => insertParts(trx, parts));
    const rows = await handle.db.selectFrom('parts').select('seq').orderBy('seq').execute();
    seqs = rows.map((row) => Number(row.seq));
  });
  afterAll(async () => {
    await handle.close();
    await database.drop();
  });

  it('gives the parts in the order asked, whatever their number, leaving out the seqs of no part (on postgres through one named statement)', async () => {
    for (const wanted of [
      [seqs[3]],
      seqs.slice(0, 5).reverse(),
      seqs.slice(5, 25),
      [seqs[7], 999_999, seqs[2]],
    ]) {
      const found = await findPartsBySeq(handle.reader, wanted as number[]);
      const expected = (wanted as number[]).filter((seq) => seq !== 999_999);
      expect(found.map((part) => Number(part.codiceRicambio.slice(2)))).toEqual(expected);
    }
    if (dialect === 'postgres') {
      // Every length through one statement, parsed and planned once on the connection (the search
      // below adds its own, named apart).
      const rows = (await preparedStatements(handle.reader, 'from "parts"')).filter(
        (row) => !row.statement.includes('parts_word_spans'),
      );
      expect(rows.map((row) => row.statement)).toEqual([
        expect.stringMatching(/parts\.seq = any\(\$1::bigint\[\]\)/),
      ]);
    }
  });

  it('counts and pages a search of words, on postgres its reads of the word index through one named statement per count limit', async () => {
    const newest = [...seqs].reverse();
    for (let round = 0; round < 3; round += 1) {
      expect(await searchSeqs(handle.reader, { nome: 'ricambio' }, 20, 1_000)).toEqual({
        seqs: newest.slice(0, 20),
        count: 30,
        exact: true,
      });
      expect(await searchSeqs(handle.reader, { nome: 'ricambio' }, 5, 10)).toEqual({
        seqs: newest.slice(0, 5),
        count: 10,
        exact: false,
      });
    }
    if (dialect === 'postgres') {
      const rows = await preparedStatements(handle.reader, 'parts_word_spans');
      // One text for each count's limit (written in, so that PostgreSQL plans it once:
      // parts.plans.test.ts), the same for every page size.
      expect(rows).toHaveLength(2);
      // The lookup of its words in the list stays unnamed (parts-text-search.ts, postgresWordForms);
      // the read of the list's version (migration 029) before it is named, and read once: the
      // searches after the first take the words kept, the index's read checking the version.
      expect(await preparedStatements(handle.reader, 'word like')).toHaveLength(0);
      expect(await versionReads()).toBe(1);
    }
  });

  it('finds at once a part whose new word another connection listed after the words of the search were kept', async () => {
    const before = await searchSeqs(handle.reader, { nome: 'ricambio' }, 5, 1_000);
    const versionsBefore = dialect === 'postgres' ? await versionReads() : 0;
    // 'ricambiofaro' is no word of the list yet: the words kept for 'ricambio' lack it.
    const at = Date.parse('2025-05-01T00:00:00.000Z');
    const input = PartInputSchema.parse(partInput({ nome: 'Ricambiofaro anteriore' }));
    await handle.db
      .transaction()
      .execute((trx) => insertParts(trx, [{ id: newId(at), createdAt: new Date(at).toISOString(), input }]));
    const added = await handle.db
      .selectFrom('parts')
      .select('seq')
      .where('nome', '=', input.nome)
      .executeTakeFirstOrThrow();
    const after = await searchSeqs(handle.reader, { nome: 'ricambio' }, 5, 1_000);
    expect(after).toEqual({
      seqs: [Number(added.seq), ...before.seqs.slice(0, 4)],
      count: before.count + 1,
      exact: true,
    });
    // On PostgreSQL the word index's read saw the list moved: the search read the version then.
    if (dialect === 'postgres') expect(await versionReads()).toBe(versionsBefore + 1);
  });

  /** PostgreSQL: how many times the reader's connection read the list's version alone. */
  async function versionReads(): Promise<number> {
    const rows = await preparedStatements(handle.reader, 'from search_words_version) as version');
    return rows.reduce((sum, row) => sum + Number(row.generic_plans) + Number(row.custom_plans), 0);
  }
});
