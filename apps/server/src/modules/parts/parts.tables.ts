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
  /**
   * The cover: the first of the part's photos, NULL without photos. A part with several also has
   * them all in part_images (position 0: this one); one with a single photo has no row there.
   */
  url_immagine: string | null;
  /**
   * How many photos the part has when more than one, NULL with none or one (migration 017): the
   * lists read part_images only for the parts that have more than the cover to show.
   */
  image_count: number | null;
  /** Asking price in whole cents (migration 009), NULL when none. */
  prezzo_centesimi: number | null;
  /** disponibile (the default), riservato, venduto, reso, scartato (migration 009). */
  stato: Generated<string>;
  /** The reservation while riservato: customer, phone, last day (YYYY-MM-DD). */
  riserva_cliente: string | null;
  riserva_telefono: string | null;
  riserva_fino: string | null;
  /** The sale while venduto: price paid in cents, day (YYYY-MM-DD). */
  vendita_prezzo_centesimi: number | null;
  vendita_data: string | null;
  nome_norm: string;
  marca_norm: string;
  modello_norm: string;
  search_norm: string;
  codice_key: string;
  location_key: string;
  /** The donor vehicle (`vehicles.id`), NULL when none (migration 014). */
  vehicle_id: string | null;
  /**
   * Folded copies the marca and modello filters read beside the part's own, joined by U+001F; NULL
   * without fitment (migration 014).
   */
  fitment_marca_norm: string | null;
  fitment_modello_norm: string | null;
  /** The donor vehicle's targa and telaio as codes (letters and digits), found by `q`; NULL without one. */
  vehicle_key: string | null;
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

export type PartRow = Selectable<PartsTable>;
export type NewPartRow = Insertable<PartsTable>;

/**
 * How many parts each category holds in each status, kept by triggers in the same transaction as
 * every write (per status since migration 009).
 *
 * On PostgreSQL this table and the two below have a `shard` column besides (migration 020): a key
 * may have several rows, one per shard, each possibly below zero, and its count is their sum; the
 * readers add them up (and leave out keys whose sum is 0). No reader names the column.
 */
export interface PartCategoryCountsTable {
  categoria: string;
  stato: string;
  count: number;
}

/** The seqs one row of part_seq_blocks counts: `seq / SEQ_BLOCK_SIZE`, as migration 019's triggers write it. */
export const SEQ_BLOCK_SIZE = 4096;

/**
 * How many parts each block of SEQ_BLOCK_SIZE consecutive seqs holds in each status, kept by
 * triggers in the same transaction as every write (migration 019): a deep page in registration
 * order finds its block from these instead of walking the index.
 */
export interface PartSeqBlocksTable {
  block: number;
  stato: string;
  count: number;
}

/** How many parts each condition holds, kept by triggers like the category counts (migration 006). */
export interface PartConditionCountsTable {
  condizione: string;
  count: number;
}

/**
 * One change of a part (migration 009): who (a snapshot of the name, so the history reads the
 * same after the account is gone), when, what kind, and the fields changed as JSON
 * (`[{ campo, prima, dopo }]`). Written in the same transaction as the change.
 */
export interface PartEventsTable {
  seq: Generated<number>;
  part_id: string;
  part_nome: string;
  kind: string;
  user_id: string | null;
  user_name: string | null;
  changes: string;
  at: string;
}

/**
 * A deleted part in the bin for 30 days (migration 009): the part as the API gave it at its
 * deletion (JSON), its seq (a restore puts it back in its place in the order of registration),
 * its photo (the media cleanup keeps it while the part can come back), who deleted it and when.
 */
export interface PartsBinTable {
  id: string;
  seq: number;
  part: string;
  url_immagine: string | null;
  deleted_at: string;
  deleted_by: string | null;
  deleted_by_name: string | null;
}

/** One vehicle a part also fits, at its place in the part's list (migration 014). */
export interface PartFitmentsTable {
  /** Given by the database: the key a backup pages the rows by. */
  seq: Generated<number>;
  part_id: string;
  position: number;
  marca: string;
  modello: string | null;
  versione: string | null;
  anno_da: string | null;
  anno_a: string | null;
}

/** One photo of a part, at its place in the part's list; position 0 is the cover (migration 017). */
export interface PartImagesTable {
  /** Given by the database: the key a backup pages the rows by. */
  seq: Generated<number>;
  part_id: string;
  position: number;
  url: string;
}

/**
 * One photo of a part in the bin (migration 017), so the media cleanup keeps it while the part can
 * be restored; the part's JSON in parts_bin holds the list the restore brings back.
 */
export interface PartsBinImagesTable {
  seq: Generated<number>;
  part_id: string;
  position: number;
  url: string;
}

export interface PartsTables {
  part_fitments: PartFitmentsTable;
  part_images: PartImagesTable;
  parts_bin_images: PartsBinImagesTable;
  parts: PartsTable;
  part_events: PartEventsTable;
  parts_bin: PartsBinTable;
  part_category_counts: PartCategoryCountsTable;
  part_condition_counts: PartConditionCountsTable;
  part_seq_blocks: PartSeqBlocksTable;
}
