import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the code sees it now.
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('parts')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('nome', 'text', (c) => c.notNull())
    .addColumn('descrizione', 'text', (c) => c.notNull())
    .addColumn('categoria', 'text', (c) => c.notNull())
    .addColumn('codice', 'text', (c) => c.notNull())
    .addColumn('condizione', 'text', (c) => c.notNull())
    // Kilograms with 3 decimals are kept exactly as whole grams.
    .addColumn('peso_grammi', 'bigint', (c) => c.notNull())
    .addColumn('scaffale', 'text', (c) => c.notNull())
    .addColumn('campata', 'text', (c) => c.notNull())
    .addColumn('ripiano', 'text', (c) => c.notNull())
    .addColumn('cassetta', 'text', (c) => c.notNull())
    .addColumn('marca', 'text', (c) => c.notNull())
    .addColumn('modello', 'text', (c) => c.notNull())
    .addColumn('versione', 'text', (c) => c.notNull())
    .addColumn('anno_immatricolazione', 'text', (c) => c.notNull())
    .addColumn('url_immagine', 'text')
    // Lower-cased copies made in JavaScript: Unicode-aware in both dialects (SQLite's lower() is ASCII only).
    .addColumn('nome_norm', 'text', (c) => c.notNull())
    .addColumn('marca_norm', 'text', (c) => c.notNull())
    .addColumn('modello_norm', 'text', (c) => c.notNull())
    .addColumn('search_norm', 'text', (c) => c.notNull())
    .addColumn('location_key', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(24)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(24)', (c) => c.notNull())
    .execute();

  // Default order (newest first) and keyset paging.
  await db.schema.createIndex('parts_created_idx').on('parts').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('parts_updated_idx').on('parts').columns(['updated_at', 'id']).execute();
  // Category pages, category counts.
  await db.schema
    .createIndex('parts_categoria_idx')
    .on('parts')
    .columns(['categoria', 'created_at', 'id'])
    .execute();
  // Sorting by category (ties by id), which the category index above does not order.
  await db.schema.createIndex('parts_categoria_sort_idx').on('parts').columns(['categoria', 'id']).execute();
  // Warehouse lookup by exact location.
  await db.schema
    .createIndex('parts_location_idx')
    .on('parts')
    .columns(['location_key', 'created_at', 'id'])
    .execute();
  // Sorting and prefix lookups on the filtered fields.
  for (const column of ['nome_norm', 'marca_norm', 'modello_norm']) {
    await db.schema.createIndex(`parts_${column}_idx`).on('parts').columns([column, 'id']).execute();
  }
  for (const column of [
    'codice',
    'condizione',
    'peso_grammi',
    'versione',
    'anno_immatricolazione',
    'scaffale',
  ]) {
    await db.schema.createIndex(`parts_${column}_idx`).on('parts').columns([column, 'id']).execute();
  }
  // Media cleanup asks whether an image is still referenced.
  await db.schema.createIndex('parts_url_immagine_idx').on('parts').column('url_immagine').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('parts').execute();
}
