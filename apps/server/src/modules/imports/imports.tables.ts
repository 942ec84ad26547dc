import type { Generated, Selectable } from 'kysely';

/** One uploaded file and its import job (migration 015). JSON columns are text. */
export interface ImportsTable {
  id: string;
  user_id: string | null;
  user_name: string | null;
  file_name: string;
  format: string;
  /** JSON array of the header cells (made unique). */
  columns: string;
  /** The first non-empty values of each column (at most 3), JSON: the mapping step shows them. */
  samples: string;
  /** SHA-256 of the header set: the key of the remembered mapping. */
  header_key: string;
  rows: number;
  /** JSON ImportMapping. */
  mapping: string;
  mode: string | null;
  status: string;
  processed: Generated<number>;
  imported: Generated<number>;
  updated: Generated<number>;
  refused: Generated<number>;
  error: string | null;
  /** Last sign of life of the instance running it (ISO instant). */
  heartbeat_at: string | null;
  created_at: string;
  updated_at: string;
}

/** The uploaded bytes of an import. */
export interface ImportFilesTable {
  import_id: string;
  size: number;
  bytes: Uint8Array;
}

/** A row an import refused: its line in the file, its cells (JSON array) and why. */
export interface ImportRejectsTable {
  import_id: string;
  line: number;
  cells: string;
  error: string;
}

/** The mapping last used for a set of headers. */
export interface ImportMappingsTable {
  header_key: string;
  mapping: string;
  updated_at: string;
}

export type ImportRow = Selectable<ImportsTable>;

export interface ImportsTables {
  imports: ImportsTable;
  import_files: ImportFilesTable;
  import_rejects: ImportRejectsTable;
  import_mappings: ImportMappingsTable;
}
