import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Part } from '@magazzino/contract';
import { systemClock } from '../../lib/clock.js';
import { seedParts } from '../../../test/factories.js';
import { createMigratedTestDatabase, DIALECTS, type TestDatabase } from '../../../test/databases.js';
import { openOnOneConnection, preparedStatements } from '../../../test/postgres-plans.js';
import type { DatabaseHandle } from '../../db/dialect.js';
import { searchSeqsBeside } from './parts.repository.js';
import { PartsService } from './parts.service.js';

// The first page of a text search: on PostgreSQL the statement that counts the matches in the word
// index reads the page's parts too (searchSeqsBeside's `firstPage`), a later page, or a search
// read LIKE on the rows, reads them apart; SQLite reads them apart (a statement doing both cost
// its reader thread more than the trip it saved). Either way the page holds whole parts (their
// fitment lists read too), in the list's order, whether an exact code leads it, nothing matches,
// or the word list moved under the kept words.
describe.each(DIALECTS)('the first page of a word search, read with its count, on %s', (dialect) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let service: PartsService;

  beforeAll(async () => {
    database = await createMigratedTestDatabase(dialect);
    handle = openOnOneConnection(database);
    service = new PartsService(handle.db, handle.reader, handle.writes, systemClock);
    // Part i is registered i seconds after the one before: the last is the newest.
    await seedParts(handle.db, 30, (index) => ({
      nome: `Faretto ${index}`,
      // The oldest part's code is the word searched, written another way: it leads that search.
      ...(index === 0 ? { codice: 'FAR-ETTO' } : {}),
      // Every third part fits other vehicles too: its list is read with the page.
      ...(index % 3 === 0
        ? { compatibilita: [{ marca: 'Lancia', modello: 'Ypsilon', annoDa: '2003', annoA: '2011' }] }
        : {}),
    }));
  });
  afterAll(async () => {
    await handle.close();
    await database.drop();
  });

  /** The parts' names, and each part as reading it alone gives it. */
  async function pageOf(filter: { q?: string; nome?: string }, limit: number, offset = 0) {
    const found = await service.page(filter, undefined, { limit, offset });
    for (const part of found.parts) expect(part).toEqual(await service.get(part._id));
    return { names: found.parts.map((part: Part) => part.nome), total: found.total };
  }

  /** PostgreSQL: how many times the reader's connection read parts by a list of seqs. */
  async function pagesReadApart(): Promise<number> {
    const rows = await preparedStatements(handle.reader, 'parts.seq = any($1::bigint[])');
    return rows.reduce((sum, row) => sum + Number(row.generic_plans) + Number(row.custom_plans), 0);
  }

  const newest = (count: number, from = 29) =>
    Array.from({ length: count }, (_, index) => `Faretto ${from - index}`);

  it('gives whole parts, the exact code first, then the newest, with the total', async () => {
    const apart = dialect === 'postgres' ? await pagesReadApart() : 0;
    expect(await pageOf({ q: 'faretto' }, 10)).toEqual({
      names: ['Faretto 0', ...newest(9)],
      total: 30,
    });
    expect(await pageOf({ nome: 'faretto' }, 10)).toEqual({ names: newest(10), total: 30 });
    expect(await pageOf({ q: 'lancia ypsilon' }, 4)).toEqual({
      names: ['Faretto 27', 'Faretto 24', 'Faretto 21', 'Faretto 18'],
      total: 10,
    });
    expect(await pageOf({ q: 'fanalino' }, 10)).toEqual({ names: [], total: 0 });
    // Each first page came with its count: no read of the parts by seq of its own.
    if (dialect === 'postgres') expect(await pagesReadApart()).toBe(apart);
  });

  it('reads a first page apart when the text is read on the rows (a term of three, a code)', async () => {
    const apart = dialect === 'postgres' ? await pagesReadApart() : 0;
    // A term of three characters is no word of the list: PostgreSQL reads LIKE on the rows.
    expect(await pageOf({ q: 'tto' }, 10)).toEqual({ names: newest(10), total: 30 });
    expect(await pageOf({ q: 'tto' }, 5)).toEqual({ names: newest(5), total: 30 });
    // The code as typed is in no other part's text: the part of that code alone.
    expect(await pageOf({ q: 'far-etto' }, 10)).toEqual({ names: ['Faretto 0'], total: 1 });
    // A statement doing both, planned for each search, cost PostgreSQL more than the trip.
    if (dialect === 'postgres') expect(await pagesReadApart()).toBe(apart + 3);
  });

  it('reads the page with a count past its limit: the word index gives the newest first', async () => {
    const beside = { segments: [], limit: 0 };
    const found = await searchSeqsBeside(handle.reader, { nome: 'faretto' }, 5, 10, beside, 5);
    expect(found).toMatchObject({ count: 10, exact: false });
    const rows = await handle.db.selectFrom('parts').select('seq').orderBy('seq', 'desc').limit(5).execute();
    const seqs = rows.map((row) => Number(row.seq));
    expect(found.seqs).toEqual(seqs);
    // PostgreSQL reads the spans of the word index newest first: the matches counted are the
    // newest, and their parts come with them. SQLite reads them apart.
    if (dialect === 'postgres') expect([...(found.parts?.keys() ?? [])].sort((a, b) => b - a)).toEqual(seqs);
    else expect(found.parts).toBeUndefined();
  });

  it('reads a later page apart, the same parts as a first page of that size shows', async () => {
    const apart = dialect === 'postgres' ? await pagesReadApart() : 0;
    const first = await pageOf({ q: 'faretto' }, 20);
    const second = await pageOf({ q: 'faretto' }, 10, 10);
    expect(second).toEqual({ names: first.names.slice(10, 20), total: 30 });
    if (dialect === 'postgres') expect(await pagesReadApart()).toBe(apart + 1);
  });

  it('shows a part whose new word was listed after the search’s words were kept', async () => {
    expect((await pageOf({ q: 'faretto' }, 3)).names).toEqual(['Faretto 0', ...newest(2)]);
    // 'farettone' is no word of the list yet: the words kept for 'faretto' lack it.
    const [added] = await seedParts(handle.db, 1, () => ({ nome: 'Farettone alogeno' }));
    expect(added).toBeDefined();
    expect(await pageOf({ q: 'faretto' }, 3)).toEqual({
      names: ['Faretto 0', 'Farettone alogeno', 'Faretto 29'],
      total: 31,
    });
  });
});
