/**
 * SQLite: a mark that moves whenever the database file may have changed, read on the main
 * connection without a query sent anywhere. What a search learns from the rows (the listed words a
 * term is in: db/parts-text-search.ts, `wordFormsOf`) stays true while the mark stays where it was
 * when it was learnt.
 *
 * The mark is `PRAGMA data_version` (it moves when another connection commits: another process on
 * the file, the thread merging the search index) with `total_changes()` (the rows this connection
 * changed, its triggers' too), read only while the main connection has no transaction open: an
 * open one's rows would count in the mark before they are committed, and a reader thread looking
 * the words up meanwhile would not see them, so words learnt then could lack a word the commit then
 * adds with the mark standing still. With no transaction open, a mark read again and equal means
 * nothing was committed in between, by any connection.
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

type Mark = () => string | undefined;

const marks = new WeakMap<Kysely<Database>, Mark>();

/** The change mark of the SQLite file behind `main` (the main connection, the one that writes). */
export function changeMarkOf(main: BetterSqlite3.Database): Mark {
  const changes = main.prepare('select total_changes()').pluck();
  return () => {
    if (main.inTransaction) return undefined;
    return `${String(main.pragma('data_version', { simple: true }))}:${String(changes.get())}`;
  };
}

/** Lets the searches of `db` (the main Kysely or the readers') read `mark`. */
export function useChangeMark(db: Kysely<Database>, mark: Mark): void {
  marks.set(db, mark);
}

/**
 * The change mark of the SQLite file `db` reads, or undefined: not SQLite, or a transaction open
 * on the main connection (nothing learnt now may be kept).
 */
export function changeMark(db: Kysely<Database>): string | undefined {
  return marks.get(db)?.();
}
