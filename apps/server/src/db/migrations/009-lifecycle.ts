import { sql, SqliteAdapter, type Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the code sees it now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A part's life (docs/product.md, "A part's life"):
 * - `parts` gains its status (`stato`, every existing part `disponibile`), its asking price in
 *   cents (`prezzo_centesimi`), the reservation (`riserva_cliente`, `riserva_telefono`,
 *   `riserva_fino`, a day) and the sale (`vendita_prezzo_centesimi`, `vendita_data`). Indexes for
 *   sorting by price and by status, and for finding the reservations past their day.
 * - part_category_counts is counted per category and status, so the categories and the totals of
 *   a status filter are read without counting parts: the table is rebuilt with `stato` in its key,
 *   and its triggers follow a change of category or of status.
 * - part_events: the history of every part (who, when, what changed), written by the app in the
 *   same transaction as the change.
 * - parts_bin: the deleted parts for 30 days, each as the JSON of the part at its deletion.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;

  await db.schema
    .alterTable('parts')
    .addColumn('stato', 'varchar(12)', (c) => c.notNull().defaultTo('disponibile'))
    .execute();
  for (const [column, type] of [
    ['prezzo_centesimi', 'bigint'],
    ['riserva_cliente', 'text'],
    ['riserva_telefono', 'text'],
    ['riserva_fino', 'varchar(10)'],
    ['vendita_prezzo_centesimi', 'bigint'],
    ['vendita_data', 'varchar(10)'],
  ] as const) {
    await db.schema.alterTable('parts').addColumn(column, type).execute();
  }
  // Sorts, ties broken by seq (SQLite ends every index with the rowid, seq). A part without a
  // price sorts first ascending, as every optional field does (migration 006).
  if (sqlite) {
    await db.schema
      .createIndex('parts_prezzo_centesimi_idx')
      .on('parts')
      .column('prezzo_centesimi')
      .execute();
    await db.schema.createIndex('parts_stato_idx').on('parts').column('stato').execute();
  } else {
    await sql`create index parts_prezzo_centesimi_idx on parts (prezzo_centesimi asc nulls first, seq)`.execute(
      db,
    );
    await db.schema.createIndex('parts_stato_idx').on('parts').columns(['stato', 'seq']).execute();
  }
  // The parts in stock, in registration order: what every list shows unless asked otherwise. A
  // deep page skips entries of this partial index without reading rows (it holds the status too,
  // so SQLite reads it as a covering index); the repository writes the default filter as this
  // very condition, with these literals, so both planners see that the index answers it.
  await db.schema
    .createIndex('parts_in_stock_idx')
    .on('parts')
    .columns(['seq', 'stato'])
    .where(sql.ref('stato'), 'not in', [sql.lit('venduto'), sql.lit('scartato')])
    .execute();
  // The reservations past their day, found by the minute's check without reading the parts.
  await db.schema.createIndex('parts_riserva_fino_idx').on('parts').column('riserva_fino').execute();

  await recreateCategoryCounts(db, sqlite);

  await db.schema
    .createTable('part_events')
    .addColumn('seq', sqlite ? 'integer' : 'bigint', (c) =>
      sqlite ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity(),
    )
    .addColumn('part_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('part_nome', 'text', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(36)')
    .addColumn('user_name', 'text')
    .addColumn('changes', 'text', (c) => c.notNull())
    .addColumn('at', 'varchar(24)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('part_events_part_idx')
    .on('part_events')
    .columns(sqlite ? ['part_id'] : ['part_id', 'seq'])
    .execute();
  await db.schema
    .createIndex('part_events_at_idx')
    .on('part_events')
    .columns(sqlite ? ['at'] : ['at', 'seq'])
    .execute();
  await db.schema
    .createIndex('part_events_user_idx')
    .on('part_events')
    .columns(sqlite ? ['user_id', 'at'] : ['user_id', 'at', 'seq'])
    .execute();

  await db.schema
    .createTable('parts_bin')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('part', 'text', (c) => c.notNull())
    .addColumn('url_immagine', 'text')
    .addColumn('deleted_at', 'varchar(24)', (c) => c.notNull())
    .addColumn('deleted_by', 'varchar(36)')
    .addColumn('deleted_by_name', 'text')
    .execute();
  await db.schema
    .createIndex('parts_bin_deleted_idx')
    .on('parts_bin')
    .columns(['deleted_at', 'id'])
    .execute();
  // The media cleanup asks whether a photo is still used by a part in the bin.
  await db.schema.createIndex('parts_bin_url_immagine_idx').on('parts_bin').column('url_immagine').execute();
}

/** The counts table and its triggers, whichever version of them is there. */
async function dropCategoryCounts(db: Kysely<any>, sqlite: boolean): Promise<void> {
  if (sqlite) {
    for (const trigger of ['insert', 'delete', 'update']) {
      await sql`drop trigger if exists ${sql.id(`parts_count_${trigger}`)}`.execute(db);
    }
  } else {
    await sql`drop trigger if exists parts_category_count_write on parts`.execute(db);
    await sql`drop trigger if exists parts_category_count_move on parts`.execute(db);
    await sql`drop function if exists parts_category_count()`.execute(db);
  }
  await db.schema.dropTable('part_category_counts').execute();
}

/** part_category_counts per (categoria, stato), refilled from the parts, with its triggers. */
async function recreateCategoryCounts(db: Kysely<any>, sqlite: boolean): Promise<void> {
  await dropCategoryCounts(db, sqlite);
  await db.schema
    .createTable('part_category_counts')
    .addColumn('categoria', 'text', (c) => c.notNull())
    .addColumn('stato', 'varchar(12)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('part_category_counts_pk', ['categoria', 'stato'])
    .execute();
  await sql`insert into part_category_counts (categoria, stato, count)
    select categoria, stato, count(*) from parts group by categoria, stato`.execute(db);

  if (sqlite) {
    await sql`create trigger parts_count_insert after insert on parts begin
      insert into part_category_counts (categoria, stato, count) values (new.categoria, new.stato, 1)
        on conflict (categoria, stato) do update set count = count + 1;
    end`.execute(db);
    await sql`create trigger parts_count_delete after delete on parts begin
      update part_category_counts set count = count - 1
        where categoria = old.categoria and stato = old.stato;
      delete from part_category_counts
        where categoria = old.categoria and stato = old.stato and count <= 0;
    end`.execute(db);
    await sql`create trigger parts_count_update after update of categoria, stato on parts
      when old.categoria <> new.categoria or old.stato <> new.stato begin
      update part_category_counts set count = count - 1
        where categoria = old.categoria and stato = old.stato;
      delete from part_category_counts
        where categoria = old.categoria and stato = old.stato and count <= 0;
      insert into part_category_counts (categoria, stato, count) values (new.categoria, new.stato, 1)
        on conflict (categoria, stato) do update set count = count + 1;
    end`.execute(db);
    return;
  }
  await sql`create function parts_category_count() returns trigger language plpgsql as $$
    begin
      if tg_op in ('DELETE', 'UPDATE') then
        update part_category_counts set count = count - 1
          where categoria = old.categoria and stato = old.stato;
        delete from part_category_counts
          where categoria = old.categoria and stato = old.stato and count <= 0;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        insert into part_category_counts (categoria, stato, count) values (new.categoria, new.stato, 1)
          on conflict (categoria, stato) do update set count = part_category_counts.count + 1;
      end if;
      return null;
    end
  $$`.execute(db);
  await sql`create trigger parts_category_count_write after insert or delete on parts
    for each row execute function parts_category_count()`.execute(db);
  await sql`create trigger parts_category_count_move after update of categoria, stato on parts
    for each row when (old.categoria is distinct from new.categoria or old.stato is distinct from new.stato)
    execute function parts_category_count()`.execute(db);
}

/**
 * Back to 008, for a rollback of the app: statuses, prices, reservations, sales, the history and
 * the bin are dropped (the parts in the bin with them; take a backup first); the category counts
 * and their triggers are as 004 made them.
 */
export async function down(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema.dropTable('parts_bin').execute();
  await db.schema.dropTable('part_events').execute();
  await dropCategoryCounts(db, sqlite);
  for (const index of [
    'parts_prezzo_centesimi_idx',
    'parts_stato_idx',
    'parts_riserva_fino_idx',
    'parts_in_stock_idx',
  ]) {
    await db.schema.dropIndex(index).execute();
  }
  for (const column of [
    'stato',
    'prezzo_centesimi',
    'riserva_cliente',
    'riserva_telefono',
    'riserva_fino',
    'vendita_prezzo_centesimi',
    'vendita_data',
  ]) {
    await db.schema.alterTable('parts').dropColumn(column).execute();
  }
  await db.schema
    .createTable('part_category_counts')
    .addColumn('categoria', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into part_category_counts (categoria, count)
    select categoria, count(*) from parts group by categoria`.execute(db);
  if (sqlite) {
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
    return;
  }
  await sql`create function parts_category_count() returns trigger language plpgsql as $$
    begin
      if tg_op in ('DELETE', 'UPDATE') then
        update part_category_counts set count = count - 1 where categoria = old.categoria;
        delete from part_category_counts where categoria = old.categoria and count <= 0;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        insert into part_category_counts (categoria, count) values (new.categoria, 1)
          on conflict (categoria) do update set count = part_category_counts.count + 1;
      end if;
      return null;
    end
  $$`.execute(db);
  await sql`create trigger parts_category_count_write after insert or delete on parts
    for each row execute function parts_category_count()`.execute(db);
  await sql`create trigger parts_category_count_move after update of categoria on parts
    for each row when (old.categoria is distinct from new.categoria)
    execute function parts_category_count()`.execute(db);
}
