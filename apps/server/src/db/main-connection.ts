/**
 * SQLite: what the main connection answers at once, in a few microseconds, where a read sent to a
 * reader thread would cost the main thread 35–90 µs for the trip alone (bench/README.md,
 * 2026-11-30, "SQLite: long ORs written in groups"). Registered by `openDatabase` for its main
 * Kysely and its readers' (`answerOnMainConnection`); PostgreSQL has none, and the callers then
 * read as before.
 *
 * The change mark: what a search learns from the rows (the listed words a term is in:
 * db/parts-text-search.ts, `wordFormsOf`) stays true while the mark stays where it was when it was
 * learnt. It is `PRAGMA data_version` (it moves when another connection commits: another process on
 * the file, the thread merging the search index) with `total_changes()` (the rows this connection
 * changed, its triggers' too), read only while the main connection has no transaction open: an open
 * one's rows would count in the mark before they are committed, and a reader thread looking the
 * words up meanwhile would not see them, so words learnt then could lack a word the commit then adds
 * with the mark standing still. With no transaction open, a mark read again and equal means nothing
 * was committed in between, by any connection.
 *
 * Whether any part has a code, on `parts_codice_key_idx` (one probe): a text search puts the parts
 * whose code is its text first, and for the many searches that are no part's code ('faro punto')
 * that read is not sent. The probe sees a transaction's rows not yet committed too: it only answers
 * "none" when no part had the code as it ran.
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

interface MainConnectionAnswers {
  /** The change mark, or undefined while a transaction is open (nothing learnt now may be kept). */
  changeMark(): string | undefined;
  /** Whether some part has the code key `key`. */
  holdsCode(key: string): boolean;
}

const answering = new WeakMap<Kysely<Database>, MainConnectionAnswers>();

/** Lets the reads of `dbs` (the main Kysely and the readers') ask `main`, the connection that writes. */
export function answerOnMainConnection(dbs: readonly Kysely<Database>[], main: BetterSqlite3.Database): void {
  const changes = main.prepare<[], number>('select total_changes()').pluck();
  // Prepared on its first use: the parts table is made by the migrations, after the opening.
  let code: BetterSqlite3.Statement<[string], number> | undefined;
  const answers: MainConnectionAnswers = {
    changeMark: () =>
      main.inTransaction
        ? undefined
        : `${String(main.pragma('data_version', { simple: true }))}:${String(changes.get())}`,
    holdsCode: (key) => {
      code ??= main.prepare<[string], number>('select 1 from parts where codice_key = ? limit 1').pluck();
      return code.get(key) !== undefined;
    },
  };
  for (const db of dbs) answering.set(db, answers);
}

/** The change mark of the SQLite file `db` reads; undefined on PostgreSQL or inside a transaction. */
export function changeMark(db: Kysely<Database>): string | undefined {
  return answering.get(db)?.changeMark();
}

/** False when no part has the code key `key` (SQLite); true when one does, or may (PostgreSQL). */
export function mayHoldCode(db: Kysely<Database>, key: string): boolean {
  return answering.get(db)?.holdsCode(key) ?? true;
}
