import type { Kysely } from 'kysely';
import type {
  ImportFormat,
  ImportMapping,
  ImportMode,
  ImportStatus,
  ImportSummary,
  ImportTarget,
} from '@magazzino/contract';
import type { Database } from '../../db/schema.js';
import type { ImportRow } from './imports.tables.js';

/** An import as the service works with it: the API's summary and the key of its header set. */
export interface ImportRecord {
  summary: ImportSummary;
  headerKey: string;
}

function toRecord(row: ImportRow): ImportRecord {
  return {
    headerKey: row.header_key,
    summary: {
      _id: row.id,
      nomeFile: row.file_name,
      formato: row.format as ImportFormat,
      colonne: JSON.parse(row.columns) as string[],
      esempi: JSON.parse(row.samples) as string[][],
      righe: Number(row.rows),
      mappatura: JSON.parse(row.mapping) as ImportMapping,
      stato: row.status as ImportStatus,
      modalita: row.mode as ImportMode | null,
      elaborate: Number(row.processed),
      importate: Number(row.imported),
      aggiornate: Number(row.updated),
      scartate: Number(row.refused),
      errore: row.error,
      utente: row.user_id === null ? null : { _id: row.user_id, username: row.user_name ?? '' },
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    },
  };
}

/** What a new import stores. */
export interface NewImport {
  id: string;
  user: { _id: string; username: string } | null;
  fileName: string;
  format: ImportFormat;
  columns: readonly string[];
  /** The first non-empty values of each column, in the columns' order. */
  samples: readonly (readonly string[])[];
  headerKey: string;
  rows: number;
  mapping: ImportMapping;
  bytes: Uint8Array;
  at: string;
}

/** Stores an uploaded file and its import, `caricato` (run it in a transaction). */
export async function insertImport(db: Kysely<Database>, input: NewImport): Promise<ImportRecord> {
  const row = await db
    .insertInto('imports')
    .values({
      id: input.id,
      user_id: input.user?._id ?? null,
      user_name: input.user?.username ?? null,
      file_name: input.fileName,
      format: input.format,
      columns: JSON.stringify(input.columns),
      samples: JSON.stringify(input.samples),
      header_key: input.headerKey,
      rows: input.rows,
      mapping: JSON.stringify(input.mapping),
      mode: null,
      status: 'caricato',
      error: null,
      heartbeat_at: null,
      created_at: input.at,
      updated_at: input.at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .insertInto('import_files')
    .values({ import_id: input.id, size: input.bytes.length, bytes: Buffer.from(input.bytes) })
    .execute();
  return toRecord(row);
}

/** The import with this id, if any. */
export async function findImport(db: Kysely<Database>, id: string): Promise<ImportRecord | undefined> {
  const row = await db.selectFrom('imports').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

/** The uploaded bytes of an import. */
export async function findImportFile(db: Kysely<Database>, id: string): Promise<Uint8Array | undefined> {
  const row = await db
    .selectFrom('import_files')
    .select('bytes')
    .where('import_id', '=', id)
    .executeTakeFirst();
  return row?.bytes;
}

/** The latest imports, newest first. */
export async function listImports(db: Kysely<Database>, limit: number): Promise<ImportSummary[]> {
  const rows = await db
    .selectFrom('imports')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => toRecord(row).summary);
}

/**
 * Moves an import from `caricato` to `in_corso` with its mapping and mode, counters at zero; one
 * statement, so two requests (on two instances) never both start it. False when it was not `caricato`.
 */
export async function startImport(
  db: Kysely<Database>,
  id: string,
  mapping: ImportMapping,
  mode: ImportMode,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('imports')
    .set({ status: 'in_corso', mapping: JSON.stringify(mapping), mode, heartbeat_at: at, updated_at: at })
    .where('id', '=', id)
    .where('status', '=', 'caricato')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Rows of one batch: read, created, updated, refused. */
export interface BatchCounts {
  processed: number;
  imported: number;
  updated: number;
  refused: number;
}

/** Adds a batch's counts to a running import and renews its heartbeat (in the batch's transaction). */
export async function addProgress(
  db: Kysely<Database>,
  id: string,
  counts: BatchCounts,
  at: string,
): Promise<void> {
  await db
    .updateTable('imports')
    .set((eb) => ({
      processed: eb('processed', '+', counts.processed),
      imported: eb('imported', '+', counts.imported),
      updated: eb('updated', '+', counts.updated),
      refused: eb('refused', '+', counts.refused),
      heartbeat_at: at,
      updated_at: at,
    }))
    .where('id', '=', id)
    .execute();
}

/** Ends a running import: `completato`, or `fallito` with the reason. */
export async function finishImport(
  db: Kysely<Database>,
  id: string,
  status: Extract<ImportStatus, 'completato' | 'fallito'>,
  error: string | null,
  at: string,
): Promise<void> {
  await db
    .updateTable('imports')
    .set({ status, error, heartbeat_at: null, updated_at: at })
    .where('id', '=', id)
    .where('status', '=', 'in_corso')
    .execute();
}

/** A refused row: its line, its cells as in the file, why. */
export interface RejectedRow {
  line: number;
  cells: readonly string[];
  error: string;
}

/** Rows per INSERT of refused rows: 4 columns each, well under SQLite's bound-parameter limit. */
const REJECT_BATCH = 500;

/** Records refused rows of an import (in the batch's transaction). */
export async function insertRejects(
  db: Kysely<Database>,
  id: string,
  rows: readonly RejectedRow[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += REJECT_BATCH) {
    await db
      .insertInto('import_rejects')
      .values(
        rows.slice(start, start + REJECT_BATCH).map((row) => ({
          import_id: id,
          line: row.line,
          cells: JSON.stringify(row.cells),
          error: row.error,
        })),
      )
      .execute();
  }
}

/** The refused rows after line `afterLine`, in file order, at most `limit` (keyset pages). */
export async function listRejects(
  db: Kysely<Database>,
  id: string,
  afterLine: number,
  limit: number,
): Promise<RejectedRow[]> {
  const rows = await db
    .selectFrom('import_rejects')
    .select(['line', 'cells', 'error'])
    .where('import_id', '=', id)
    .where('line', '>', afterLine)
    .orderBy('line')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    line: Number(row.line),
    cells: JSON.parse(row.cells) as string[],
    error: row.error,
  }));
}

/** The mapping remembered for a header set (by folded header), if any. */
export async function findRememberedMapping(
  db: Kysely<Database>,
  headerKey: string,
): Promise<Record<string, ImportTarget | null> | undefined> {
  const row = await db
    .selectFrom('import_mappings')
    .select('mapping')
    .where('header_key', '=', headerKey)
    .executeTakeFirst();
  return row ? (JSON.parse(row.mapping) as Record<string, ImportTarget | null>) : undefined;
}

/** Remembers the mapping of a header set (replacing the one remembered before). */
export async function rememberMapping(
  db: Kysely<Database>,
  headerKey: string,
  mapping: Record<string, ImportTarget | null>,
  at: string,
): Promise<void> {
  const json = JSON.stringify(mapping);
  await db
    .insertInto('import_mappings')
    .values({ header_key: headerKey, mapping: json, updated_at: at })
    .onConflict((oc) => oc.column('header_key').doUpdateSet({ mapping: json, updated_at: at }))
    .execute();
}

/** Marks `fallito` the running imports silent since `before` (their instance died); returns how many. */
export async function failStaleImports(
  db: Kysely<Database>,
  before: string,
  error: string,
  at: string,
): Promise<number> {
  const result = await db
    .updateTable('imports')
    .set({ status: 'fallito', error, heartbeat_at: null, updated_at: at })
    .where('status', '=', 'in_corso')
    .where('heartbeat_at', '<', before)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Deletes up to `limit` imports created before `before` (not running), with their files and
 * refused rows, in one transaction the caller owns; returns how many went.
 */
export async function deleteOldImports(db: Kysely<Database>, before: string, limit: number): Promise<number> {
  const ids = (
    await db
      .selectFrom('imports')
      .select('id')
      .where('created_at', '<', before)
      .where('status', '<>', 'in_corso')
      .orderBy('created_at')
      .limit(limit)
      .execute()
  ).map((row) => row.id);
  if (ids.length === 0) return 0;
  await db.deleteFrom('import_rejects').where('import_id', 'in', ids).execute();
  await db.deleteFrom('import_files').where('import_id', 'in', ids).execute();
  await db.deleteFrom('imports').where('id', 'in', ids).execute();
  return ids.length;
}
