import type { Kysely } from 'kysely';
import {
  DEFAULT_VEHICLE_SORT,
  FUTURE_DATA_INGRESSO,
  VEHICLE_LIMITS,
  VEHICLE_SORT_FIELDS,
  type Vehicle,
  type VehicleInput,
  type VehiclePatch,
  type VehicleSortField,
  type VehicleSummary,
} from '@magazzino/contract';
import { isForeignKeyViolation, isUniqueViolation, type DatabaseHandle } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { errors } from '../../lib/errors.js';
import { answerEtag, namesVersion } from '../../lib/etags.js';
import { newId } from '../../lib/ids.js';
import { yardDay } from '../../lib/yard-day.js';
import {
  countVehicles,
  deleteVehicle,
  findReferencedImageUrls,
  findSummaries,
  findVehicleById,
  findVehicleIdByTarga,
  findVehicleIdByTelaio,
  insertVehicle,
  listVehiclesPage,
  toInput,
  updateVehicleIfVersion,
  type StoredVehicle,
  type VehicleFilter,
  type VehicleSort,
} from './vehicles.repository.js';

/**
 * Counts the parts linked to each of `ids` (the parts module registers it: the link lives in its
 * table), reading through `db`, which may be the transaction of a delete. Ids without parts may be
 * left out of the map.
 */
export type LinkedPartsCounter = (
  ids: readonly string[],
  db: Kysely<Database>,
) => Promise<Map<string, number>>;

/**
 * Told of every vehicle update inside its transaction, after the row is written (the parts module
 * refreshes the searchable text of the vehicle's parts). A listener that throws rolls the update back.
 */
export type VehicleChangeListener = (trx: Kysely<Database>, vehicle: VehicleSummary) => Promise<void>;

/** Attempts of an update without If-Match before giving up on a vehicle that keeps changing. */
const UPDATE_ATTEMPTS = 5;

/** Ids read per query by findSummaries. */
const SUMMARY_CHUNK = 500;

/**
 * The ETag of an answer about a vehicle: its version and, once it gave parts, how many (the count
 * changes with the parts, not the vehicle's version: lib/etags.ts).
 */
export function etagOf(vehicle: Pick<Vehicle, 'version' | 'componenti'>): string {
  return answerEtag(vehicle.version, vehicle.componenti > 0 ? { componenti: vehicle.componenti } : undefined);
}

/** If-Match on a vehicle: true when the header names its current version (or is `*`). */
export function etagMatches(header: string, vehicle: Pick<Vehicle, 'version'>): boolean {
  return namesVersion(header, vehicle.version);
}

function isSortField(value: string): value is VehicleSortField {
  return (VEHICLE_SORT_FIELDS as readonly string[]).includes(value);
}

/** The API's `sort` ('-targa', 'marca', ...) as a sort order; the default is the latest entries first. */
export function parseVehicleSort(sort: string | undefined): VehicleSort {
  const text = sort ?? DEFAULT_VEHICLE_SORT;
  const descending = text.startsWith('-');
  const field = descending ? text.slice(1) : text;
  return isSortField(field) ? { field, descending } : { field: 'dataIngresso', descending: true };
}

export interface VehicleListRequest extends VehicleFilter {
  limit?: number | undefined;
  offset?: number | undefined;
  sort?: string | undefined;
}

/** The business rules of donor vehicles: unique plates and VINs, versions, the link to their parts. */
export class VehiclesService {
  private linkedParts: LinkedPartsCounter = () => Promise.resolve(new Map<string, number>());
  private readonly listeners: VehicleChangeListener[] = [];

  /**
   * `db` writes and reads single vehicles; `reader` runs the lists (on SQLite a pool of reader
   * threads); `writes` runs a unit of writes in a transaction (group commit on SQLite).
   */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly reader: Kysely<Database>,
    private readonly writes: DatabaseHandle['writes'],
    private readonly clock: Clock,
  ) {}

  /**
   * Sets how the parts linked to vehicles are counted (the parts module does, at start); returns
   * the counter it replaces.
   */
  setLinkedPartsCounter(counter: LinkedPartsCounter): LinkedPartsCounter {
    const previous = this.linkedParts;
    this.linkedParts = counter;
    return previous;
  }

  /** Adds a listener told of every vehicle update inside its transaction. */
  onChange(listener: VehicleChangeListener): void {
    this.listeners.push(listener);
  }

  private async withCounts(vehicles: readonly StoredVehicle[], db: Kysely<Database>): Promise<Vehicle[]> {
    if (vehicles.length === 0) return [];
    const counts = await this.linkedParts(
      vehicles.map((vehicle) => vehicle._id),
      db,
    );
    return vehicles.map((vehicle) => ({ ...vehicle, componenti: counts.get(vehicle._id) ?? 0 }));
  }

  private async withCount(vehicle: StoredVehicle, db: Kysely<Database> = this.db): Promise<Vehicle> {
    const [counted] = await this.withCounts([vehicle], db);
    return counted ?? { ...vehicle, componenti: 0 };
  }

  /** The vehicle, or 404. */
  async get(id: string): Promise<Vehicle> {
    const vehicle = await findVehicleById(this.db, id);
    if (!vehicle) throw errors.vehicleNotFound();
    return this.withCount(vehicle);
  }

  /** A page of the vehicles matching the filters (VEHICLE_LIMITS.pageDefault when no limit), and their number. */
  async list(request: VehicleListRequest): Promise<{ vehicles: Vehicle[]; total: number }> {
    const { limit = VEHICLE_LIMITS.pageDefault, offset = 0, sort, ...filter } = request;
    const page = await listVehiclesPage(this.reader, filter, parseVehicleSort(sort), limit, offset);
    // A short page (or an empty first one) already tells the number.
    const total =
      page.length < limit && (page.length > 0 || offset === 0)
        ? offset + page.length
        : await countVehicles(this.reader, filter);
    return { vehicles: await this.withCounts(page, this.reader), total };
  }

  /** What another module shows of a vehicle (a part's donor vehicle), if it exists. */
  async findSummary(id: string, db: Kysely<Database> = this.db): Promise<VehicleSummary | undefined> {
    const [summary] = await findSummaries(db, [id]);
    return summary;
  }

  /** The summaries of the vehicles of `ids` that exist, by id. */
  async findSummaries(
    ids: readonly string[],
    db: Kysely<Database> = this.db,
  ): Promise<Map<string, VehicleSummary>> {
    const unique = [...new Set(ids)];
    const found = new Map<string, VehicleSummary>();
    for (let start = 0; start < unique.length; start += SUMMARY_CHUNK) {
      for (const summary of await findSummaries(db, unique.slice(start, start + SUMMARY_CHUNK))) {
        found.set(summary._id, summary);
      }
    }
    return found;
  }

  /** Refuses a dataIngresso after the yard's today (the contract's bound is looser: see vehicle.ts). */
  private checkDataIngresso(dataIngresso: string | undefined): void {
    if (dataIngresso !== undefined && dataIngresso > yardDay(this.clock.now())) {
      throw errors.validation({ dataIngresso: FUTURE_DATA_INGRESSO });
    }
  }

  /**
   * A UNIQUE violation of a write of `input` as the client's 409: which of targa and telaio is taken
   * by another vehicle (read after the failed write, so the winner of a race is committed).
   */
  private async conflictOf(error: unknown, input: VehicleInput, ownId?: string): Promise<unknown> {
    if (!isUniqueViolation(error)) return error;
    const byTarga = await findVehicleIdByTarga(this.db, input.targa);
    if (byTarga !== undefined && byTarga !== ownId) return errors.targaInUse(input.targa);
    if (input.telaio !== null) {
      const byTelaio = await findVehicleIdByTelaio(this.db, input.telaio);
      if (byTelaio !== undefined && byTelaio !== ownId) return errors.telaioInUse(input.telaio);
    }
    return error;
  }

  /** Stores a new vehicle (version 1, created now); 409 when its targa or telaio is taken. */
  async create(input: VehicleInput): Promise<Vehicle> {
    this.checkDataIngresso(input.dataIngresso);
    try {
      const vehicle = await this.writes.run((trx) => {
        const now = this.clock.now();
        return insertVehicle(trx, input, newId(now.getTime()), now.toISOString());
      });
      return { ...vehicle, componenti: 0 };
    } catch (error) {
      throw await this.conflictOf(error, input);
    }
  }

  /**
   * Applies a partial update (an absent field is unchanged; `immagini` replaces the photos). With
   * `ifMatch` the vehicle must still be the version the client saw (412 otherwise): the check and
   * the write are one statement. The change listeners run in the same transaction.
   */
  async update(id: string, patch: VehiclePatch, ifMatch: string | undefined): Promise<Vehicle> {
    const changes = Object.fromEntries(
      Object.entries(patch).filter(([, value]) => value !== undefined),
    ) as Partial<VehicleInput>;
    if (Object.keys(changes).length === 0) {
      throw errors.badRequest('Nessun campo da modificare: indica almeno un campo del veicolo.');
    }
    this.checkDataIngresso(changes.dataIngresso);
    for (let attempt = 0; attempt < UPDATE_ATTEMPTS; attempt += 1) {
      const current = await findVehicleById(this.db, id);
      if (!current) throw errors.vehicleNotFound();
      if (ifMatch !== undefined && !etagMatches(ifMatch, current)) throw errors.vehicleChanged();
      const merged: VehicleInput = { ...toInput(current), ...changes };
      let updated: StoredVehicle | undefined;
      try {
        updated = await this.writes.run(async (trx) => {
          const now = this.clock.now().toISOString();
          const vehicle = await updateVehicleIfVersion(trx, id, current.version, merged, now);
          if (!vehicle) return undefined;
          for (const listener of this.listeners) await listener(trx, summaryOf(vehicle));
          return vehicle;
        });
      } catch (error) {
        throw await this.conflictOf(error, merged, id);
      }
      if (updated) return this.withCount(updated);
      // Someone else wrote in between: the client's version is stale now, unless it sent none.
      if (ifMatch !== undefined && ifMatch.trim() !== '*') {
        if (!(await findVehicleById(this.db, id))) throw errors.vehicleNotFound();
        throw errors.vehicleChanged();
      }
    }
    throw errors.vehicleChanged();
  }

  /**
   * Deletes a vehicle and its photos (only at the version of `ifMatch` when given): refused with
   * 409 while parts are linked to it, counted in the delete's own transaction.
   */
  async delete(id: string, ifMatch?: string): Promise<void> {
    for (let attempt = 0; attempt < UPDATE_ATTEMPTS; attempt += 1) {
      const current = await findVehicleById(this.db, id);
      if (!current) throw errors.vehicleNotFound();
      if (ifMatch !== undefined && !etagMatches(ifMatch, current)) throw errors.vehicleChanged();
      let deleted: boolean;
      try {
        deleted = await this.writes.run(async (trx) => {
          const linked = (await this.linkedParts([id], trx)).get(id) ?? 0;
          if (linked > 0) throw errors.vehicleHasParts(linked);
          return deleteVehicle(trx, id, current.version);
        });
      } catch (error) {
        // A part linked to it between the count and the delete: the foreign key refused it.
        if (!isForeignKeyViolation(error)) throw error;
        const linked = (await this.linkedParts([id], this.db)).get(id) ?? 1;
        throw errors.vehicleHasParts(Math.max(linked, 1));
      }
      if (deleted) return;
      if (ifMatch !== undefined && ifMatch.trim() !== '*') {
        if (!(await findVehicleById(this.db, id))) throw errors.vehicleNotFound();
        throw errors.vehicleChanged();
      }
    }
    throw errors.vehicleChanged();
  }

  /** Which of `urls` some vehicle uses as a photo: the vehicles' answer to the media cleanup. */
  referencedImageUrls(urls: readonly string[]): Promise<Set<string>> {
    return findReferencedImageUrls(this.db, urls);
  }
}

/** The summary of a stored vehicle. */
function summaryOf(vehicle: StoredVehicle): VehicleSummary {
  const { _id, targa, telaio, marca, modello, versione, annoImmatricolazione } = vehicle;
  return { _id, targa, telaio, marca, modello, versione, annoImmatricolazione };
}
