import type { Generated, Insertable, Selectable } from 'kysely';

/** Row of `parts`. Timestamps are ISO 8601 strings (UTC, milliseconds) in both dialects. */
export interface PartsTable {
  /**
   * Order of registration, given by the database: the default order of every list ("newest
   * first"), the tie-break of every sort, and the key of the search index.
   */
  seq: Generated<number>;
  id: string;
  nome: string;
  /** Optional fields are NULL when left empty (migration 006). */
  descrizione: string | null;
  categoria: string;
  codice: string | null;
  condizione: string;
  peso_grammi: number | null;
  scaffale: string;
  campata: string;
  ripiano: string;
  cassetta: string;
  marca: string;
  modello: string;
  versione: string | null;
  anno_immatricolazione: string;
  url_immagine: string | null;
  nome_norm: string;
  marca_norm: string;
  modello_norm: string;
  search_norm: string;
  codice_key: string;
  location_key: string;
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

export type PartRow = Selectable<PartsTable>;
export type NewPartRow = Insertable<PartsTable>;

/** How many parts each category holds, kept by triggers in the same transaction as every write. */
export interface PartCategoryCountsTable {
  categoria: string;
  count: number;
}

/** How many parts each condition holds, kept by triggers like the category counts (migration 006). */
export interface PartConditionCountsTable {
  condizione: string;
  count: number;
}

export interface PartsTables {
  parts: PartsTable;
  part_category_counts: PartCategoryCountsTable;
  part_condition_counts: PartConditionCountsTable;
}
