import { sql, SqliteAdapter, type Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the code sees it now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Several photos per part (issue 13):
 * - `part_images`: a part's photos in order (position 0 is the cover), gone with the part. The URL
 *   is indexed for the media cleanup's "is this image still used?"; `seq` is the single-column key
 *   a backup pages by. Filled here with every part's one photo (`url_immagine`, position 0).
 * - `parts.url_immagine` stays and is kept equal to the cover, so the lists read the thumbnail
 *   from the row as before and the API's `urlImmagine` keeps working.
 * - `parts.image_count`: how many photos the part has when more than one, NULL otherwise (none or
 *   the cover alone, which url_immagine tells). A list then reads part_images only for the parts
 *   that have more to show: a page of parts with one photo each costs no query more than before.
 *   A nullable column without default: no existing row is rewritten.
 * - `parts_bin_images`: the photos of a part in the bin, so the media cleanup keeps them while the
 *   part can still be restored (the part's JSON holds them for the restore; this table answers the
 *   cleanup by an index). Filled with the bin's covers; gone with the bin's row.
 * The part's code (R-004213) needs no column: it is parts.seq, which neither dialect reuses.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const seqColumn = (table: string) =>
    db.schema
      .createTable(table)
      .addColumn('seq', sqlite ? 'integer' : 'bigint', (c) =>
        sqlite ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity(),
      );

  await seqColumn('part_images')
    .addColumn('part_id', 'varchar(36)', (c) => c.notNull().references('parts.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addUniqueConstraint('part_images_part_position_key', ['part_id', 'position'])
    .execute();
  await db.schema.createIndex('part_images_url_idx').on('part_images').column('url').execute();

  await seqColumn('parts_bin_images')
    .addColumn('part_id', 'varchar(36)', (c) => c.notNull().references('parts_bin.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addUniqueConstraint('parts_bin_images_part_position_key', ['part_id', 'position'])
    .execute();
  await db.schema.createIndex('parts_bin_images_url_idx').on('parts_bin_images').column('url').execute();

  await db.schema.alterTable('parts').addColumn('image_count', 'integer').execute();

  // In registration order, so the new rows' seq follows the parts' own.
  await sql`insert into part_images (part_id, position, url)
    select id, 0, url_immagine from parts where url_immagine is not null order by seq`.execute(db);
  await sql`insert into parts_bin_images (part_id, position, url)
    select id, 0, url_immagine from parts_bin where url_immagine is not null order by seq`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('parts').dropColumn('image_count').execute();
  await db.schema.dropTable('parts_bin_images').execute();
  await db.schema.dropTable('part_images').execute();
}
