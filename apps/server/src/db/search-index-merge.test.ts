import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { PartInputSchema } from '@magazzino/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { testConfig } from '../../test/app.js';
import { partInput } from '../../test/factories.js';
import { newId } from '../lib/ids.js';
import {
  insertPart,
  listPartsPage,
  REGISTRATION,
  type PartFilter,
} from '../modules/parts/parts.repository.js';
import { openDatabase, SQLITE_FILE_NAME, type DatabaseHandle } from './dialect.js';
import { migrateDatabase } from './migrate.js';
import {
  MERGE_ABOVE_SEGMENTS,
  mergeSearchIndexes,
  SEARCH_INDEXES,
  searchIndexSegments,
} from './search-index-merge.js';

const NAMES = ['Faro anteriore', 'Pompa acqua', 'Alternatore', 'Specchietto retrovisore', 'Radiatore'];
const MAKES = ['Fiat', 'Volkswagen', 'Ford', 'Renault', 'Opel'];

/** A SQLite warehouse whose parts were written one commit each: its index lies in many segments. */
async function fragmentedWarehouse(dataDir: string, parts: number): Promise<DatabaseHandle> {
  const handle = openDatabase({ databaseUrl: undefined, dataDir, sqliteReaders: 2 });
  await migrateDatabase(handle);
  const start = Date.parse('2025-01-01T00:00:00.000Z');
  for (let index = 0; index < parts; index += 1) {
    const input = PartInputSchema.parse(
      partInput({
        nome: `${NAMES[index % NAMES.length] ?? ''} ${index}`,
        marca: MAKES[(index >> 2) % MAKES.length] ?? 'Fiat',
        codice: `K${index}-${index % 7}`,
      }),
    );
    const time = start + index * 1000;
    await handle.db
      .transaction()
      .execute((trx) => insertPart(trx, input, newId(time), new Date(time).toISOString(), null, null));
  }
  // Some of them sold: their entries move to the other index, a commit each too.
  for (let seq = 3; seq <= parts; seq += 5) {
    await handle.db.updateTable('parts').set({ stato: 'venduto' }).where('seq', '=', seq).execute();
  }
  return handle;
}

const SEARCHES: PartFilter[] = [
  { q: 'faro' },
  { nome: 'pompa', marca: 'volks' },
  { q: 'k1', stato: ['venduto'] },
  { q: 'retro fiat', stato: ['disponibile', 'venduto'] },
  { marca: 'or' },
];

async function answers(handle: DatabaseHandle): Promise<string[][]> {
  const newestFirst = { field: REGISTRATION, descending: true } as const;
  return Promise.all(
    SEARCHES.map(async (filter) =>
      (await listPartsPage(handle.reader, filter, newestFirst, 50, 0)).map((part) => part._id),
    ),
  );
}

describe('the search indexes’ upkeep (SQLite)', () => {
  const dirs: string[] = [];
  const handles: DatabaseHandle[] = [];
  const dataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'magazzino-merge-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(async () => {
    for (const handle of handles.splice(0)) await handle.close();
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('merges an index left in many segments by one-part commits, every search finding what it did', async () => {
    const handle = await fragmentedWarehouse(dataDir(), 300);
    handles.push(handle);
    const before = await searchIndexSegments(handle.reader);
    expect(before.parts_fts).toBeGreaterThan(MERGE_ABOVE_SEGMENTS);
    const found = await answers(handle);
    expect(found.every((ids) => ids.length > 0)).toBe(true);

    const merges = await handle.maintainSearchIndex();
    // Only the indexes in too many segments are merged.
    expect(merges.map((merge) => merge.index)).toEqual(
      SEARCH_INDEXES.filter((index) => (before[index] ?? 0) > MERGE_ABOVE_SEGMENTS),
    );
    const merged = merges.find((merge) => merge.index === 'parts_fts');
    expect(merged).toMatchObject({ segmentsBefore: before.parts_fts });
    expect(merged?.segmentsAfter).toBeLessThanOrEqual(MERGE_ABOVE_SEGMENTS);
    const after = await searchIndexSegments(handle.reader);
    expect(after.parts_fts).toBe(merged?.segmentsAfter);
    expect(await answers(handle)).toEqual(found);

    // Nothing left to merge: the next look does nothing.
    expect(await handle.maintainSearchIndex()).toEqual([]);
  });

  it('lets the app write while it merges, and ends after its step when told', async () => {
    const dir = dataDir();
    const handle = await fragmentedWarehouse(dir, 300);
    handles.push(handle);
    const found = await answers(handle);
    // A slow merge (100 ms between steps), so the writes and the stop come while it runs.
    const stop = new AbortController();
    const started = performance.now();
    const merging = mergeSearchIndexes(path.join(dir, SQLITE_FILE_NAME), {
      pauseMs: 100,
      signal: stop.signal,
    });
    // Parts created meanwhile, each its own commit on the app's connection.
    const start = Date.parse('2026-01-01T00:00:00.000Z');
    for (let index = 0; index < 20; index += 1) {
      const input = PartInputSchema.parse(partInput({ nome: `Paraurti durante ${index}` }));
      const time = start + index * 1000;
      await handle.db
        .transaction()
        .execute((trx) => insertPart(trx, input, newId(time), new Date(time).toISOString(), null, null));
    }
    stop.abort();
    const { merges, stopped } = await merging;
    expect(stopped).toBe(true);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(merges[0]?.index).toBe('parts_fts');
    // Stopped halfway, every search still answers whole.
    const newestFirst = { field: REGISTRATION, descending: true } as const;
    expect(await listPartsPage(handle.reader, { q: 'durante' }, newestFirst, 50, 0)).toHaveLength(20);
    expect(await answers(handle)).toEqual(found);
    // The next run finishes the job.
    await handle.maintainSearchIndex();
    expect((await searchIndexSegments(handle.reader)).parts_fts).toBeLessThanOrEqual(MERGE_ABOVE_SEGMENTS);
    expect(await answers(handle)).toEqual(found);
  });

  it('runs when the app starts on a warehouse in many segments, and says so in its log', async () => {
    const dir = dataDir();
    await (await fragmentedWarehouse(dir, 300)).close();
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = await buildApp(
      testConfig(
        { dialect: 'sqlite', dataDir: dir, databaseUrl: undefined, drop: () => Promise.resolve() },
        {
          LOG_LEVEL: 'info',
        },
      ),
      { logStream },
    );
    try {
      await app.ready();
      await expect
        .poll(() => lines.some((line) => line.includes('search index merged')), { timeout: 20_000 })
        .toBe(true);
      const logged = JSON.parse(lines.find((line) => line.includes('search index merged')) ?? '{}') as {
        merges?: { index: string; segmentsBefore: number; segmentsAfter: number }[];
      };
      const merged = logged.merges?.find((merge) => merge.index === 'parts_fts');
      expect(merged?.segmentsAfter).toBeLessThan(merged?.segmentsBefore ?? 0);
    } finally {
      await app.close();
    }
  });
});
