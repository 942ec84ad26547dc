import type { Kysely } from 'kysely';
import type { Part, VehicleSummary } from '@magazzino/contract';
import type { Database } from '../../db/schema.js';
import { errors } from '../../lib/errors.js';
import { withVehicle, type StoredPart } from './parts.mapper.js';

/** What the parts module asks of the vehicles module: `app.vehicles` gives it. */
export interface DonorVehicles {
  findSummary(id: string, db?: Kysely<Database>): Promise<VehicleSummary | undefined>;
  findSummaries(ids: readonly string[], db?: Kysely<Database>): Promise<Map<string, VehicleSummary>>;
}

/**
 * No vehicles module (the demo command's bulk loads and counts, which link no vehicle): every
 * vehicle is unknown.
 */
export const NO_VEHICLES: DonorVehicles = {
  findSummary: () => Promise.resolve(undefined),
  findSummaries: () => Promise.resolve(new Map()),
};

/** The answer to a veicoloId no vehicle has (or one deleted while the part was being saved). */
export function unknownVehicle() {
  return errors.validation({ veicoloId: 'Il veicolo indicato non esiste' });
}

/**
 * A part's donor vehicle, through the vehicles module: the summaries the API shows on every part,
 * and the check of a link being written.
 */
export class PartVehicles {
  constructor(private readonly vehicles: DonorVehicles) {}

  /** The parts as the API gives them, each with its donor vehicle's summary (one lookup for all). */
  async complete(parts: readonly StoredPart[], db?: Kysely<Database>): Promise<Part[]> {
    const ids = [...new Set(parts.flatMap((part) => (part.veicoloId === null ? [] : [part.veicoloId])))];
    const summaries =
      ids.length === 0 ? new Map<string, VehicleSummary>() : await this.vehicles.findSummaries(ids, db);
    return parts.map((part) =>
      withVehicle(part, part.veicoloId === null ? null : (summaries.get(part.veicoloId) ?? null)),
    );
  }

  /** One part as the API gives it. */
  async completeOne(part: StoredPart, db?: Kysely<Database>): Promise<Part> {
    const [completed] = await this.complete([part], db);
    if (!completed) throw new Error('complete lost a part');
    return completed;
  }

  /**
   * The vehicle a part is being linked to, read in the write's transaction `trx`; null for no
   * vehicle; 400 (fields.veicoloId) when no vehicle has this id.
   */
  async donor(id: string | null | undefined, trx: Kysely<Database>): Promise<VehicleSummary | null> {
    if (id === null || id === undefined) return null;
    const vehicle = await this.vehicles.findSummary(id, trx);
    if (!vehicle) throw unknownVehicle();
    return vehicle;
  }

  /** The vehicle of `id` if it still exists (a part coming back from the bin), else null. */
  async ifExists(id: string | null, trx: Kysely<Database>): Promise<VehicleSummary | null> {
    return id === null ? null : ((await this.vehicles.findSummary(id, trx)) ?? null);
  }
}
