import type { Generated, Insertable, Selectable } from 'kysely';

/**
 * Row of `vehicles` (migration 013), a donor vehicle. Timestamps are ISO 8601 strings (UTC,
 * milliseconds); `data_ingresso` is a day (YYYY-MM-DD). Optional fields are NULL when left empty.
 */
export interface VehiclesTable {
  id: string;
  /** Upper case, no spaces; unique. */
  targa: string;
  /** The VIN, 17 characters upper case; unique where given. */
  telaio: string | null;
  marca: string;
  modello: string;
  versione: string | null;
  anno_immatricolazione: string;
  km: number | null;
  codice_motore: string | null;
  alimentazione: string | null;
  colore: string | null;
  data_ingresso: string;
  note: string | null;
  /** Folded copies the list's filters and sorts read (lib/text-fold.ts). */
  targa_key: string;
  marca_norm: string;
  modello_norm: string;
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

export type VehicleRow = Selectable<VehiclesTable>;
export type NewVehicleRow = Insertable<VehiclesTable>;

/** The photos of a vehicle, in order (position 0 is the cover); deleted with the vehicle. */
export interface VehicleImagesTable {
  /** The row's own key, numbered by the database: a backup pages by it. */
  seq: Generated<number>;
  vehicle_id: string;
  position: number;
  url: string;
}

export interface VehiclesTables {
  vehicles: VehiclesTable;
  vehicle_images: VehicleImagesTable;
}
