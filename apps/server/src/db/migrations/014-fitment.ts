import { sql, SqliteAdapter, type Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the code sees it now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Parts from a vehicle, and fitment (docs/product.md, "Donor vehicles"):
 * - `parts.vehicle_id`: the donor vehicle (013's `vehicles`), NULL when none; a foreign key, so a
 *   vehicle deleted while a part is being linked to it fails the write instead of leaving a
 *   dangling link. Indexed for the vehicle's parts (`?veicolo=`) and the count that refuses to
 *   delete a vehicle with parts: a partial index of the linked parts only, built in a moment on a
 *   million unlinked parts and read by `vehicle_id = ?` (which implies IS NOT NULL).
 * - `part_fitments`: the other vehicles a part fits ('Compatibile anche con'), in order, deleted
 *   with their part.
 * - the search: three folded copies on the part, NULL for a part without fitment or vehicle (so
 *   no existing row is rewritten): `fitment_marca_norm` and `fitment_modello_norm` (the marca and
 *   modello filters match the part's own or any fitment entry's), and `vehicle_key` (the donor
 *   vehicle's targa and telaio as codes, found by `q` like a codice). The fitment's text itself
 *   is part of `search_norm`, which the app computes on every write. SQLite: the FTS5 triggers
 *   feed f_marca, f_modello and f_codice with the part's own column followed by the new one
 *   (`coalesce`: nothing when NULL), so every entry already in parts_fts stays exactly what the
 *   new triggers would write, and the index is not rebuilt. PostgreSQL: partial pg_trgm GIN
 *   indexes on the fitment columns, ORed with the part's own by the search; the code and the
 *   vehicle's keys in one GIN index on `codice_key || coalesce(chr(31) || vehicle_key, '')`,
 *   replacing the index on `codice_key` alone: with a third column ORed into every word of `q`,
 *   PostgreSQL stopped intersecting the words' bitmaps and filtered one word on the rows (two
 *   words: 4.0 ms instead of 1.1 ms at 10^5 parts).
 *
 * Careful in a later SQLite rebuild of `parts` (as 006 did): with foreign keys on, dropping the
 * old table would delete the fitments (ON DELETE CASCADE); turn them off around such a rebuild.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;

  if (sqlite) {
    // SQLite adds a column referencing another table only with a NULL default, which these have.
    await sql`alter table parts add column vehicle_id varchar(36) references vehicles (id)`.execute(db);
    for (const column of NEW_SEARCH_COLUMNS) {
      await sql`alter table parts add column ${sql.id(column)} text`.execute(db);
    }
    // SQLite ends the index with the rowid (seq): a vehicle's parts come in registration order.
    await sql`create index parts_vehicle_id_idx on parts (vehicle_id) where vehicle_id is not null`.execute(
      db,
    );
  } else {
    await sql`alter table parts
      add column vehicle_id varchar(36) references vehicles (id),
      add column fitment_marca_norm text,
      add column fitment_modello_norm text,
      add column vehicle_key text`.execute(db);
    await sql`create index parts_vehicle_id_idx on parts (vehicle_id, seq) where vehicle_id is not null`.execute(
      db,
    );
    for (const column of FITMENT_COLUMNS) {
      await sql`create index ${sql.id(`parts_${column}_trgm_idx`)} on parts
        using gin (${sql.id(column)} gin_trgm_ops) where ${sql.id(column)} is not null`.execute(db);
    }
    await sql`create index parts_codes_trgm_idx on parts
      using gin ((codice_key || coalesce(chr(31) || vehicle_key, '')) gin_trgm_ops)`.execute(db);
    await sql`drop index parts_codice_key_trgm_idx`.execute(db);
  }

  // `seq`, a single increasing key, is what a backup pages the rows by (keyset on one column);
  // the list's own key is (part_id, position).
  await db.schema
    .createTable('part_fitments')
    .addColumn('seq', sqlite ? 'integer' : 'bigint', (c) =>
      sqlite ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity(),
    )
    .addColumn('part_id', 'varchar(36)', (c) => c.notNull().references('parts.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('marca', 'text', (c) => c.notNull())
    .addColumn('modello', 'text')
    .addColumn('versione', 'text')
    .addColumn('anno_da', 'varchar(4)')
    .addColumn('anno_a', 'varchar(4)')
    .addUniqueConstraint('part_fitments_part_position_key', ['part_id', 'position'])
    .execute();

  if (sqlite) await replaceSqliteSearchTriggers(db, true);
}

/** The folded copies the search reads beside the part's own (NULL for a part without fitment or vehicle). */
const NEW_SEARCH_COLUMNS = ['fitment_marca_norm', 'fitment_modello_norm', 'vehicle_key'] as const;
/** The new columns with an index of their own on PostgreSQL (vehicle_key shares the code's). */
const FITMENT_COLUMNS = ['fitment_marca_norm', 'fitment_modello_norm'] as const;

/**
 * The FTS5 triggers of 004 (`withFitment: false`), or the same feeding f_marca, f_modello and
 * f_codice with the new columns after the part's own, joined by U+001F like search_norm's fields
 * (a search term never spans two values).
 */
async function replaceSqliteSearchTriggers(db: Kysely<any>, withFitment: boolean): Promise<void> {
  await sql`drop trigger parts_fts_insert`.execute(db);
  await sql`drop trigger parts_fts_update`.execute(db);
  const values = (row: 'new') =>
    withFitment
      ? sql.raw(`${row}.seq, ${row}.nome_norm,
        ${row}.marca_norm || coalesce(char(31) || ${row}.fitment_marca_norm, ''),
        ${row}.modello_norm || coalesce(char(31) || ${row}.fitment_modello_norm, ''),
        ${row}.search_norm,
        ${row}.codice_key || coalesce(char(31) || ${row}.vehicle_key, '')`)
      : sql.raw(`${row}.seq, ${row}.nome_norm, ${row}.marca_norm, ${row}.modello_norm, ${row}.search_norm,
        ${row}.codice_key`);
  const columns = withFitment
    ? sql.raw(
        'nome_norm, marca_norm, modello_norm, search_norm, codice_key, fitment_marca_norm, fitment_modello_norm, vehicle_key',
      )
    : sql.raw('nome_norm, marca_norm, modello_norm, search_norm, codice_key');
  await sql`create trigger parts_fts_insert after insert on parts begin
    insert into parts_fts (rowid, f_nome, f_marca, f_modello, f_tutto, f_codice) values (${values('new')});
  end`.execute(db);
  await sql`create trigger parts_fts_update after update of ${columns} on parts begin
    delete from parts_fts where rowid = old.seq;
    insert into parts_fts (rowid, f_nome, f_marca, f_modello, f_tutto, f_codice) values (${values('new')});
  end`.execute(db);
}

/**
 * Back to 013: the links, the fitments and their search columns are dropped (take a backup first
 * to keep them). The search text of the parts that had fitment is recomputed by the app only on
 * their next write; their index entries are rewritten here from their own columns.
 */
export async function down(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema.dropTable('part_fitments').execute();
  if (sqlite) {
    await replaceSqliteSearchTriggers(db, false);
    await sql`delete from parts_fts where rowid in (select seq from parts
      where fitment_marca_norm is not null or fitment_modello_norm is not null or vehicle_key is not null)`.execute(
      db,
    );
    await sql`insert into parts_fts (rowid, f_nome, f_marca, f_modello, f_tutto, f_codice)
      select seq, nome_norm, marca_norm, modello_norm, search_norm, codice_key from parts
      where fitment_marca_norm is not null or fitment_modello_norm is not null or vehicle_key is not null`.execute(
      db,
    );
  }
  await sql`drop index parts_vehicle_id_idx`.execute(db);
  if (!sqlite) {
    for (const column of FITMENT_COLUMNS) {
      await sql`drop index ${sql.id(`parts_${column}_trgm_idx`)}`.execute(db);
    }
    await sql`create index parts_codice_key_trgm_idx on parts using gin (codice_key gin_trgm_ops)`.execute(
      db,
    );
    await sql`drop index parts_codes_trgm_idx`.execute(db);
  }
  for (const column of ['vehicle_id', ...NEW_SEARCH_COLUMNS]) {
    await db.schema.alterTable('parts').dropColumn(column).execute();
  }
}
