import { PartInputSchema } from '@magazzino/contract';
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../test/databases.js';
import { partInput } from '../../../test/factories.js';
import { previousVersionDatabase, type AnyDb } from '../../../test/migrations.js';
import { bitmapPlanOf } from '../../../test/postgres-plans.js';
import { newId } from '../../lib/ids.js';
import { toNewRow } from '../../modules/parts/parts.mapper.js';
import {
  countParts,
  listPartsPage,
  REGISTRATION,
  searchSeqs,
  type PartFilter,
} from '../../modules/parts/parts.repository.js';
import { pairsToIndex, type TextSearch } from '../parts-text-search.js';
import type { Database } from '../schema.js';

/** A part as 020 stores it (the mapper's row is that row, its fitment in its search columns). */
function partRow(index: number, fields: Record<string, unknown>) {
  const time = Date.parse('2025-01-01T00:00:00.000Z') + index * 1000;
  const input = PartInputSchema.parse(partInput({ nome: `Ricambio ${index}`, ...fields }));
  return toNewRow(input, newId(time), new Date(time).toISOString());
}

/** The parts of 020 the test searches: pairs at the end of a value, before a character outside ASCII. */
// Each with a code of its own: the factory's numbered ones (51787…) hold whatever digits the parts
// made before in the same process give them, and a search for '6"' or '90' also reads codes.
const ROWS = [
  // The whole modello is a pair: before 021 no trigram held it.
  partRow(1, { nome: 'Faro anteriore', marca: 'Audi', modello: 'A4', codice: 'ZX-101' }),
  // A pair only in a fitment value, the part's own being longer.
  partRow(2, {
    nome: 'Specchietto',
    marca: 'Ford',
    modello: 'Fiesta',
    codice: 'ZX-102',
    compatibilita: [{ marca: 'DS' }],
  }),
  // A pair followed by a character a query cannot name beforehand (°), or by a quote and one (").
  partRow(3, { nome: 'Termostato 90°', marca: 'Fiat', modello: 'Panda', codice: 'ZX-103' }),
  partRow(4, { nome: 'Cerchio 16"€', marca: 'Fiat', modello: 'Punto', codice: 'ZX-104' }),
  partRow(5, { nome: 'Paraurti', marca: 'Citroën', modello: 'C3 Picasso', codice: 'K3-77' }),
];

const all = { field: REGISTRATION, descending: true } as const;

async function names(db: Kysely<Database>, filter: PartFilter): Promise<string[]> {
  return (await listPartsPage(db, filter, all, 10, 0)).map((part) => part.nome);
}

/** The parts whose entry in parts_fts holds `match` (an FTS5 query), by seq. */
async function indexed(db: AnyDb, match: string): Promise<number[]> {
  const { rows } = await sql<{ seq: number }>`select rowid as seq from parts_fts
    where parts_fts match ${match} order by rowid`.execute(db);
  return rows.map((row) => Number(row.seq));
}

describe.each(DIALECTS)('migration 021-two-character-terms on %s', (dialect) => {
  const previousVersion = previousVersionDatabase(dialect, '020-count-shards');

  it('serves two-character terms from the rebuilt index, for the parts already stored and the new ones', async () => {
    const { db: anyDb, migrator } = await previousVersion();
    await anyDb.insertInto('parts').values(ROWS).execute();
    const before = await anyDb.selectFrom('parts').selectAll().orderBy('seq').execute();

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const db = anyDb as unknown as Kysely<Database>;
    // The rows are what they were, but for the text PostgreSQL computes for the pairs (migration 030).
    const after = await anyDb.selectFrom('parts').selectAll().orderBy('seq').execute();
    expect(after.map(({ pair_text: _computed, ...row }) => row)).toEqual(before);

    expect(await names(db, { modello: 'a4' })).toEqual(['Faro anteriore']);
    expect(await names(db, { marca: 'Ds' })).toEqual(['Specchietto']);
    expect(await names(db, { q: '90' })).toEqual(['Termostato 90°']);
    expect(await names(db, { q: '6"' })).toEqual(['Cerchio 16"€']);
    expect(await names(db, { q: 'c3 fa' })).toEqual([]);
    expect(await names(db, { q: 'c3 pa' })).toEqual(['Paraurti']);
    // A word whose code form is a pair ('k3'): found in the code.
    expect(await names(db, { q: 'k-3' })).toEqual(['Paraurti']);
    expect(await countParts(db, { modello: 'a4' }, 10)).toEqual({ count: 1, exact: true });
    expect(await searchSeqs(db, { q: 'fi' }, 10, 1000)).toMatchObject({ count: 3, exact: true });

    if (dialect === 'postgres') {
      // The pair conditions are on the text parts_pairs_trgm_idx indexes (an expression of the
      // part's columns, stored since migration 030): with only bitmap scans allowed, a field's
      // plan reads that index.
      const searches: TextSearch[] = [
        { fields: [{ column: 'modello_norm', text: 'x5' }], words: [] },
        { fields: [{ column: 'marca_norm', text: 'ds' }], words: [] },
        { fields: [], words: [{ text: 'k3', code: 'k3' }] },
        { fields: [], words: [{ text: 'k-3', code: 'k3' }] },
      ];
      for (const search of searches) {
        const indexedPairs = new Set(['x5', 'ds', 'k3']);
        const plan = await bitmapPlanOf(db, { ...search, indexedPairs });
        // A field's own trigram indexes are not offered a pair (they hold no trigram of it and
        // would be read whole: `marca=c3` at 10^5 parts, 674 ms beside the index of pairs). A
        // word's code may be read through the codes' index too (the planner picks either on these
        // few rows), its pair checked on the rows that index gives.
        if (search.fields.length > 0) {
          expect(plan, JSON.stringify(search)).toContain('parts_pairs_trgm_idx');
          expect(plan, JSON.stringify(search)).not.toMatch(/parts_(fitment_)?(marca|modello)_norm_trgm_idx/);
        } else expect(plan, JSON.stringify(search)).toContain('pair_text ~');
        if (search.words[0]?.text === 'k3') expect(plan).toContain('parts_pairs_trgm_idx');
      }
    }
    if (dialect === 'sqlite') {
      // Every value closed by U+001F, the last pair of a value starting a trigram.
      expect(await indexed(anyDb, 'f_modello : "a4\u001f"')).toEqual([1]);
      expect(await indexed(anyDb, 'f_marca : "ds\u001f"')).toEqual([2]);
      // A part written after the migration gets the same entry from the triggers.
      await db
        .insertInto('parts')
        .values(partRow(6, { nome: 'Fanale', marca: 'BMW', modello: 'X5' }))
        .execute();
      expect(await indexed(anyDb, 'f_modello : "x5\u001f"')).toEqual([6]);
      expect(await names(db, { modello: 'x5' })).toEqual(['Fanale']);
      await db.updateTable('parts').set({ modello_norm: 'x6' }).where('seq', '=', 6).execute();
      expect(await indexed(anyDb, 'f_modello : "x5\u001f"')).toEqual([]);
      expect(await indexed(anyDb, 'f_modello : "x6\u001f"')).toEqual([6]);
    }
  });

  it('reads a rare pair through the index, a common one on the rows (PostgreSQL)', async () => {
    const { db: anyDb, migrator } = await previousVersion();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const db = anyDb as unknown as Kysely<Database>;
    // 300 parts: every one a Fiat ('fi'), 30 of them a Panda ('pa' in 'panda' and 'paraurti' only
    // there), one an X5.
    const rows = Array.from({ length: 300 }, (_, index) =>
      partRow(index + 10, {
        nome: index < 30 ? 'Paraurti' : 'Faro',
        marca: 'Fiat',
        modello: index === 7 ? 'X5' : index < 30 ? 'Panda' : 'Punto',
        descrizione: null,
        categoria: 'Carrozzeria',
        condizione: 'Buona',
      }),
    );
    await db.insertInto('parts').values(rows).execute();
    const search = (text: string): TextSearch => ({ fields: [], words: [{ text, code: text }] });
    const served = async (text: string, read: 'ordered' | 'unordered') =>
      [...(await pairsToIndex(db, search(text), read))].join(',');
    if (dialect === 'postgres') {
      // A page reads the index for a pair none of the newest parts holds; a count for one held by
      // up to 200 of 2,000 too (13 before migration 030 stored the text: 'pa' was read on the rows).
      expect([await served('q7', 'ordered'), await served('q7', 'unordered')]).toEqual(['q7', 'q7']);
      expect([await served('x5', 'ordered'), await served('x5', 'unordered')]).toEqual(['', 'x5']);
      expect([await served('pa', 'ordered'), await served('pa', 'unordered')]).toEqual(['', 'pa']);
      expect([await served('fi', 'ordered'), await served('fi', 'unordered')]).toEqual(['', '']);
      // A pair with 'j' too (migration 025 writes it apart from the separators).
      expect(await served('j2', 'unordered')).toBe('j2');
    } else {
      // SQLite's index serves every pair: nothing to choose.
      expect(await served('x5', 'ordered')).toBe('');
    }
    // Whichever way, the answers are the rows'.
    expect(await countParts(db, { q: 'x5' }, 1000)).toEqual({ count: 1, exact: true });
    expect(await countParts(db, { q: 'pa' }, 1000)).toEqual({ count: 30, exact: true });
    expect(await countParts(db, { q: 'pa' }, 5)).toEqual({ count: 5, exact: false });
    expect(await searchSeqs(db, { q: 'pa' }, 3, 5)).toMatchObject({ count: 5, exact: false });
    expect((await searchSeqs(db, { q: 'pa' }, 3, 5)).seqs).toEqual([30, 29, 28]);
    expect((await listPartsPage(db, { q: 'fi' }, all, 2, 0)).map((part) => part.codiceRicambio)).toEqual([
      'R-000300',
      'R-000299',
    ]);
  });

  it('goes back to 020: the entries as 020 wrote them, the terms table gone', async () => {
    const { db: anyDb, migrator } = await previousVersion();
    await anyDb.insertInto('parts').values(ROWS).execute();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect((await migrator.migrateTo('020-count-shards')).error).toBeUndefined();
    const tables = (await anyDb.introspection.getTables()).map((table) => table.name);
    expect(tables).not.toContain('parts_fts_terms');
    if (dialect === 'postgres') {
      const { rows } = await sql<{
        name: string;
      }>`select indexname as name from pg_indexes where indexname = 'parts_pairs_trgm_idx'
        union all select proname from pg_proc where proname = 'parts_pair_text'`.execute(anyDb);
      expect(rows).toEqual([]);
    }
    if (dialect === 'sqlite') {
      expect(await indexed(anyDb, 'f_modello : "a4\u001f"')).toEqual([]);
      expect(await indexed(anyDb, 'f_nome : "faro"')).toEqual([1]);
      await anyDb
        .insertInto('parts')
        .values(partRow(7, { nome: 'Fanale', marca: 'BMW', modello: 'X5' }))
        .execute();
      expect(await indexed(anyDb, 'f_modello : "x5"')).toEqual([]);
      expect(await indexed(anyDb, 'f_nome : "fanale"')).toEqual([6]);
    }
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
  });
});
