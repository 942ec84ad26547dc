import { sql, SqliteAdapter, type Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the code sees it now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * 028 (SQLite; nothing on PostgreSQL): the search indexes merge a level of segments once it holds
 * eight of them, instead of FTS5's default four (`automerge`).
 *
 * Every commit writes a new segment into each FTS5 index it touches. After every 64 pages written,
 * FTS5 spends a step merging the level holding the most segments, if it holds at least
 * `automerge`, and each level's merge lands on the next one; so each entry is written again once
 * for every level it climbs, and a burst of creates soon reaches the levels holding the whole
 * warehouse's entries (the segments the server's upkeep left) and rewrites them a step at a time
 * inside the writes' commits. Eight a level writes each entry about two thirds as often and
 * reaches those levels later; the upkeep (db/search-index-merge.ts, every five minutes, on a
 * thread of its own, the writes waiting one short step at most) still merges every level of two
 * segments or more. A clerk's part at a time writes segments too small to take a step: those
 * gather up to FTS5's `crisismerge` of 16 before they are merged, whatever the setting.
 * Measured at 10^5 parts, 10 clients creating (bench/README.md, 2026-11-29): 10 s, 1,348–1,496
 * creates/s (p99 22–25 ms) → 1,588–1,709 (p99 13–14); 30 s, 1,634 → 1,782 (p99 22 → 11), the
 * searches run right after it 2,026 → 1,892 req/s (31 segments left instead of 9, until the next
 * upkeep). At 10^6 parts the creates stayed at 1,575–1,661/s (p99 18–19 → 14–16).
 */

const isSqlite = (db: Kysely<any>) => db.getExecutor().adapter instanceof SqliteAdapter;

/** The FTS5 indexes of migrations 004, 022 and 023. */
export const FTS_INDEXES = [
  'parts_fts',
  'parts_fts_out',
  'parts_words',
  'parts_words_out',
  'search_words_fts',
] as const;

/** Sets FTS5's `automerge` of every search index (kept in each index's own config table). */
async function setAutomerge(db: Kysely<any>, segments: number): Promise<void> {
  for (const index of FTS_INDEXES) {
    // FTS5 takes the value as written: a bound parameter is refused ("SQL logic error").
    await sql`insert into ${sql.table(index)} (${sql.id(index)}, rank)
      values ('automerge', ${sql.lit(segments)})`.execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) await setAutomerge(db, 8);
}

export async function down(db: Kysely<any>): Promise<void> {
  // FTS5's default.
  if (isSqlite(db)) await setAutomerge(db, 4);
}
