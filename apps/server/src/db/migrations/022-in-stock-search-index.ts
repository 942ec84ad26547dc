import { sql, SqliteAdapter, type Kysely } from 'kysely';
import { INDEXED_COLUMNS, OUT_OF_STOCK } from './search-columns.js';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the code sees it now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * 022 (SQLite): the search index holds the parts in stock; the parts sold or scrapped have an
 * index of their own, parts_fts_out (with its list of terms, parts_fts_out_terms).
 *
 * Every list shows the parts in stock unless asked otherwise, so a search read parts_fts and
 * checked each hit against the index of the parts in stock (a correlated lookup per hit, up to the
 * 1,001 a count reads): about a third of a search's time in the engine (10^5 parts, 16 words:
 * 1.2 ms with the check, 0.85 ms without), and more as sold parts pile up, since every sold part
 * holding the words was read and dropped. Now a search of the parts in stock reads parts_fts alone
 * and checks nothing; one of sold or scrapped parts reads parts_fts_out; one of every status reads
 * both (db/parts-text-search.ts). The triggers move a part's entry when its status crosses the line
 * (venduto and scartato on one side, every other status on the other), in the transaction of the
 * change, and write it again only when its text changed.
 *
 * Both indexes get `usermerge` 2, for the merge the app runs now and then (db/search-index-merge.ts).
 *
 * PostgreSQL: nothing (its trigram indexes are on the rows, where the status is read anyway).
 */

/** A part's values in the index, as migration 021 writes them (each closed by U+001F). */
function indexedValues(row: 'new' | 'parts') {
  return sql.raw(`${row}.seq, ${row}.nome_norm || char(31),
    ${row}.marca_norm || coalesce(char(31) || ${row}.fitment_marca_norm, '') || char(31),
    ${row}.modello_norm || coalesce(char(31) || ${row}.fitment_modello_norm, '') || char(31),
    ${row}.search_norm || char(31),
    ${row}.codice_key || coalesce(char(31) || ${row}.vehicle_key, '') || char(31)`);
}

const COLUMNS = sql.raw('rowid, f_nome, f_marca, f_modello, f_tutto, f_codice');

const isSqlite = (db: Kysely<any>) => db.getExecutor().adapter instanceof SqliteAdapter;

async function dropTriggers(db: Kysely<any>, names: readonly string[]): Promise<void> {
  for (const name of names) await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  if (!isSqlite(db)) return;
  await sql`create virtual table parts_fts_out using fts5(
    f_nome, f_marca, f_modello, f_tutto, f_codice,
    content = '', contentless_delete = 1, tokenize = 'trigram remove_diacritics 1'
  )`.execute(db);
  await sql`create virtual table parts_fts_out_terms using fts5vocab(parts_fts_out, 'row')`.execute(db);
  // FTS5's 'merge' command (db/search-index-merge.ts) then merges any level of two segments or more.
  for (const index of ['parts_fts', 'parts_fts_out']) {
    await sql`insert into ${sql.table(index)} (${sql.id(index)}, rank) values ('usermerge', 2)`.execute(db);
  }
  await dropTriggers(db, ['parts_fts_insert', 'parts_fts_update', 'parts_fts_delete']);

  const out = sql.raw(OUT_OF_STOCK);
  await sql`insert into parts_fts_out (${COLUMNS})
    select ${indexedValues('parts')} from parts where stato in ${out}`.execute(db);
  await sql`delete from parts_fts where rowid in (select seq from parts where stato in ${out})`.execute(db);

  await sql`create trigger parts_fts_insert after insert on parts when new.stato not in ${out} begin
    insert into parts_fts (${COLUMNS}) values (${indexedValues('new')});
  end`.execute(db);
  await sql`create trigger parts_fts_out_insert after insert on parts when new.stato in ${out} begin
    insert into parts_fts_out (${COLUMNS}) values (${indexedValues('new')});
  end`.execute(db);
  await sql`create trigger parts_fts_delete after delete on parts when old.stato not in ${out} begin
    delete from parts_fts where rowid = old.seq;
  end`.execute(db);
  await sql`create trigger parts_fts_out_delete after delete on parts when old.stato in ${out} begin
    delete from parts_fts_out where rowid = old.seq;
  end`.execute(db);
  // An update writes the entry again when the text changed or the part crossed between in and out
  // of stock: taken out of the index it was in, written into the one it belongs to now. A status
  // move on the same side, or a change of price or place, leaves the index alone.
  const changed = sql.raw(INDEXED_COLUMNS.map((column) => `new.${column} is not old.${column}`).join(' or '));
  await sql`create trigger parts_fts_update
    after update of ${sql.raw(INDEXED_COLUMNS.join(', '))}, stato on parts
    when (${changed}) or ((old.stato in ${out}) <> (new.stato in ${out})) begin
    delete from parts_fts where rowid = old.seq and old.stato not in ${out};
    delete from parts_fts_out where rowid = old.seq and old.stato in ${out};
    insert into parts_fts (${COLUMNS}) select ${indexedValues('new')} where new.stato not in ${out};
    insert into parts_fts_out (${COLUMNS}) select ${indexedValues('new')} where new.stato in ${out};
  end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isSqlite(db)) return;
  await dropTriggers(db, [
    'parts_fts_insert',
    'parts_fts_out_insert',
    'parts_fts_delete',
    'parts_fts_out_delete',
    'parts_fts_update',
  ]);
  await sql`insert into parts_fts (${COLUMNS})
    select ${indexedValues('parts')} from parts where stato in ${sql.raw(OUT_OF_STOCK)}`.execute(db);
  await sql`insert into parts_fts (parts_fts, rank) values ('usermerge', 4)`.execute(db);
  await sql`drop table parts_fts_out_terms`.execute(db);
  await sql`drop table parts_fts_out`.execute(db);
  // Migration 021's triggers.
  await sql`create trigger parts_fts_insert after insert on parts begin
    insert into parts_fts (${COLUMNS}) values (${indexedValues('new')});
  end`.execute(db);
  await sql`create trigger parts_fts_delete after delete on parts begin
    delete from parts_fts where rowid = old.seq;
  end`.execute(db);
  await sql`create trigger parts_fts_update after update of ${sql.raw(INDEXED_COLUMNS.join(', '))} on parts begin
    delete from parts_fts where rowid = old.seq;
    insert into parts_fts (${COLUMNS}) values (${indexedValues('new')});
  end`.execute(db);
}
