import path from 'node:path';
import { PartInputSchema, type PartStatus } from '@magazzino/contract';
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../test/databases.js';
import { partInput } from '../../../test/factories.js';
import { previousVersionDatabase, type AnyDb } from '../../../test/migrations.js';
import { newId } from '../../lib/ids.js';
import { toNewRow } from '../../modules/parts/parts.mapper.js';
import { listPartsPage, REGISTRATION, type PartFilter } from '../../modules/parts/parts.repository.js';
import { SQLITE_FILE_NAME } from '../dialect.js';
import { wordFormsOf } from '../parts-text-search.js';
import type { Database } from '../schema.js';
import SqliteDriver from '../sqlite-driver.js';

/** A part as 022 stores it, in a status. */
function partRow(index: number, stato: PartStatus, fields: Record<string, unknown> = {}) {
  const time = Date.parse('2025-01-01T00:00:00.000Z') + index * 1000;
  const input = PartInputSchema.parse(partInput({ nome: `Faro ${stato}`, ...fields }));
  return { ...toNewRow(input, newId(time), new Date(time).toISOString()), stato };
}

const ROWS = [
  partRow(1, 'disponibile', { marca: 'Citroën', modello: 'C3' }),
  partRow(2, 'riservato', { descrizione: 'Guarnizione Straße' }),
  partRow(3, 'venduto', { marca: 'Fiat', modello: 'Punto' }),
  partRow(4, 'scartato', { nome: 'Alternatore Xqzv' }),
];

const newestFirst = { field: REGISTRATION, descending: true } as const;

/** The seqs a search finds, newest first (the factory's codes are `R-<seq>`). */
async function seqs(db: Kysely<Database>, filter: PartFilter): Promise<number[]> {
  return (await listPartsPage(db, filter, newestFirst, 20, 0)).map((part) =>
    Number(part.codiceRicambio.slice(2)),
  );
}

/** The seqs of the entries of a word index holding `match`. */
async function entries(db: AnyDb, table: 'parts_words' | 'parts_words_out', match: string) {
  const { rows } = await sql<{ seq: number }>`select rowid as seq from ${sql.table(table)}
    where ${sql.table(table)} match ${match} order by rowid`.execute(db);
  return rows.map((row) => Number(row.seq));
}

/** The listed words holding `term`. */
async function listed(db: AnyDb, term: string): Promise<string[]> {
  const { rows } = await sql<{ word: string }>`select word from search_words_fts
    where search_words_fts match ${`"${term}"`} order by word`.execute(db);
  return rows.map((row) => row.word);
}

describe.each(DIALECTS)('migration 023-word-search-index on %s', (dialect) => {
  const previousVersion = previousVersionDatabase(dialect, '022-in-stock-search-index');

  it('indexes the stored parts by words and lists the words, every search finding what it did', async () => {
    const { db: anyDb, migrator } = await previousVersion();
    await anyDb.insertInto('parts').values(ROWS).execute();
    const db = anyDb as unknown as Kysely<Database>;
    const searches: [PartFilter, number[]][] = [
      [{ q: 'faro', stato: ['disponibile', 'riservato', 'reso'] }, [2, 1]],
      [{ q: 'faro' }, [3, 2, 1]],
      [{ q: 'citroen' }, [1]],
      [{ q: 'stra' }, [2]],
      [{ nome: 'ternat' }, [4]],
      [{ marca: 'fia', modello: 'unt', stato: ['venduto'] }, [3]],
      [{ q: 'faro punto' }, [3, 2]],
    ];
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    for (const [filter, found] of searches)
      expect(await seqs(db, filter), JSON.stringify(filter)).toEqual(found);
    if (dialect !== 'sqlite') return;
    expect(await entries(anyDb, 'parts_words', 'f_nome : faro')).toEqual([1, 2]);
    expect(await entries(anyDb, 'parts_words_out', 'f_nome : faro')).toEqual([3]);
    expect(await entries(anyDb, 'parts_words_out', 'f_nome : alternatore')).toEqual([4]);
    expect(await listed(anyDb, 'ter')).toEqual(['alternatore']);
    expect(await listed(anyDb, 'stra')).toEqual(['straße']);
    // The searches above went through the word indexes.
    expect(await wordFormsOf(db, { fields: [], words: [{ text: 'stra', code: 'stra' }] })).toEqual(
      new Map([['stra', ['straße']]]),
    );
  });

  it('keeps the word indexes and the list with every write, and a failed write leaves neither', async () => {
    const { db: anyDb, migrator } = await previousVersion();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    await anyDb.insertInto('parts').values(ROWS).execute();
    const db = anyDb as unknown as Kysely<Database>;
    // A new part's new word is listed at once, and found by any piece of it.
    await db
      .insertInto('parts')
      .values(partRow(5, 'disponibile', { nome: 'Zorglub' }))
      .execute();
    expect(await seqs(db, { q: 'orglu' })).toEqual([5]);
    // A new word holding a term already listed in other words: the term finds it too.
    await db
      .insertInto('parts')
      .values(partRow(6, 'disponibile', { nome: 'Farone' }))
      .execute();
    expect(await seqs(db, { nome: 'faro' })).toEqual([6, 3, 2, 1]);
    // A text changed: the new words are found, the old ones no longer find the part.
    await db
      .updateTable('parts')
      .set({ nome_norm: 'quadrifoglio', search_norm: 'quadrifoglio' })
      .where('seq', '=', 5)
      .execute();
    expect(await seqs(db, { q: 'orglu' })).toEqual([]);
    expect(await seqs(db, { q: 'rifogl' })).toEqual([5]);
    if (dialect === 'sqlite') {
      expect(await listed(anyDb, 'orglu')).toEqual(['zorglub']);
      expect(await listed(anyDb, 'rifogl')).toEqual(['quadrifoglio']);
      expect(await listed(anyDb, 'faro')).toEqual(['faro', 'farone']);
      expect(await entries(anyDb, 'parts_words', 'zorglub')).toEqual([]);
      // A sale moves the entry, a return moves it back, a deletion takes it away.
      await db.updateTable('parts').set({ stato: 'venduto' }).where('seq', '=', 5).execute();
      expect(await entries(anyDb, 'parts_words_out', 'quadrifoglio')).toEqual([5]);
      expect(await entries(anyDb, 'parts_words', 'quadrifoglio')).toEqual([]);
      await db.updateTable('parts').set({ stato: 'reso' }).where('seq', '=', 5).execute();
      expect(await entries(anyDb, 'parts_words', 'quadrifoglio')).toEqual([5]);
      await db.deleteFrom('parts').where('seq', '=', 5).execute();
      expect(await entries(anyDb, 'parts_words', 'quadrifoglio')).toEqual([]);
    }
    // A transaction that fails leaves no entry and no word.
    await expect(
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto('parts')
          .values(partRow(6, 'disponibile', { nome: 'Wombatto' }))
          .execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await seqs(db, { q: 'ombat' })).toEqual([]);
    if (dialect === 'sqlite') expect(await listed(anyDb, 'ombat')).toEqual([]);
  });

  it('goes back to 022 and up again', async () => {
    const { db: anyDb, migrator, database } = await previousVersion();
    await anyDb.insertInto('parts').values(ROWS).execute();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect((await migrator.migrateTo('022-in-stock-search-index')).error).toBeUndefined();
    const tables = (await anyDb.introspection.getTables()).map((table) => table.name);
    expect(tables).not.toContain('search_words');
    const db = anyDb as unknown as Kysely<Database>;
    await db
      .insertInto('parts')
      .values(partRow(5, 'disponibile', { nome: 'Zorglub' }))
      .execute();
    if (dialect === 'sqlite') {
      // 022's database takes writes from any connection again (nothing calls search_words).
      const plain = new SqliteDriver(path.join(database.dataDir, SQLITE_FILE_NAME));
      try {
        plain.prepare(`update parts set nome_norm = 'zorglub bis' where seq = 5`).run();
      } finally {
        plain.close();
      }
    }
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await seqs(db, { q: 'orglu' })).toEqual([5]);
    expect(await seqs(db, { q: 'faro' })).toEqual([3, 2, 1]);
  });
});

describe('a search of words the list serves and terms it does not, on sqlite', () => {
  const previousVersion = previousVersionDatabase('sqlite', '022-in-stock-search-index');

  it('reads both kinds of index when their term counts bound the reads, the trigrams alone when not', async () => {
    const { db: anyDb, migrator } = await previousVersion();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    await anyDb.insertInto('parts').values(ROWS).execute();
    const db = anyDb as unknown as Kysely<Database>;
    // 'faro' (a listed word) is in parts 1–3, the pair 'c3' in part 1 (its modello), '2004' (digits
    // alone: the trigrams) in every part's year.
    const search = {
      fields: [],
      words: [
        { text: 'faro', code: 'faro' },
        { text: 'c3', code: 'c3' },
      ],
    };
    const faro = new Map([['faro', ['faro']]]);
    expect(await wordFormsOf(db, search, 'any', { mostIntersected: 10 })).toEqual(faro);
    // Both sides read at least 3 + 1 entries.
    expect(await wordFormsOf(db, search, 'any', { mostIntersected: 3 })).toBeUndefined();
    // The parts in stock alone: 'faro' in parts 1 and 2, c3 in part 1.
    expect(await wordFormsOf(db, search, 'in', { mostIntersected: 3 })).toEqual(faro);
    expect(await seqs(db, { q: 'faro c3' })).toEqual([1]);
    expect(await seqs(db, { q: 'faro 2004', stato: ['venduto'] })).toEqual([3]);
    expect(await seqs(db, { nome: 'faro', modello: 'punt' })).toEqual([3, 2]);
  });
});

describe('the word indexes on a connection without the search_words function', () => {
  const previousVersion = previousVersionDatabase('sqlite', '022-in-stock-search-index');

  it('refuses a write to parts, changing nothing, where it would leave a word out of the list', async () => {
    const { db: anyDb, migrator, database } = await previousVersion();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    await anyDb.insertInto('parts').values(ROWS).execute();
    const plain = new SqliteDriver(path.join(database.dataDir, SQLITE_FILE_NAME));
    try {
      expect(() => plain.prepare(`update parts set nome_norm = 'zorglub' where seq = 1`).run()).toThrow(
        /no such function: search_words/,
      );
      expect(plain.prepare(`select nome_norm from parts where seq = 1`).get()).toEqual({
        nome_norm: 'faro disponibile',
      });
    } finally {
      plain.close();
    }
  });
});
