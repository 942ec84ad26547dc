import { SqliteAdapter, type Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the code sees it now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Importing parts from a spreadsheet (docs/product.md, "Importa"):
 * - imports: one uploaded file and its job: who, the file's name and format, its header cells
 *   and data rows, the mapping chosen, the status and the counters of the rows written so far,
 *   and the heartbeat of the instance running it (a job silent for 2 minutes is marked failed).
 * - import_files: the uploaded bytes, kept in the database so any instance can run and answer
 *   the import; deleted with the import after 7 days.
 * - import_rejects: the rows an import refused (line, the original cells as JSON, the reason),
 *   for the refused-rows CSV.
 * - import_mappings: the mapping last used for a set of headers, offered again for a file with
 *   the same headers.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;

  await db.schema
    .createTable('imports')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)')
    .addColumn('user_name', 'text')
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('format', 'varchar(8)', (c) => c.notNull())
    .addColumn('columns', 'text', (c) => c.notNull())
    .addColumn('samples', 'text', (c) => c.notNull())
    .addColumn('header_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('rows', 'integer', (c) => c.notNull())
    .addColumn('mapping', 'text', (c) => c.notNull())
    .addColumn('mode', 'varchar(12)')
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('processed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('imported', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('refused', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('heartbeat_at', 'varchar(24)')
    .addColumn('created_at', 'varchar(24)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(24)', (c) => c.notNull())
    .execute();
  // The history (newest first) and the purge of imports past 7 days.
  await db.schema.createIndex('imports_created_at_idx').on('imports').columns(['created_at', 'id']).execute();
  // The stale-job rule looks at the running ones only.
  await db.schema
    .createIndex('imports_status_idx')
    .on('imports')
    .columns(['status', 'heartbeat_at'])
    .execute();

  await db.schema
    .createTable('import_files')
    .addColumn('import_id', 'varchar(36)', (c) => c.primaryKey().references('imports.id').onDelete('cascade'))
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('bytes', sqlite ? 'blob' : 'bytea', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('import_rejects')
    .addColumn('import_id', 'varchar(36)', (c) => c.notNull().references('imports.id').onDelete('cascade'))
    .addColumn('line', 'integer', (c) => c.notNull())
    .addColumn('cells', 'text', (c) => c.notNull())
    .addColumn('error', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_rejects_pk', ['import_id', 'line'])
    .execute();

  await db.schema
    .createTable('import_mappings')
    .addColumn('header_key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('mapping', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(24)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('import_mappings').execute();
  await db.schema.dropTable('import_rejects').execute();
  await db.schema.dropTable('import_files').execute();
  await db.schema.dropTable('imports').execute();
}
