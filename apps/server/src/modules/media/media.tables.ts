import type { Selectable } from 'kysely';

/**
 * Row of `media`: one upload, stored as a display image and a thumbnail. The key is the SHA-256
 * of the uploaded bytes, so the same photo uploaded twice is one row. Timestamps are ISO 8601.
 */
export interface MediaTable {
  hash: string;
  display_key: string;
  thumbnail_key: string;
  /** Format of the uploaded file (jpeg, png, webp, gif, avif). */
  source_format: string;
  source_bytes: number;
  /** Format of the stored versions. */
  format: string;
  width: number;
  height: number;
  bytes: number;
  thumbnail_width: number;
  thumbnail_height: number;
  thumbnail_bytes: number;
  uploaded_by: string | null;
  created_at: string;
  /** Last time the image was uploaded (first or again): the cleanup's grace period starts here. */
  last_uploaded_at: string;
}

export type MediaRow = Selectable<MediaTable>;

export interface MediaTables {
  media: MediaTable;
}
