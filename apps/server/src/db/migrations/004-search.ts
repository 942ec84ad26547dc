import { sql, SqliteAdapter, type Kysely } from 'kysely';
import { codeKey, foldText } from '../../lib/text-fold.js';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the code sees it now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Search that stays instant:
 * - `parts` is rebuilt with `seq`, the order of registration (the existing parts numbered by their
 *   creation time), which every list is ordered by and the search index is keyed on;
 * - the folded search columns are recomputed with accents removed, and `codice_key` (the code's
 *   letters and digits) is added;
 * - the substring index: SQLite an FTS5 table with the trigram tokenizer, kept by triggers;
 *   PostgreSQL pg_trgm GIN indexes (the extension is created here: a managed PostgreSQL must
 *   allow pg_trgm, as the big providers do);
 * - part_category_counts: the number of parts per category, kept by triggers in the same
 *   transaction as every write, so categories and totals are read without counting.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;

  await db.schema
    .createTable('parts_next')
    .addColumn('seq', sqlite ? 'integer' : 'bigint', (c) =>
      sqlite ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity(),
    )
    .addColumn('id', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('nome', 'text', (c) => c.notNull())
    .addColumn('descrizione', 'text', (c) => c.notNull())
    .addColumn('categoria', 'text', (c) => c.notNull())
    .addColumn('codice', 'text', (c) => c.notNull())
    .addColumn('condizione', 'text', (c) => c.notNull())
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
    .addColumn('nome_norm', 'text', (c) => c.notNull())
    .addColumn('marca_norm', 'text', (c) => c.notNull())
    .addColumn('modello_norm', 'text', (c) => c.notNull())
    .addColumn('search_norm', 'text', (c) => c.notNull())
    .addColumn('codice_key', 'text', (c) => c.notNull())
    .addColumn('location_key', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(24)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(24)', (c) => c.notNull())
    .execute();

  await copyParts(db);
  await db.schema.dropTable('parts').execute();
  await db.schema.alterTable('parts_next').renameTo('parts').execute();

  // Sorts and keyset paging, ties broken by seq. SQLite ends every index with the rowid (seq).
  const sortColumns = [
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
  ];
  for (const column of sortColumns) {
    await db.schema
      .createIndex(`parts_${column}_idx`)
      .on('parts')
      .columns(sqlite ? [column] : [column, 'seq'])
      .execute();
  }
  // Media cleanup asks whether an image is still referenced.
  await db.schema.createIndex('parts_url_immagine_idx').on('parts').column('url_immagine').execute();
  // A deep page in registration order skips entries of this narrow index instead of whole rows
  // (SQLite's table is ordered by seq already, but reading it reads every row; PostgreSQL's
  // primary key index does this job).
  if (sqlite) await db.schema.createIndex('parts_seq_idx').on('parts').column('seq').execute();

  if (sqlite) await createSqliteSearchIndex(db);
  else await createPostgresSearchIndexes(db);
  await createCategoryCounts(db, sqlite);
}

/** Rows copied per statement: 25 columns each stays under both dialects' parameter limits. */
const COPY_BATCH = 500;
const SEPARATOR = '\u001f';

interface OldPartRow {
  id: string;
  nome: string;
  descrizione: string;
  categoria: string;
  codice: string;
  condizione: string;
  peso_grammi: number;
  scaffale: string;
  campata: string;
  ripiano: string;
  cassetta: string;
  marca: string;
  modello: string;
  versione: string;
  anno_immatricolazione: string;
  url_immagine: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

/**
 * Copies the parts oldest first (so seq follows creation time), recomputing the folded columns.
 * A frozen copy of the rules of this version: later changes to the mapper do not rewrite history.
 */
async function copyParts(db: Kysely<any>): Promise<void> {
  let after: { createdAt: string; id: string } | undefined;
  for (;;) {
    let query = db
      .selectFrom('parts')
      .select([
        'id',
        'nome',
        'descrizione',
        'categoria',
        'codice',
        'condizione',
        'peso_grammi',
        'scaffale',
        'campata',
        'ripiano',
        'cassetta',
        'marca',
        'modello',
        'versione',
        'anno_immatricolazione',
        'url_immagine',
        'version',
        'created_at',
        'updated_at',
      ])
      .orderBy('created_at')
      .orderBy('id')
      .limit(COPY_BATCH);
    if (after) {
      const { createdAt, id } = after;
      // The plain range lets the (created_at, id) index seek to the next batch instead of
      // rereading the rows already copied.
      query = query
        .where('created_at', '>=', createdAt)
        .where((eb) =>
          eb.or([
            eb('created_at', '>', createdAt),
            eb.and([eb('created_at', '=', createdAt), eb('id', '>', id)]),
          ]),
        );
    }
    const rows = (await query.execute()) as OldPartRow[];
    const last = rows.at(-1);
    if (!last) return;
    after = { createdAt: last.created_at, id: last.id };
    await db
      .insertInto('parts_next')
      .values(
        rows.map((row) => ({
          ...row,
          nome_norm: foldText(row.nome),
          marca_norm: foldText(row.marca),
          modello_norm: foldText(row.modello),
          search_norm: [
            row.nome,
            row.descrizione,
            row.categoria,
            row.codice,
            row.condizione,
            row.marca,
            row.modello,
            row.versione,
            row.anno_immatricolazione,
            [row.scaffale, row.campata, row.ripiano, row.cassetta].join(' '),
          ]
            .map(foldText)
            .join(SEPARATOR),
          codice_key: codeKey(row.codice),
          location_key: [row.scaffale, row.campata, row.ripiano, row.cassetta]
            .map((segment) => foldText(segment.trim()))
            .join(SEPARATOR),
        })),
      )
      .execute();
  }
}

/** The FTS5 trigram index over the folded columns, filled from the parts and kept by triggers. */
async function createSqliteSearchIndex(db: Kysely<any>): Promise<void> {
  // contentless_delete: the index stores no copy of the text (the parts table has it), and rows
  // can still be deleted by rowid. The text is folded already; the tokenizer's own folding agrees.
  await sql`create virtual table parts_fts using fts5(
    f_nome, f_marca, f_modello, f_tutto, f_codice,
    content = '', contentless_delete = 1, tokenize = 'trigram remove_diacritics 1'
  )`.execute(db);
  await sql`insert into parts_fts (rowid, f_nome, f_marca, f_modello, f_tutto, f_codice)
    select seq, nome_norm, marca_norm, modello_norm, search_norm, codice_key from parts`.execute(db);
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
}

/** pg_trgm GIN indexes: `LIKE '%text%'` on a folded column reads the index, not every row. */
async function createPostgresSearchIndexes(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  for (const column of ['nome_norm', 'marca_norm', 'modello_norm', 'search_norm', 'codice_key']) {
    await sql`create index ${sql.id(`parts_${column}_trgm_idx`)} on parts using gin (${sql.id(column)} gin_trgm_ops)`.execute(
      db,
    );
  }
}

/** part_category_counts, filled from the parts and kept by triggers on every insert, delete and move. */
async function createCategoryCounts(db: Kysely<any>, sqlite: boolean): Promise<void> {
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

export function down(): Promise<void> {
  return Promise.reject(new Error('004-search cannot be undone: restore a backup taken before the upgrade'));
}
