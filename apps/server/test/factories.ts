import type { Kysely } from 'kysely';
import {
  EXAMPLE_PART_INPUT,
  EXAMPLE_VEHICLE_INPUT,
  PartInputSchema,
  type PartInputDraft,
  type VehicleInputDraft,
} from '@magazzino/contract';
import type { Database } from '../src/db/schema.js';
import { newId } from '../src/lib/ids.js';
import type { toPart } from '../src/modules/parts/parts.mapper.js';
import { insertParts } from '../src/modules/parts/parts.repository.js';

/** A stored part's columns, as toPart reads them. */
export type PartRow = Parameters<typeof toPart>[0];

let sequence = 0;

/**
 * A valid body for POST /api/componenti/crea-componente; `overrides` replace (or, with
 * `undefined`, remove) fields. Each call gets its own codice so parts are told apart.
 */
export function partInput(overrides: Record<string, unknown> = {}): PartInputDraft {
  sequence += 1;
  const base: PartInputDraft = {
    ...EXAMPLE_PART_INPUT,
    codice: `51787${String(sequence).padStart(3, '0')}`,
  };
  const merged: Record<string, unknown> = { ...base, ...overrides };
  for (const [key, value] of Object.entries(overrides)) if (value === undefined) delete merged[key];
  return merged as PartInputDraft;
}

/** What seedParts stored: the id and creation time given to each part, in insertion order. */
export interface SeededPart {
  id: string;
  createdAt: string;
  input: ReturnType<typeof PartInputSchema.parse>;
}

/**
 * Stores `count` parts straight through the repository (fast bulk fixtures). Part i is created
 * i seconds after a fixed instant, so "newest first" is the reverse of insertion order.
 */
export async function seedParts(
  db: Kysely<Database>,
  count: number,
  overrides: (index: number) => Record<string, unknown> = () => ({}),
): Promise<SeededPart[]> {
  const start = Date.parse('2024-01-01T00:00:00.000Z');
  const parts: SeededPart[] = Array.from({ length: count }, (_, index) => {
    const time = start + index * 1000;
    return {
      id: newId(time),
      createdAt: new Date(time).toISOString(),
      input: PartInputSchema.parse(partInput(overrides(index))),
    };
  });
  await db.transaction().execute((trx) => insertParts(trx, parts));
  return parts;
}

let vehicleSequence = 0;

/**
 * A valid body for POST /api/veicoli; `overrides` replace (or, with `undefined`, remove) fields.
 * Each call gets its own targa and telaio (a European VIN), so vehicles never collide.
 */
export function vehicleInput(overrides: Record<string, unknown> = {}): VehicleInputDraft {
  vehicleSequence += 1;
  const serial = String(vehicleSequence).padStart(8, '0');
  const base: VehicleInputDraft = {
    ...EXAMPLE_VEHICLE_INPUT,
    targa: `VT${String(vehicleSequence).padStart(5, '0')}`,
    telaio: `ZFA188000${serial}`,
    immagini: [],
  };
  const merged: Record<string, unknown> = { ...base, ...overrides };
  for (const [key, value] of Object.entries(overrides)) if (value === undefined) delete merged[key];
  return merged as VehicleInputDraft;
}

/** The stored columns of a part named `nome` (registered in `anno`), as toPart reads them. */
export const storedPartRow = (nome: string, anno = '2004'): PartRow => ({
  id: nome,
  seq: 1,
  nome,
  descrizione: 'd',
  categoria: 'c',
  codice: 'k',
  condizione: 'Buona',
  peso_grammi: 1500,
  scaffale: 'A',
  campata: '1',
  ripiano: '2',
  cassetta: '3',
  marca: 'Fiat',
  modello: 'Punto',
  versione: 'v',
  anno_immatricolazione: anno,
  url_immagine: null,
  image_count: null,
  prezzo_centesimi: 4550,
  stato: 'disponibile',
  riserva_cliente: null,
  riserva_telefono: null,
  riserva_fino: null,
  vendita_prezzo_centesimi: null,
  vendita_data: null,
  version: 1,
  created_at: '2024-01-01T00:00:00.000Z',
  updated_at: '2024-01-01T00:00:00.000Z',
  vehicle_id: null,
  fitment_marca_norm: null,
});
