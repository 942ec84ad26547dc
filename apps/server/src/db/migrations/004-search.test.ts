import { describe, expect, it } from 'vitest';
import type { Part } from '@magazzino/contract';
import { signIn } from '../../../test/app.js';
import { DIALECTS } from '../../../test/databases.js';
import { previousVersionDatabase } from '../../../test/migrations.js';
import { partInput } from '../../../test/factories.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';

/** A row of `parts` as the previous version (migrations 001–003) stored it. */
function oldRow(index: number, createdAt: string, fields: Record<string, string> = {}) {
  const nome = fields.nome ?? `Faro ${index}`;
  const marca = fields.marca ?? 'Fiat';
  return {
    id: `0000000${index}-old`,
    nome,
    descrizione: 'Smontato da un veicolo incidentato',
    categoria: fields.categoria ?? 'Illuminazione',
    codice: fields.codice ?? `C${index}`,
    condizione: 'Buona',
    peso_grammi: 1500,
    scaffale: 'A',
    campata: '1',
    ripiano: '2',
    cassetta: String(index),
    marca,
    modello: 'Punto',
    versione: '1.2',
    anno_immatricolazione: '2004',
    url_immagine: null,
    // What 001 derived: lower-cased, accents kept.
    nome_norm: nome.toLowerCase(),
    marca_norm: marca.toLowerCase(),
    modello_norm: 'punto',
    search_norm: nome.toLowerCase(),
    location_key: `a\u001f1\u001f2\u001f${index}`,
    version: 1,
    created_at: createdAt,
    updated_at: createdAt,
  };
}

describe.each(DIALECTS)('migration 004-search on %s', (dialect) => {
  const previousVersion = previousVersionDatabase(dialect, '003-media');

  it('upgrades a database of the previous version: order kept, text refolded, index and counts built', async () => {
    const { db, migrator, database, close } = await previousVersion();
    // Inserted out of creation order: seq must follow creation time, not insertion.
    await db
      .insertInto('parts')
      .values([
        oldRow(3, '2024-03-01T10:00:00.000Z', {
          nome: 'Specchietto ÈLITE',
          marca: 'Citroën',
          codice: '1K0 615 301 AA',
        }),
        oldRow(1, '2024-01-01T10:00:00.000Z'),
        oldRow(2, '2024-02-01T10:00:00.000Z', { categoria: 'Motore' }),
      ])
      .execute();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    await close();

    // The upgraded database, served by the app as it is now.
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.databaseUrl,
      WEB_DIST: `${database.dataDir}/no-web`,
    });
    const app = await buildApp(config, { logger: false });
    try {
      await app.ready();
      const session = await signIn(app);
      const list = async (query: string) =>
        (await session.inject({ method: 'GET', url: `/api/componenti${query}` }))
          .json<Part[]>()
          .map((p) => p._id);
      expect(await list('')).toEqual(['00000003-old', '00000002-old', '00000001-old']);
      // Accents no longer matter, the code is found however it is written, every field is searched.
      expect(await list('?q=elite')).toEqual(['00000003-old']);
      expect(await list('?marca=citroen')).toEqual(['00000003-old']);
      expect(await list('?q=1k0-615-301-aa')).toEqual(['00000003-old']);
      expect(await list('?q=incidentato%20punto&limit=10')).toHaveLength(3);
      const categories = await session.inject({ method: 'GET', url: '/api/componenti/categorie' });
      expect(categories.json()).toEqual([
        { categoria: 'Illuminazione', count: 2 },
        { categoria: 'Motore', count: 1 },
      ]);
      // New parts come after the old ones.
      const created = await session.inject({
        method: 'POST',
        url: '/api/componenti/crea-componente',
        payload: partInput({ nome: 'Nuovo faro' }),
      });
      expect(created.statusCode).toBe(201);
      expect((await list('?limit=1'))[0]).toBe(created.json<Part>()._id);
    } finally {
      await app.close();
    }
  });
});
