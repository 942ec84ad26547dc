import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { CategoryCount, ConditionCount, Part } from '@magazzino/contract';
import { signIn } from '../../../test/app.js';
import { DIALECTS } from '../../../test/databases.js';
import { previousVersionDatabase, type AnyDb } from '../../../test/migrations.js';
import { partInput } from '../../../test/factories.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { codeKey, foldText } from '../../lib/text-fold.js';

/** A row of `parts` as migrations 004 and 005 store it: every field filled, the search columns derived. */
function partRow(index: number, fields: Record<string, string> = {}) {
  const at = new Date(Date.UTC(2024, 0, 1, 10, index)).toISOString();
  const f = {
    nome: `Faro ${index}`,
    descrizione: 'Smontato da un veicolo incidentato',
    categoria: 'Illuminazione',
    codice: `C${index}`,
    condizione: 'Buona',
    scaffale: 'A',
    campata: '1',
    ripiano: '2',
    cassetta: String(index),
    marca: 'Fiat',
    modello: 'Punto',
    versione: '1.2',
    anno_immatricolazione: '2004',
    ...fields,
  };
  const location = [f.scaffale, f.campata, f.ripiano, f.cassetta];
  return {
    id: `0000000${index}-old`,
    ...f,
    peso_grammi: 1500,
    url_immagine: null,
    nome_norm: foldText(f.nome),
    marca_norm: foldText(f.marca),
    modello_norm: foldText(f.modello),
    search_norm: [
      f.nome,
      f.descrizione,
      f.categoria,
      f.codice,
      f.condizione,
      f.marca,
      f.modello,
      f.versione,
      f.anno_immatricolazione,
      location.join(' '),
    ]
      .map(foldText)
      .join('\u001f'),
    codice_key: codeKey(f.codice),
    location_key: location.map((segment) => foldText(segment)).join('\u001f'),
    version: 1,
    created_at: at,
    updated_at: at,
  };
}

/** The indexes and triggers on `parts`, and whether each column may be NULL. */
async function schemaOf(db: AnyDb, dialect: string) {
  if (dialect === 'sqlite') {
    const objects = await sql<{ type: string; name: string }>`select type, name from sqlite_master
      where tbl_name = 'parts' and type in ('index', 'trigger') order by type, name`.execute(db);
    const columns = await sql<{
      name: string;
      notnull: number;
      pk: number;
    }>`pragma table_info(parts)`.execute(db);
    return {
      indexes: objects.rows.filter((o) => o.type === 'index').map((o) => o.name),
      triggers: objects.rows.filter((o) => o.type === 'trigger').map((o) => o.name),
      columns: columns.rows.map((c) => c.name),
      // The INTEGER PRIMARY KEY (seq) is the rowid: never NULL, though not declared so.
      nullable: columns.rows.filter((c) => c.notnull === 0 && c.pk === 0).map((c) => c.name),
    };
  }
  const indexes = await sql<{ indexname: string }>`select indexname from pg_indexes
    where tablename = 'parts' order by indexname`.execute(db);
  const triggers = await sql<{ tgname: string }>`select tgname from pg_trigger
    where tgrelid = 'parts'::regclass and not tgisinternal order by tgname`.execute(db);
  const columns = await sql<{ column_name: string; is_nullable: string }>`select column_name, is_nullable
    from information_schema.columns where table_name = 'parts' order by ordinal_position`.execute(db);
  return {
    indexes: indexes.rows.map((i) => i.indexname),
    triggers: triggers.rows.map((t) => t.tgname),
    columns: columns.rows.map((c) => c.column_name),
    nullable: columns.rows.filter((c) => c.is_nullable === 'YES').map((c) => c.column_name),
  };
}

describe.each(DIALECTS)('migration 006-optional-fields on %s', (dialect) => {
  const previousVersion = previousVersionDatabase(dialect, '005-roles');
  const latestVersion = previousVersionDatabase(dialect, '006-optional-fields');

  it('upgrades a database of 005 with parts: rows, seq, indexes and triggers kept, optional columns nullable', async () => {
    const { db, migrator, database, close } = await previousVersion();
    await db
      .insertInto('parts')
      .values([
        partRow(1),
        partRow(2, { categoria: 'Motore', condizione: 'Da revisionare' }),
        partRow(3, { nome: 'Specchietto ÈLITE', scaffale: 'B', condizione: 'buona' }),
        partRow(4),
      ])
      .execute();
    // The last part registered goes away: its seq must never be given again.
    await db.deleteFrom('parts').where('id', '=', '00000004-old').execute();
    const before = await schemaOf(db, dialect);
    const seqs = await db.selectFrom('parts').select(['id', 'seq']).orderBy('seq').execute();
    expect(before.nullable).toEqual(['url_immagine']);

    expect((await migrator.migrateTo('006-optional-fields')).error).toBeUndefined();
    const after = await schemaOf(db, dialect);
    expect(after.columns).toEqual(before.columns);
    expect(after.indexes).toEqual(before.indexes);
    expect(after.triggers).toEqual(
      [
        ...before.triggers,
        ...(dialect === 'sqlite'
          ? ['parts_condition_count_delete', 'parts_condition_count_insert', 'parts_condition_count_update']
          : ['parts_condition_count_move', 'parts_condition_count_write']),
      ].sort(),
    );
    expect(after.nullable.sort()).toEqual([
      'codice',
      'descrizione',
      'peso_grammi',
      'url_immagine',
      'versione',
    ]);
    expect(await db.selectFrom('parts').select(['id', 'seq']).orderBy('seq').execute()).toEqual(seqs);
    if (dialect === 'postgres') {
      const collation = await sql<{ collation_name: string }>`select collation_name
        from information_schema.columns where table_name = 'parts' and column_name = 'location_key'`.execute(
        db,
      );
      expect(collation.rows[0]?.collation_name).toBe('C');
    }
    await close();

    // The upgraded database, served by the app as it is now.
    const app = await buildApp(
      loadConfig({
        LOG_LEVEL: 'silent',
        DATA_DIR: database.dataDir,
        DATABASE_URL: database.databaseUrl,
        WEB_DIST: `${database.dataDir}/no-web`,
      }),
      { logger: false },
    );
    try {
      await app.ready();
      const session = await signIn(app);
      const get = async <T>(url: string) => (await session.inject({ method: 'GET', url })).json<T>();
      const ids = async (query: string) => (await get<Part[]>(`/api/componenti${query}`)).map((p) => p._id);
      expect(await ids('')).toEqual(['00000003-old', '00000002-old', '00000001-old']);
      expect(await ids('?q=elite')).toEqual(['00000003-old']);
      expect(await get('/api/componenti/condizioni')).toEqual([
        { condizione: 'Buona', count: 1 },
        { condizione: 'buona', count: 1 },
        { condizione: 'Da revisionare', count: 1 },
      ] satisfies ConditionCount[]);

      // The triggers work on the new table: a new part (without the optional fields) is indexed
      // and counted, after every old one, and never takes the seq of the part deleted before.
      const created = await session.inject({
        method: 'POST',
        url: '/api/componenti/crea-componente',
        payload: partInput({ nome: 'Fanale nuovo', categoria: 'Motore', codice: null, peso: null }),
      });
      expect(created.statusCode).toBe(201);
      const part = created.json<Part>();
      expect(part).toMatchObject({ codice: null, peso: null, categoria: 'Motore' });
      expect((await ids('?limit=1'))[0]).toBe(part._id);
      expect(await ids('?q=fanale')).toEqual([part._id]);
      const newSeq = await app.db
        .selectFrom('parts')
        .select('seq')
        .where('id', '=', part._id)
        .executeTakeFirst();
      expect(Number(newSeq?.seq)).toBeGreaterThan(Number(seqs.at(-1)?.seq) + 1);
      expect(await get('/api/componenti/categorie')).toEqual([
        { categoria: 'Illuminazione', count: 2 },
        { categoria: 'Motore', count: 2 },
      ] satisfies CategoryCount[]);

      // Updates and deletions keep the search index and the counts.
      const patched = await session.inject({
        method: 'PATCH',
        url: '/api/componenti/modifica/00000001-old',
        payload: { nome: 'Paraurti', condizione: 'Da revisionare', descrizione: '' },
      });
      expect(patched.json<Part>()).toMatchObject({ nome: 'Paraurti', descrizione: null });
      expect(await ids('?q=paraurti')).toEqual(['00000001-old']);
      expect(await ids('?nome=faro%201')).toEqual([]);
      await session.inject({ method: 'DELETE', url: '/api/componenti/delete/00000002-old' });
      expect(await get('/api/componenti/categorie')).toEqual([
        { categoria: 'Illuminazione', count: 2 },
        { categoria: 'Motore', count: 1 },
      ]);
      expect(await get('/api/componenti/condizioni')).toEqual([
        { condizione: 'Buona', count: 1 },
        { condizione: 'buona', count: 1 },
        { condizione: 'Da revisionare', count: 1 },
      ]);
      // A partial location lookup reads the range on location_key.
      expect((await get<Part[]>('/api/componenti/magazzino/a')).map((p) => p._id).sort()).toEqual(
        ['00000001-old', part._id].sort(),
      );
    } finally {
      await app.close();
    }
  });

  it('goes back down to 005: empty optional fields become empty text, then up again', async () => {
    const { db, migrator } = await latestVersion();
    await db
      .insertInto('parts')
      .values([
        { ...partRow(1), codice: null, descrizione: null, peso_grammi: null, versione: null },
        partRow(2),
      ])
      .execute();
    const latest = await schemaOf(db, dialect);

    expect((await migrator.migrateTo('005-roles')).error).toBeUndefined();
    const down = await schemaOf(db, dialect);
    expect(down.nullable).toEqual(['url_immagine']);
    expect(down.indexes).toEqual(latest.indexes);
    expect(
      await db
        .selectFrom('parts')
        .select(['id', 'codice', 'descrizione', 'peso_grammi', 'versione'])
        .orderBy('seq')
        .execute(),
    ).toEqual([
      { id: '00000001-old', codice: '', descrizione: '', peso_grammi: 0, versione: '' },
      {
        id: '00000002-old',
        codice: 'C2',
        descrizione: 'Smontato da un veicolo incidentato',
        peso_grammi: 1500,
        versione: '1.2',
      },
    ]);

    expect((await migrator.migrateTo('006-optional-fields')).error).toBeUndefined();
    expect(await schemaOf(db, dialect)).toEqual(latest);
    expect(await db.selectFrom('part_condition_counts').selectAll().execute()).toEqual([
      { condizione: 'Buona', count: 2 },
    ]);
  });
});
