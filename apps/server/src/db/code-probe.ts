/**
 * SQLite: whether any part has a code, asked of the main connection's index of codes
 * (`parts_codice_key_idx`: one probe, ~5 µs) without a trip to a reader thread. A text search puts
 * the parts whose code is its text first, read beside its count; for the many searches that are no
 * part's code ('faro punto'), the probe spares that read (a trip costs the main thread 35–90 µs:
 * bench/README.md, 2026-11-30, "SQLite: long ORs written in groups"). It sees what the main
 * connection sees, a transaction's rows not yet committed too: it only ever answers "none" when no
 * part had the code as it ran.
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

type Probe = (key: string) => boolean;

const probes = new WeakMap<Kysely<Database>, Probe>();

/** The probe of the SQLite file behind `main` (prepared on its first use: after the migrations). */
export function codeProbeOf(main: BetterSqlite3.Database): Probe {
  let statement: BetterSqlite3.Statement<[string], number> | undefined;
  return (key) => {
    statement ??= main.prepare<[string], number>('select 1 from parts where codice_key = ? limit 1').pluck();
    return statement.get(key) !== undefined;
  };
}

/** Lets the searches of `db` (the main Kysely or the readers') ask `probe`. */
export function useCodeProbe(db: Kysely<Database>, probe: Probe): void {
  probes.set(db, probe);
}

/**
 * False when no part has the code key `key` (SQLite, asked of its main connection); true when one
 * does, or may (PostgreSQL: not asked, the read tells).
 */
export function mayHoldCode(db: Kysely<Database>, key: string): boolean {
  const probe = probes.get(db);
  return probe === undefined || probe(key);
}
