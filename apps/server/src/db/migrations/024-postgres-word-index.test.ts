import { PartInputSchema, type PartStatus } from '@magazzino/contract';
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { partInput } from '../../../test/factories.js';
import { previousVersionDatabase, type AnyDb } from '../../../test/migrations.js';
import { randomTexts } from '../../../test/random-texts.js';
import { newId } from '../../lib/ids.js';
import { foldText } from '../../lib/text-fold.js';
import { toNewRow } from '../../modules/parts/parts.mapper.js';
import {
  listPartsPage,
  REGISTRATION,
  searchSeqs,
  type PartFilter,
} from '../../modules/parts/parts.repository.js';
import { wordFormsOf } from '../parts-text-search.js';
import type { Database } from '../schema.js';
import { searchWords } from '../search-words.js';

/** A part as 023 stores it, in a status. */
function partRow(index: number, stato: PartStatus, fields: Record<string, unknown> = {}) {
  const time = Date.parse('2025-01-01T00:00:00.000Z') + index * 1000;
  // Modello Panda: 'punto' is then part 3's alone.
  const input = PartInputSchema.parse(partInput({ modello: 'Panda', ...fields }));
  return { ...toNewRow(input, newId(time), new Date(time).toISOString()), stato };
}

const ROWS = [
  partRow(1, 'disponibile', { marca: 'Citroën', modello: 'C3', codice: '1K0-615-301-AA' }),
  partRow(2, 'riservato', { descrizione: 'Guarnizione Straße' }),
  partRow(3, 'venduto', { marca: 'Fiat', modello: 'Punto' }),
  partRow(4, 'scartato', { nome: 'Alternatore Xqzv' }),
];

const newestFirst = { field: REGISTRATION, descending: true } as const;

/**
 * The seqs a search finds, newest first, as the list's first page reads them (`searchSeqs`: from
 * the word index when it serves the search), checked against a page read on the rows (LIKE).
 */
async function seqs(db: Kysely<Database>, filter: PartFilter): Promise<number[]> {
  const found = await searchSeqs(db, filter, 20, 1000);
  const onRows = (await listPartsPage(db, filter, newestFirst, 20, 0)).map((part) =>
    Number(part.codiceRicambio.slice(2)),
  );
  expect(found, JSON.stringify(filter)).toEqual({ seqs: onRows, count: onRows.length, exact: true });
  return found.seqs;
}

/**
 * The seqs whose entry holds `tagged` (`n:faro`), on the side of the stock asked (whatever span
 * migration 027 tags it with).
 */
async function entries(db: AnyDb, tagged: string, inStock: boolean): Promise<number[]> {
  const { rows } = await sql<{ seq: string }>`select seq from parts_words
    where in_stock = ${inStock} and ${tagged} in (select split_part(word, '/', 1) from unnest(words) as word)
    order by seq`.execute(db);
  return rows.map((row) => Number(row.seq));
}

/** The listed words holding `term`. */
async function listed(db: AnyDb, term: string): Promise<string[]> {
  const { rows } = await sql<{ word: string }>`select word from search_words
    where word like ${`%${term}%`} order by word`.execute(db);
  return rows.map((row) => row.word);
}

/** Letters and digits, ASCII separators and characters beyond ASCII (U+0000 cannot be in a text). */
const ALPHABET = [...'abcxyz019 .,-/_:;%\'"()\u001f\u007fàèßøЖ中😀'];

describe('migration 024-postgres-word-index on postgres', () => {
  const previousVersion = previousVersionDatabase('postgres', '023-word-search-index');

  it('indexes the stored parts by their words, tagged by field, and lists the words, every search finding what it should', async () => {
    const { db: anyDb, migrator } = await previousVersion();
    await anyDb.insertInto('parts').values(ROWS).execute();
    const db = anyDb as unknown as Kysely<Database>;
    const searches: [PartFilter, number[]][] = [
      [{ q: 'anteriore', stato: ['disponibile', 'riservato', 'reso'] }, [2, 1]],
      [{ q: 'anteriore' }, [3, 2, 1]],
      [{ q: 'citroen' }, [1]],
      [{ q: 'stra' }, [2]],
      [{ q: '1k0615301aa' }, [1]],
      [{ q: '1k06' }, [1]],
      [{ nome: 'ternat' }, [4]],
      [{ marca: 'fiat', modello: 'punt', stato: ['venduto'] }, [3]],
      [{ q: 'anteriore punto' }, [3]],
      [{ q: 'faro c3' }, [1]],
    ];
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    for (const [filter, found] of searches)
      expect(await seqs(db, filter), JSON.stringify(filter)).toEqual(found);

    expect(await entries(anyDb, 'n:anteriore', true)).toEqual([1, 2]);
    expect(await entries(anyDb, 'n:anteriore', false)).toEqual([3]);
    expect(await entries(anyDb, 'n:alternatore', false)).toEqual([4]);
    expect(await entries(anyDb, 'm:citroen', true)).toEqual([1]);
    expect(await entries(anyDb, 't:citroen', true)).toEqual([1]);
    expect(await entries(anyDb, 'c:1k0615301aa', true)).toEqual([1]);
    expect(await entries(anyDb, 'o:punto', false)).toEqual([3]);
    // Three characters, or digits alone: not stored (the trigram indexes serve them).
    expect(await entries(anyDb, 't:2012', true)).toEqual([]);
    expect(await listed(anyDb, 'ter')).toEqual(['alternatore', 'anteriore']);
    expect(await listed(anyDb, 'stra')).toEqual(['straße']);
    // The searches above went through the word index.
    const stra = { fields: [], words: [{ text: 'stra', code: 'stra' }] };
    expect(await wordFormsOf(db, stra)).toEqual(new Map([['stra', ['straße']]]));
    // A search with another condition reads LIKE on the rows: no word is looked up for it.
    expect(await wordFormsOf(db, stra, 'any', { alone: false })).toBeUndefined();
    expect(await seqs(db, { q: 'stra', categoria: 'Illuminazione' })).toEqual([2]);
  });

  it('keeps the entries and the list with every write, and a failed write leaves neither', async () => {
    const { db: anyDb, migrator } = await previousVersion();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    await anyDb.insertInto('parts').values(ROWS).execute();
    const db = anyDb as unknown as Kysely<Database>;
    // A new part's new word is listed at once, and found by any piece of it.
    await db
      .insertInto('parts')
      .values(partRow(5, 'disponibile', { nome: 'Zorglub' }))
      .execute();
    expect(await listed(anyDb, 'orglu')).toEqual(['zorglub']);
    expect(await seqs(db, { q: 'orglu' })).toEqual([5]);
    // A new word holding a term already listed in other words: the term finds it too.
    await db
      .insertInto('parts')
      .values(partRow(6, 'disponibile', { nome: 'Anteriorino' }))
      .execute();
    expect(await seqs(db, { nome: 'anterior', stato: ['disponibile'] })).toEqual([6, 1]);
    // A text changed: the new words are found, the old ones no longer find the part.
    await db
      .updateTable('parts')
      .set({ nome_norm: 'quadrifoglio', search_norm: 'quadrifoglio' })
      .where('seq', '=', 5)
      .execute();
    expect(await seqs(db, { q: 'orglu' })).toEqual([]);
    expect(await seqs(db, { q: 'rifogl' })).toEqual([5]);
    // A fitment's marca is found by the marca filter.
    await db.updateTable('parts').set({ fitment_marca_norm: 'lancia' }).where('seq', '=', 2).execute();
    expect(await seqs(db, { marca: 'lanci' })).toEqual([2]);
    // A sale moves the entry out of stock, a return moves it back, a deletion takes it away.
    await db.updateTable('parts').set({ stato: 'venduto' }).where('seq', '=', 5).execute();
    expect(await entries(anyDb, 'n:quadrifoglio', false)).toEqual([5]);
    expect(await seqs(db, { q: 'rifogl', stato: ['disponibile', 'reso'] })).toEqual([]);
    expect(await seqs(db, { q: 'rifogl', stato: ['venduto'] })).toEqual([5]);
    await db.updateTable('parts').set({ stato: 'reso' }).where('seq', '=', 5).execute();
    expect(await entries(anyDb, 'n:quadrifoglio', true)).toEqual([5]);
    await db.deleteFrom('parts').where('seq', '=', 5).execute();
    expect(await entries(anyDb, 'n:quadrifoglio', true)).toEqual([]);
    expect(await seqs(db, { q: 'rifogl' })).toEqual([]);
    // A transaction that fails leaves no entry and no word.
    await expect(
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto('parts')
          .values(partRow(7, 'disponibile', { nome: 'Wombatto' }))
          .execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await seqs(db, { q: 'ombat' })).toEqual([]);
    expect(await listed(anyDb, 'ombat')).toEqual([]);
    const { rows } = await sql<{ n: string }>`select count(*) as n from parts_words`.execute(anyDb);
    expect(Number(rows[0]?.n)).toBe(5);
  });

  it('cuts a text into the words SQLite’s word index holds (db/search-words.ts), on 400 random folded texts', async () => {
    const { db, migrator } = await previousVersion();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const texts = randomTexts(0x5eed, ALPHABET, 400).map(foldText);
    const { rows } = await sql<{
      words: string[];
    }>`select parts_word_set(text, null, null, null, null) as words
      from unnest(${texts}::text[]) with ordinality as texts (text, position) order by position`.execute(db);
    texts.forEach((text, index) => {
      const words = (rows[index]?.words ?? []).map((tagged) => tagged.slice(2));
      expect(words.sort(), JSON.stringify(text)).toEqual(searchWords([text]).sort());
    });
  });

  it('goes back to 023 and up again', async () => {
    const { db: anyDb, migrator } = await previousVersion();
    await anyDb.insertInto('parts').values(ROWS).execute();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect((await migrator.migrateTo('023-word-search-index')).error).toBeUndefined();
    const tables = (await anyDb.introspection.getTables()).map((table) => table.name);
    expect(tables).not.toContain('parts_words');
    expect(tables).not.toContain('search_words');
    const db = anyDb as unknown as Kysely<Database>;
    await db
      .insertInto('parts')
      .values(partRow(5, 'disponibile', { nome: 'Zorglub' }))
      .execute();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await seqs(db, { q: 'orglu' })).toEqual([5]);
    expect(await seqs(db, { q: 'anteriore' })).toEqual([3, 2, 1]);
  });
});
