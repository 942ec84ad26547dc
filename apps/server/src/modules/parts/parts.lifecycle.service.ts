import type { Kysely } from 'kysely';
import {
  canMove,
  LIMITS,
  STATUS_LABELS,
  STATUS_TRANSITIONS,
  type BinEntry,
  type Part,
  type PartEvent,
  type PartStatus,
  type StatusChange,
} from '@magazzino/contract';
import { isForeignKeyViolation, type DatabaseHandle } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { errors } from '../../lib/errors.js';
import { yardDay } from '../../lib/yard-day.js';
import { statusChanges } from './parts.history.js';
import {
  deleteBinEntry,
  findBinEntry,
  findBinImageUrls,
  findExpiredReservations,
  insertEvents,
  listBin,
  listEvents,
  purgeBin,
  restoreFromBin,
  updateStatusIfVersion,
  type Actor,
  type BinRow,
  type EventFilter,
} from './parts.lifecycle.repository.js';
import { withVehicle } from './parts.mapper.js';
import { findPartById } from './parts.repository.js';
import { etagMatches } from './parts.service.js';
import type { PartVehicles } from './parts.vehicles.js';

/** Parts handled per transaction by the minute's expiry and the hour's purge: short transactions. */
const SWEEP_CHUNK = 100;

/** A history or the activity page counts its events up to this many (X-Total-Count). */
export const EVENT_COUNT_LIMIT = 10_000;

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a refused move tells the clerk to do instead. */
function transitionHint(from: PartStatus): string {
  if (from === 'venduto') return 'Se il cliente lo ha restituito, registra prima il reso.';
  const allowed = STATUS_TRANSITIONS[from].map((status) => STATUS_LABELS[status].toLowerCase());
  return `Da ${STATUS_LABELS[from].toLowerCase()} può diventare: ${allowed.join(', ')}.`;
}

/** The status a change leads to, with its reservation or sale, as the part will hold them. */
function nextLifecycle(change: StatusChange, today: string): Pick<Part, 'stato' | 'riserva' | 'vendita'> {
  switch (change.stato) {
    case 'riservato':
      return {
        stato: 'riservato',
        riserva: { cliente: change.cliente, telefono: change.telefono, fino: change.fino },
        vendita: null,
      };
    case 'venduto':
      return {
        stato: 'venduto',
        riserva: null,
        vendita: { prezzo: change.prezzo, data: change.data ?? today },
      };
    default:
      return { stato: change.stato, riserva: null, vendita: null };
  }
}

/**
 * A part's life after its registration (docs/product.md, "A part's life"): moves between statuses,
 * reservations that end by themselves, the history of every change, and the bin.
 */
export class PartLifecycleService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly reader: Kysely<Database>,
    private readonly writes: DatabaseHandle['writes'],
    private readonly clock: Clock,
    /** The parts' donor vehicles, through the vehicles module. */
    private readonly vehicles: PartVehicles,
  ) {}

  /** The yard's day now ('YYYY-MM-DD'). */
  today(): string {
    return yardDay(this.clock.now());
  }

  /**
   * Moves a part to another status (409 when the move is not allowed from its status), records
   * the move in its history in the same transaction, and returns the part at its new version.
   */
  async changeStatus(
    id: string,
    change: StatusChange,
    ifMatch: string | undefined,
    actor: Actor,
  ): Promise<Part> {
    const today = this.today();
    if (change.stato === 'riservato' && change.fino < today) {
      throw errors.validation({ fino: 'La prenotazione non può scadere in un giorno già passato' });
    }
    if (change.stato === 'venduto' && change.data !== undefined && change.data > today) {
      throw errors.validation({ data: 'La data di vendita non può essere nel futuro' });
    }
    const current = await findPartById(this.db, id);
    if (!current) throw errors.partNotFound();
    if (ifMatch !== undefined && !etagMatches(ifMatch, current)) throw errors.preconditionFailed();
    if (!canMove(current.stato, change.stato)) {
      throw errors.invalidTransition(
        STATUS_LABELS[current.stato].toLowerCase(),
        STATUS_LABELS[change.stato].toLowerCase(),
        transitionHint(current.stato),
      );
    }
    const next = nextLifecycle(change, today);
    const updated = await this.writes.run(async (trx) => {
      const now = this.clock.now().toISOString();
      const part = await updateStatusIfVersion(trx, current, next, now);
      if (!part) return undefined;
      await insertEvents(trx, [
        { part, kind: 'stato', actor, changes: statusChanges(current, part), at: now },
      ]);
      return part;
    });
    if (updated) return this.vehicles.completeOne(updated);
    // Changed or deleted meanwhile: the move was decided on a version that is gone.
    if (!(await findPartById(this.db, id))) throw errors.partNotFound();
    throw errors.preconditionFailed();
  }

  /**
   * Puts every reservation whose last day has passed back to disponibile, recorded as done by the
   * system; returns how many. Run every minute by the parts module, and safe to run anywhere at
   * once (each part moves only from the version it was read at).
   */
  async expireReservations(): Promise<number> {
    let expired = 0;
    for (;;) {
      const today = this.today();
      const due = await findExpiredReservations(this.db, today, SWEEP_CHUNK);
      if (due.length === 0) return expired;
      const moved = await this.writes.run(async (trx) => {
        const now = this.clock.now().toISOString();
        let count = 0;
        for (const current of due) {
          const next = { stato: 'disponibile', riserva: null, vendita: null } as const;
          const part = await updateStatusIfVersion(trx, current, next, now);
          if (!part) continue;
          count += 1;
          await insertEvents(trx, [
            { part, kind: 'stato', actor: null, changes: statusChanges(current, part), at: now },
          ]);
        }
        return count;
      });
      expired += moved;
      if (due.length < SWEEP_CHUNK) return expired;
    }
  }

  /** A part's history, newest first (it outlives the part: a deleted part's stays readable). */
  history(partId: string, page: { limit: number; offset: number }) {
    return listEvents(this.reader, { partId }, page, EVENT_COUNT_LIMIT);
  }

  /** The recent changes across the warehouse, newest first, filtered by account and time. */
  activity(
    filter: EventFilter,
    page: { limit: number; offset: number },
  ): Promise<{ events: PartEvent[]; total: number }> {
    return listEvents(this.reader, filter, page, EVENT_COUNT_LIMIT);
  }

  private toBinEntry(row: BinRow, componente: Part): BinEntry {
    return {
      componente,
      eliminatoIl: row.deletedAt,
      eliminatoDa: row.deletedBy,
      scadeIl: new Date(Date.parse(row.deletedAt) + LIMITS.binDays * DAY_MS).toISOString(),
    };
  }

  /** The bin, latest deleted first. */
  async bin(page: { limit: number; offset: number }): Promise<{ entries: BinEntry[]; total: number }> {
    const { entries, total } = await listBin(this.reader, page);
    // A vehicle deleted since shows as none.
    const parts = await this.vehicles.complete(entries.map((row) => row.part));
    return {
      entries: entries.flatMap((row, index) => {
        const part = parts[index];
        return part ? [this.toBinEntry(row, part)] : [];
      }),
      total,
    };
  }

  /** Brings a part back from the bin, with its photo and in its place in the list; 404 when not there. */
  async restore(id: string, actor: Actor): Promise<Part> {
    try {
      return await this.restoreOnce(id, actor);
    } catch (error) {
      // Its vehicle was deleted between the check and the insert (PostgreSQL): again, unlinked.
      if (!isForeignKeyViolation(error)) throw error;
      return this.restoreOnce(id, actor);
    }
  }

  private async restoreOnce(id: string, actor: Actor): Promise<Part> {
    const entry = await findBinEntry(this.db, id);
    if (!entry) throw errors.notInBin();
    const restored = await this.writes.run(async (trx) => {
      const now = this.clock.now().toISOString();
      // Its donor vehicle, unless deleted while the part was in the bin: then it comes back unlinked.
      const vehicle = await this.vehicles.ifExists(entry.part.veicoloId, trx);
      const stored = await restoreFromBin(trx, entry, now, vehicle);
      if (!stored) return undefined;
      const part = withVehicle(stored, vehicle);
      await insertEvents(trx, [{ part, kind: 'ripristinato', actor, changes: [], at: now }]);
      return part;
    });
    if (!restored) throw errors.notInBin();
    return restored;
  }

  /** Deletes one part of the bin for good (its photo goes with the next media cleanup). */
  async deleteForGood(id: string): Promise<void> {
    if (!(await this.writes.run((trx) => deleteBinEntry(trx, id)))) throw errors.notInBin();
  }

  /** Empties the bin; returns how many parts were deleted for good. */
  async emptyBin(): Promise<number> {
    let deleted = 0;
    for (;;) {
      const count = await this.writes.run((trx) => purgeBin(trx, undefined, SWEEP_CHUNK * 5));
      deleted += count;
      if (count === 0) return deleted;
    }
  }

  /** Deletes for good the parts in the bin for more than LIMITS.binDays days; returns how many. */
  async purgeExpired(): Promise<number> {
    const cutoff = new Date(this.clock.now().getTime() - LIMITS.binDays * DAY_MS).toISOString();
    let purged = 0;
    for (;;) {
      const count = await this.writes.run((trx) => purgeBin(trx, cutoff, SWEEP_CHUNK * 5));
      purged += count;
      if (count === 0) return purged;
    }
  }

  /** Which of `urls` a part in the bin uses as its photo: the bin's answer to the media cleanup. */
  referencedImageUrls(urls: readonly string[]): Promise<Set<string>> {
    return findBinImageUrls(this.db, urls);
  }
}
