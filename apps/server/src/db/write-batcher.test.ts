import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, SQLITE_FILE_NAME, type DatabaseHandle } from './dialect.js';
import SqliteDriver from './sqlite-driver.js';
import { WriteBatcher } from './write-batcher.js';

describe('WriteBatcher (group commit on SQLite)', () => {
  let dataDir: string;
  let handle: DatabaseHandle;
  const labels = () =>
    sql<{ label: string }>`select label from notes order by label`
      .execute(handle.db)
      .then((result) => result.rows.map((row) => row.label));

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'magazzino-batcher-'));
    handle = openDatabase({ databaseUrl: undefined, dataDir });
    await sql`create table notes (label text primary key)`.execute(handle.db);
  });

  afterAll(async () => {
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('holds the write lock from the start of a write: another writer cannot commit between its reads and its writes', async () => {
    // Another connection writing to the file, as the search index's merge thread does. Begun
    // DEFERRED, the write below took its snapshot at its read, the other connection committed, and
    // its insert was refused at once (SQLITE_BUSY_SNAPSHOT): a create answered 500.
    const other = new SqliteDriver(path.join(dataDir, SQLITE_FILE_NAME));
    other.pragma('busy_timeout = 0');
    const otherInsert = other.prepare("insert into notes (label) values ('other writer')");
    try {
      const refused = await handle.writes.run(async (trx) => {
        await sql`select count(*) from notes`.execute(trx);
        let code: unknown;
        try {
          otherInsert.run();
        } catch (error) {
          code = (error as { code?: unknown }).code;
        }
        await sql`insert into notes (label) values ('read, then written')`.execute(trx);
        return code;
      });
      // The other writer had to wait (here without a busy timeout: refused), then gets its turn.
      expect(refused).toBe('SQLITE_BUSY');
      expect(await labels()).toContain('read, then written');
      otherInsert.run();
      expect(await labels()).toContain('other writer');
    } finally {
      other.close();
      await sql`delete from notes`.execute(handle.db);
    }
  });

  it('commits writes that arrive together and answers each caller with its own result', async () => {
    const batcher = new WriteBatcher(handle.db);
    const results = await Promise.all(
      ['a', 'b', 'c', 'd'].map((label) =>
        batcher.run(async (trx) => {
          await sql`insert into notes (label) values (${label})`.execute(trx);
          return label.toUpperCase();
        }),
      ),
    );
    expect(results).toEqual(['A', 'B', 'C', 'D']);
    expect(await labels()).toEqual(['a', 'b', 'c', 'd']);
  });

  it('rolls back a failing write alone: its caller gets the error, the others commit', async () => {
    const batcher = new WriteBatcher(handle.db);
    const outcomes = await Promise.allSettled([
      batcher.run((trx) => sql`insert into notes (label) values ('e')`.execute(trx)),
      // Half-done when it fails: its first insert must not survive.
      batcher.run(async (trx) => {
        await sql`insert into notes (label) values ('f')`.execute(trx);
        await sql`insert into notes (label) values ('a')`.execute(trx);
      }),
      batcher.run((trx) => sql`insert into notes (label) values ('g')`.execute(trx)),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(outcomes[1]).toMatchObject({ reason: { code: 'SQLITE_CONSTRAINT_PRIMARYKEY' } });
    expect(await labels()).toEqual(['a', 'b', 'c', 'd', 'e', 'g']);
  });

  it('keeps taking writes while a batch commits', async () => {
    const batcher = new WriteBatcher(handle.db);
    const first = batcher.run((trx) => sql`insert into notes (label) values ('h')`.execute(trx));
    await new Promise((resolve) => setImmediate(resolve));
    const later = Array.from({ length: 100 }, (_, i) =>
      batcher.run((trx) =>
        sql`insert into notes (label) values (${`z${String(i).padStart(3, '0')}`})`.execute(trx),
      ),
    );
    await Promise.all([first, ...later]);
    expect(await labels()).toHaveLength(6 + 1 + 100);
  });
});
