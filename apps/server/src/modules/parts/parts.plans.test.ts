import { IN_STOCK_STATUSES, PartInputSchema } from '@magazzino/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigratedTestDatabase, type TestDatabase } from '../../../test/databases.js';
import { partInput } from '../../../test/factories.js';
import {
  openOnOneConnection,
  preparedStatements,
  type PreparedStatement,
} from '../../../test/postgres-plans.js';
import type { DatabaseHandle } from '../../db/dialect.js';
import { newId } from '../../lib/ids.js';
import { insertParts, listCountedPage, REGISTRATION, searchSeqs } from './parts.repository.js';
import { SEQ_BLOCK_SIZE } from './parts.tables.js';

/** More than one block of seqs, so that a page past the first is read from its block. */
const PARTS = SEQ_BLOCK_SIZE + 1500;

/** The parts lie in this many cassette of one ripiano, part i in cassetta i mod CASSETTE. */
const CASSETTE = 7;

/** How many times each read runs: PostgreSQL tries five plans made for the values first. */
const RUNS = 9;

/**
 * The reads every list and search makes most, on PostgreSQL: each is a named statement (parsed
 * once per connection), and each must also be planned once, PostgreSQL's generic plan taken after
 * its first five executions. A statement whose generic plan PostgreSQL judges dearer than one made
 * for the values is planned again at every execution (a LIMIT or an OFFSET as a parameter is
 * costed as reading a tenth of the rows): at 10^5 parts that was 0.38 ms of every first page of the
 * list, 0.46 ms of every deep page and 0.24 ms of every count of a word search.
 */
describe('the list and search reads planned once per connection, on postgres', () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    database = await createMigratedTestDatabase('postgres');
    handle = openOnOneConnection(database);
    const start = Date.parse('2025-04-01T00:00:00.000Z');
    const parts = Array.from({ length: PARTS }, (_, index) => ({
      id: newId(start + index * 1000),
      createdAt: new Date(start + index * 1000).toISOString(),
      input: PartInputSchema.parse(
        partInput({
          nome: index % 3 === 0 ? `Faro ${index}` : `Ricambio ${index}`,
          codice: `PL-${index}`,
          cassetta: String(index % CASSETTE),
        }),
      ),
    }));
    await handle.db.transaction().execute((trx) => insertParts(trx, parts));
    await sql`analyze parts`.execute(handle.db);
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  const plansOf = (fragment: string) => preparedStatements(handle.reader, fragment);

  function expectPlannedOnce(counts: readonly PreparedStatement[], label: string) {
    expect(counts.length, label).toBeGreaterThan(0);
    for (const { statement, generic_plans: generic, custom_plans: custom } of counts) {
      expect(Number(custom), `${label}: ${statement}`).toBeLessThanOrEqual(5);
      expect(Number(generic), `${label}: ${statement}`).toBeGreaterThanOrEqual(RUNS - 5);
    }
  }

  /**
   * Reads the page of `limit` parts at `offset` of the list, newest first: the parts there, and the
   * list's number of parts with them.
   */
  async function expectPage(limit: number, offset: number) {
    const sort = { field: REGISTRATION, descending: true } as const;
    const page = await listCountedPage(handle.reader, { stato: IN_STOCK_STATUSES }, sort, limit, offset);
    expect(page.parts.map((part) => part.codice)).toEqual(
      Array.from({ length: limit }, (_, index) => `PL-${PARTS - 1 - offset - index}`),
    );
    expect(page.total).toBe(PARTS);
  }

  it('plans the first page of the list once for each page size', async () => {
    for (let run = 0; run < RUNS; run += 1) await expectPage(20, 0);
    const counts = await plansOf(`('venduto', 'scartato') order by "parts"."seq" desc limit`);
    expectPlannedOnce(counts, 'first page');
    // The page's size written into the text: no parameter is left.
    expect(counts.map((row) => row.statement)).toEqual([expect.not.stringMatching(/\$\d/)]);
  });

  it('reads a first page of a size the list does not offer as a later page, planned once, naming no statement of its own', async () => {
    for (let run = 0; run < RUNS; run += 1) await expectPage(7, 0);
    expectPlannedOnce(await plansOf('limit 512'), 'first page of 7');
    expect(await plansOf('limit 7')).toEqual([]);
  });

  it('plans a page past the first block once, through a few texts whatever its offset', async () => {
    // Offsets past the first block, each a different skip inside its block, all one read's size.
    for (let run = 0; run < RUNS; run += 1) await expectPage(20, SEQ_BLOCK_SIZE + 600 + run * 7);
    // One read's size for every offset here (the first page of 7 above read 512).
    const counts = (await plansOf('"parts"."seq" < $1')).filter(
      (row) => !row.statement.includes('limit 512'),
    );
    expectPlannedOnce(counts, 'deep page');
    expect(counts).toHaveLength(1);
  });

  it('plans the first page of a cassetta once, with its number of parts, whichever cassetta', async () => {
    const sort = { field: REGISTRATION, descending: true } as const;
    for (let run = 0; run < RUNS; run += 1) {
      const cassetta = String(run % CASSETTE);
      const location = { scaffale: 'A', campata: '1', ripiano: '2', cassetta };
      const page = await listCountedPage(handle.reader, { stato: IN_STOCK_STATUSES, location }, sort, 20, 0);
      const inCassetta = Array.from({ length: PARTS }, (_, index) => PARTS - 1 - index).filter(
        (index) => index % CASSETTE === run % CASSETTE,
      );
      expect(page.parts.map((part) => part.codice)).toEqual(
        inCassetta.slice(0, 20).map((index) => `PL-${index}`),
      );
      expect(page.total).toBe(inCassetta.length);
    }
    const counts = await plansOf('"location_key" = $1');
    expectPlannedOnce(counts, 'first page of a cassetta');
    // One statement: the page and its number together, the page's size in its text.
    expect(counts).toHaveLength(1);
    expect(counts[0]?.statement).toContain('limit 20');
  });

  it('plans the count of a word search once', async () => {
    for (let run = 0; run < RUNS; run += 1) {
      const found = await searchSeqs(handle.reader, { q: 'faro', stato: IN_STOCK_STATUSES }, 5, 50);
      // A third of the parts hold the word: more than the count's limit.
      expect([found.count, found.exact]).toEqual([50, false]);
      expect(found.seqs).toHaveLength(5);
      expect(found.seqs).toEqual([...found.seqs].sort((a, b) => b - a));
    }
    expectPlannedOnce(await plansOf('parts_word_spans'), 'count of a word search');
  });
});
