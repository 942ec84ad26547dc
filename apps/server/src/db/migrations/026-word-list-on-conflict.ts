import { sql, SqliteAdapter, type Kysely } from 'kysely';
import { PROBED_LISTING, writeFunction } from './024-postgres-word-index.js';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the code sees it now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * 026 (PostgreSQL; nothing on SQLite): the trigger of migration 024 lists a part's new words with
 * ON CONFLICT alone, never planning a read of `search_words`.
 *
 * 024 first looked each word up (`where not exists (…)`), a statement PostgreSQL plans as a join.
 * plpgsql keeps a statement's plan for the connection, and a plan made while the list was small
 * (a new database; a list analysed when smaller) read the whole list for every part written, for
 * as long as the connection lived or until the list was analysed again: seeding 100,000 parts into
 * a new database read `search_words` whole 35,000 times in 70 s (228 million rows) before it was
 * stopped; 20,000 writes of three words each took 40 s instead of 0.2. ON CONFLICT finds a listed
 * word through the primary key in the executor, whatever any plan says, and is faster than the
 * probe anyway (20,000 writes of six words into a list of 300,000: 17 µs each against 42–44 for a
 * probe by the key, 52 for the anti-join with the list's statistics right).
 */

const isSqlite = (db: Kysely<any>) => db.getExecutor().adapter instanceof SqliteAdapter;

/** The trigger's listing of a part's new words from 026 on. */
export const CONFLICT_LISTING = sql`-- The words not listed yet, found listed by the primary key (ON CONFLICT).
      insert into search_words (word)
        select distinct substr(tagged, 3) as word from unnest(part_words) as tagged
        order by 1
        on conflict do nothing;`;

export async function up(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) return;
  await sql`create or replace function ${writeFunction(CONFLICT_LISTING)}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) return;
  await sql`create or replace function ${writeFunction(PROBED_LISTING)}`.execute(db);
}
