import { sql, SqliteAdapter, type Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the code sees it now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Optional fields and spellings (docs/product.md, "Parts: fields and rules"):
 * - descrizione, codice, versione and peso_grammi may be NULL (a field left empty). PostgreSQL
 *   drops their NOT NULL; SQLite cannot, so `parts` is rebuilt: every column copied in order, `seq`
 *   and the AUTOINCREMENT counter kept, every index and the triggers of migration 004 (search
 *   index, category counts) made again. The search columns hold '' for an empty field;
 * - an empty value sorts as the smallest one in both dialects: SQLite does so already, and the
 *   PostgreSQL indexes of the three nullable sort columns are rebuilt NULLS FIRST;
 * - PostgreSQL compares location_key byte by byte (COLLATE "C", as SQLite does): a partial
 *   location lookup is a range on it, and a locale collation would skip the U+001F separator;
 * - part_condition_counts: the parts per condition, kept by triggers like part_category_counts,
 *   so the conditions offered by the forms are read without counting the parts.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) {
    await db.transaction().execute(async (trx) => {
      await rebuildSqliteParts(trx, { optionalNullable: true });
      await createConditionCounts(trx, true);
    });
    return;
  }
  await sql`alter table parts
    alter column descrizione drop not null,
    alter column codice drop not null,
    alter column peso_grammi drop not null,
    alter column versione drop not null,
    alter column location_key type text collate "C"`.execute(db);
  for (const column of NULLABLE_SORT_COLUMNS) {
    await sql`drop index ${sql.id(`parts_${column}_idx`)}`.execute(db);
    await sql`create index ${sql.id(`parts_${column}_idx`)} on parts (${sql.id(column)} asc nulls first, seq)`.execute(
      db,
    );
  }
  await createConditionCounts(db, false);
}

/**
 * Back to migration 005, where every field is required: an empty text becomes '' and a missing
 * weight 0 kg (the data 005 can hold; take a backup first to keep the difference).
 */
export async function down(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) {
    await db.transaction().execute(async (trx) => {
      await dropConditionCounts(trx, true);
      await rebuildSqliteParts(trx, { optionalNullable: false });
    });
    return;
  }
  await dropConditionCounts(db, false);
  await sql`update parts set
    descrizione = coalesce(descrizione, ''),
    codice = coalesce(codice, ''),
    peso_grammi = coalesce(peso_grammi, 0),
    versione = coalesce(versione, '')
    where descrizione is null or codice is null or peso_grammi is null or versione is null`.execute(db);
  await sql`alter table parts
    alter column descrizione set not null,
    alter column codice set not null,
    alter column peso_grammi set not null,
    alter column versione set not null,
    alter column location_key type text collate "default"`.execute(db);
  for (const column of NULLABLE_SORT_COLUMNS) {
    await sql`drop index ${sql.id(`parts_${column}_idx`)}`.execute(db);
    await sql`create index ${sql.id(`parts_${column}_idx`)} on parts (${sql.id(column)}, seq)`.execute(db);
  }
}

function isSqlite(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

/** The columns of optional fields (NULL when left empty), with what 005 stored for "nothing". */
const OPTIONAL_COLUMNS: Record<string, string> = {
  descrizione: "''",
  codice: "''",
  peso_grammi: '0',
  versione: "''",
};

/** The sort columns (and indexes) of migration 004 that may now hold NULL. */
const NULLABLE_SORT_COLUMNS = ['codice', 'peso_grammi', 'versione'];

/**
 * The columns of `parts` as migration 004 made them, in order. A frozen copy: later changes to
 * the table do not rewrite this migration.
 */
const SQLITE_COLUMNS: readonly [name: string, definition: string][] = [
  ['seq', 'integer primary key autoincrement'],
  ['id', 'varchar(36) not null unique'],
  ['nome', 'text not null'],
  ['descrizione', 'text not null'],
  ['categoria', 'text not null'],
  ['codice', 'text not null'],
  ['condizione', 'text not null'],
  ['peso_grammi', 'bigint not null'],
  ['scaffale', 'text not null'],
  ['campata', 'text not null'],
  ['ripiano', 'text not null'],
  ['cassetta', 'text not null'],
  ['marca', 'text not null'],
  ['modello', 'text not null'],
  ['versione', 'text not null'],
  ['anno_immatricolazione', 'text not null'],
  ['url_immagine', 'text'],
  ['nome_norm', 'text not null'],
  ['marca_norm', 'text not null'],
  ['modello_norm', 'text not null'],
  ['search_norm', 'text not null'],
  ['codice_key', 'text not null'],
  ['location_key', 'text not null'],
  ['version', 'integer default 1 not null'],
  ['created_at', 'varchar(24) not null'],
  ['updated_at', 'varchar(24) not null'],
];

/** The indexes of `parts` made by migration 004 on SQLite (every one ends with the rowid, seq). */
const SQLITE_INDEXES = [
  'created_at',
  'updated_at',
  'categoria',
  'location_key',
  'nome_norm',
  'marca_norm',
  'modello_norm',
  'codice',
  'codice_key',
  'condizione',
  'peso_grammi',
  'versione',
  'anno_immatricolazione',
  'scaffale',
  'url_immagine',
  'seq',
];

/**
 * SQLite's way to change a column's NOT NULL (https://sqlite.org/lang_altertable.html#otheralter):
 * a new table, the rows copied, the old one dropped (its triggers go with it, without firing), the
 * new one renamed, then its indexes and triggers made again. The search index (parts_fts) and the
 * category counts are separate tables keyed by seq and categoria, which the copy keeps: they stay
 * valid and are not rebuilt. Run inside a transaction.
 */
async function rebuildSqliteParts(db: Kysely<any>, { optionalNullable }: { optionalNullable: boolean }) {
  const definitions = SQLITE_COLUMNS.map(([name, definition]) => {
    const nullable = optionalNullable && name in OPTIONAL_COLUMNS;
    return `"${name}" ${nullable ? definition.replace(' not null', '') : definition}`;
  });
  const names = SQLITE_COLUMNS.map(([name]) => `"${name}"`);
  const values = SQLITE_COLUMNS.map(([name]) =>
    !optionalNullable && name in OPTIONAL_COLUMNS
      ? `coalesce("${name}", ${OPTIONAL_COLUMNS[name]})`
      : `"${name}"`,
  );
  // The AUTOINCREMENT counter: seqs of deleted parts are never given again.
  const counter = await sql<{ seq: number }>`select seq from sqlite_sequence where name = 'parts'`.execute(
    db,
  );
  await sql.raw(`create table "parts_next" (${definitions.join(', ')})`).execute(db);
  await sql
    .raw(
      `insert into "parts_next" (${names.join(', ')}) select ${values.join(', ')} from "parts" order by "seq"`,
    )
    .execute(db);
  await sql`drop table parts`.execute(db);
  await sql`alter table parts_next rename to parts`.execute(db);
  const kept = counter.rows[0]?.seq;
  if (kept !== undefined) {
    await sql`update sqlite_sequence set seq = max(seq, ${kept}) where name = 'parts'`.execute(db);
    await sql`insert into sqlite_sequence (name, seq) select 'parts', ${kept}
      where not exists (select 1 from sqlite_sequence where name = 'parts')`.execute(db);
  }
  for (const column of SQLITE_INDEXES) {
    await sql`create index ${sql.id(`parts_${column}_idx`)} on parts (${sql.id(column)})`.execute(db);
  }
  await createSqliteTriggersOf004(db);
}

/** The triggers of migration 004 on `parts`: the FTS5 search index and the category counts. */
async function createSqliteTriggersOf004(db: Kysely<any>): Promise<void> {
  await sql`create trigger parts_fts_insert after insert on parts begin
    insert into parts_fts (rowid, f_nome, f_marca, f_modello, f_tutto, f_codice)
    values (new.seq, new.nome_norm, new.marca_norm, new.modello_norm, new.search_norm, new.codice_key);
  end`.execute(db);
  await sql`create trigger parts_fts_delete after delete on parts begin
    delete from parts_fts where rowid = old.seq;
  end`.execute(db);
  await sql`create trigger parts_fts_update
    after update of nome_norm, marca_norm, modello_norm, search_norm, codice_key on parts begin
    delete from parts_fts where rowid = old.seq;
    insert into parts_fts (rowid, f_nome, f_marca, f_modello, f_tutto, f_codice)
    values (new.seq, new.nome_norm, new.marca_norm, new.modello_norm, new.search_norm, new.codice_key);
  end`.execute(db);
  await sql`create trigger parts_count_insert after insert on parts begin
    insert into part_category_counts (categoria, count) values (new.categoria, 1)
      on conflict (categoria) do update set count = count + 1;
  end`.execute(db);
  await sql`create trigger parts_count_delete after delete on parts begin
    update part_category_counts set count = count - 1 where categoria = old.categoria;
    delete from part_category_counts where categoria = old.categoria and count <= 0;
  end`.execute(db);
  await sql`create trigger parts_count_update after update of categoria on parts
    when old.categoria <> new.categoria begin
    update part_category_counts set count = count - 1 where categoria = old.categoria;
    delete from part_category_counts where categoria = old.categoria and count <= 0;
    insert into part_category_counts (categoria, count) values (new.categoria, 1)
      on conflict (categoria) do update set count = count + 1;
  end`.execute(db);
}

/** part_condition_counts, filled from the parts and kept by triggers on every insert, delete and change. */
async function createConditionCounts(db: Kysely<any>, sqlite: boolean): Promise<void> {
  await db.schema
    .createTable('part_condition_counts')
    .addColumn('condizione', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into part_condition_counts (condizione, count)
    select condizione, count(*) from parts group by condizione`.execute(db);

  if (sqlite) {
    await sql`create trigger parts_condition_count_insert after insert on parts begin
      insert into part_condition_counts (condizione, count) values (new.condizione, 1)
        on conflict (condizione) do update set count = count + 1;
    end`.execute(db);
    await sql`create trigger parts_condition_count_delete after delete on parts begin
      update part_condition_counts set count = count - 1 where condizione = old.condizione;
      delete from part_condition_counts where condizione = old.condizione and count <= 0;
    end`.execute(db);
    await sql`create trigger parts_condition_count_update after update of condizione on parts
      when old.condizione <> new.condizione begin
      update part_condition_counts set count = count - 1 where condizione = old.condizione;
      delete from part_condition_counts where condizione = old.condizione and count <= 0;
      insert into part_condition_counts (condizione, count) values (new.condizione, 1)
        on conflict (condizione) do update set count = count + 1;
    end`.execute(db);
    return;
  }
  await sql`create function parts_condition_count() returns trigger language plpgsql as $$
    begin
      if tg_op in ('DELETE', 'UPDATE') then
        update part_condition_counts set count = count - 1 where condizione = old.condizione;
        delete from part_condition_counts where condizione = old.condizione and count <= 0;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        insert into part_condition_counts (condizione, count) values (new.condizione, 1)
          on conflict (condizione) do update set count = part_condition_counts.count + 1;
      end if;
      return null;
    end
  $$`.execute(db);
  await sql`create trigger parts_condition_count_write after insert or delete on parts
    for each row execute function parts_condition_count()`.execute(db);
  await sql`create trigger parts_condition_count_move after update of condizione on parts
    for each row when (old.condizione is distinct from new.condizione)
    execute function parts_condition_count()`.execute(db);
}

async function dropConditionCounts(db: Kysely<any>, sqlite: boolean): Promise<void> {
  if (sqlite) {
    for (const trigger of ['insert', 'delete', 'update']) {
      await sql`drop trigger ${sql.id(`parts_condition_count_${trigger}`)}`.execute(db);
    }
  } else {
    await sql`drop trigger parts_condition_count_write on parts`.execute(db);
    await sql`drop trigger parts_condition_count_move on parts`.execute(db);
    await sql`drop function parts_condition_count()`.execute(db);
  }
  await db.schema.dropTable('part_condition_counts').execute();
}
