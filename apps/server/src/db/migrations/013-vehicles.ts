import { sql, SqliteAdapter, type Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the code sees it now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Donor vehicles (docs/product.md, "Veicoli"):
 * - vehicles: one row per vehicle the yard took in. `targa` is stored upper-case without spaces and
 *   is unique; `telaio` (the VIN) is unique where given. The folded copies the list's filters read
 *   (`targa_key`: letters and digits of the plate, folded; `marca_norm`, `modello_norm`: folded,
 *   as the parts' *_norm columns) are computed in JavaScript (lib/text-fold.ts) so both dialects
 *   compare the same strings. `km` whole kilometres, `data_ingresso` a day (YYYY-MM-DD).
 * - vehicle_images: its photos in order (position 0 is the cover), gone with the vehicle; the URL
 *   is indexed for the media cleanup's "is this image still used?". `seq` is a single-column key
 *   a backup pages by (its keyset pages compare one column).
 * Indexes for each sort of the list, every one ending with the id (the tie-break).
 * Nothing existing changes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable('vehicles')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('targa', 'varchar(20)', (c) => c.notNull())
    .addColumn('telaio', 'varchar(17)')
    .addColumn('marca', 'text', (c) => c.notNull())
    .addColumn('modello', 'text', (c) => c.notNull())
    .addColumn('versione', 'text')
    .addColumn('anno_immatricolazione', 'varchar(4)', (c) => c.notNull())
    .addColumn('km', 'integer')
    .addColumn('codice_motore', 'text')
    .addColumn('alimentazione', 'varchar(12)')
    .addColumn('colore', 'text')
    .addColumn('data_ingresso', 'varchar(10)', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('targa_key', 'text', (c) => c.notNull())
    .addColumn('marca_norm', 'text', (c) => c.notNull())
    .addColumn('modello_norm', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(24)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(24)', (c) => c.notNull())
    .execute();
  // One vehicle per plate and per VIN: the database settles two clerks registering it at once.
  // The plate's index also serves the sort by targa.
  await db.schema.createIndex('vehicles_targa_unique').on('vehicles').column('targa').unique().execute();
  await db.schema
    .createIndex('vehicles_telaio_unique')
    .on('vehicles')
    .column('telaio')
    .unique()
    .where(sql.ref('telaio'), 'is not', null)
    .execute();
  for (const column of [
    'marca_norm',
    'modello_norm',
    'anno_immatricolazione',
    'data_ingresso',
    'created_at',
  ]) {
    await db.schema.createIndex(`vehicles_${column}_idx`).on('vehicles').columns([column, 'id']).execute();
  }

  await db.schema
    .createTable('vehicle_images')
    .addColumn('seq', sqlite ? 'integer' : 'bigint', (c) =>
      sqlite ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity(),
    )
    .addColumn('vehicle_id', 'varchar(36)', (c) => c.notNull().references('vehicles.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addUniqueConstraint('vehicle_images_vehicle_position_key', ['vehicle_id', 'position'])
    .execute();
  // The media cleanup asks whether a photo is still used by some vehicle.
  await db.schema.createIndex('vehicle_images_url_idx').on('vehicle_images').column('url').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('vehicle_images').execute();
  await db.schema.dropTable('vehicles').execute();
}
