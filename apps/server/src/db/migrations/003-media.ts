import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the code sees it now.
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('media')
    .addColumn('hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('display_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('thumbnail_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('source_format', 'varchar(16)', (c) => c.notNull())
    .addColumn('source_bytes', 'bigint', (c) => c.notNull())
    .addColumn('format', 'varchar(16)', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('thumbnail_width', 'integer', (c) => c.notNull())
    .addColumn('thumbnail_height', 'integer', (c) => c.notNull())
    .addColumn('thumbnail_bytes', 'integer', (c) => c.notNull())
    // No foreign key: an image outlives the account that uploaded it.
    .addColumn('uploaded_by', 'varchar(36)')
    .addColumn('created_at', 'varchar(24)', (c) => c.notNull())
    .addColumn('last_uploaded_at', 'varchar(24)', (c) => c.notNull())
    .execute();
  // The cleanup walks uploads past their grace period.
  await db.schema
    .createIndex('media_last_uploaded_idx')
    .on('media')
    .columns(['last_uploaded_at', 'hash'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('media').execute();
}
