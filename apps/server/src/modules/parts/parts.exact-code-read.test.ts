import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../../lib/clock.js';
import { seedParts } from '../../../test/factories.js';
import { readerThreadReads } from '../../../test/reader-reads.js';
import { createMigratedTestDatabase, type TestDatabase } from '../../../test/databases.js';
import { openDatabase, type DatabaseHandle } from '../../db/dialect.js';
import { PartsService } from './parts.service.js';

// SQLite: a text search reads the parts whose code is its text (they lead the page) beside its
// count, on a reader thread; when the main connection's index of codes says no part has that code
// (db/main-connection.ts), that read is not sent. Asked of a reader thread, every read counted.
describe('the exact code of a text search, on sqlite', () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let service: PartsService;
  /** The reads of an exact code's parts sent to the reader thread. */
  let codeReads: () => number;

  beforeAll(async () => {
    database = await createMigratedTestDatabase('sqlite');
    handle = openDatabase({ databaseUrl: undefined, dataDir: database.dataDir, sqliteReaders: 1 });
    service = new PartsService(handle.db, handle.reader, handle.writes, systemClock);
    // Part i is created i seconds after the one before: the first is the oldest.
    const parts = [
      // The oldest: its code is the search below, written another way.
      { nome: 'Faro anteriore', codice: 'AB-123-XY' },
      // Newer: the same text in its description, another code.
      { nome: 'Faro posteriore', descrizione: 'Sostituisce ab123xy', codice: '77001' },
      { nome: 'Faro fendinebbia', codice: '77002' },
    ];
    await seedParts(handle.db, parts.length, (index) => parts[index] ?? {});
  });
  afterAll(async () => {
    await handle.close();
    await database.drop();
  });
  beforeEach(() => {
    codeReads = readerThreadReads('"parts"."codice_key" = ?');
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const names = async (q: string) =>
    (await service.page({ q }, undefined, { limit: 20, offset: 0 })).parts.map((part) => part.nome);

  it('sends no read of an exact code for a search that is no part’s code', async () => {
    expect(await names('faro')).toEqual(['Faro fendinebbia', 'Faro posteriore', 'Faro anteriore']);
    expect(codeReads()).toBe(0);
  });

  it('puts the part whose code the search is first, however the code is written', async () => {
    // The newer part holds the three words in its description; the older one's code is them.
    const found = await service.page({ q: 'ab 123 xy' }, undefined, { limit: 20, offset: 0 });
    expect(found.parts.map((part) => part.nome)).toEqual(['Faro anteriore', 'Faro posteriore']);
    expect(found.total).toBe(2);
    expect(codeReads()).toBe(1);
    expect(await names('AB-123-XY')).toEqual(['Faro anteriore']);
  });
});
