import type { Transaction } from 'kysely';
import type { PartField, PartInput } from '@magazzino/contract';
import type { DatabaseHandle } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { codeKey, foldText } from '../../lib/text-fold.js';
import { findIdsByCodeKeys } from './parts.bulk.repository.js';
import { editChanges } from './parts.history.js';
import { insertEvents, type Actor, type NewPartEvent } from './parts.lifecycle.repository.js';
import { toInput } from './parts.mapper.js';
import { countSpellings, findPartById, insertParts, updatePartIfVersion } from './parts.repository.js';
import { knownSpelling } from './parts.service.js';

export type { Actor };

/** One valid row of a bulk load: its line in the file and the part it describes. */
export interface BulkRow {
  line: number;
  input: PartInput;
}

/** What a batch did: parts created and updated, and the rows refused with their reason. */
export interface BulkResult {
  created: number;
  updated: number;
  refused: { line: number; error: string }[];
}

/**
 * How a batch writes its rows. `crea`: every row is a new part. `aggiorna`: a row whose codice
 * (compared as `codice_key`) matches exactly one part sets that part's `fields` (the columns the
 * file fills), a row matching none is created, one matching several is refused.
 */
export interface BulkMode {
  modalita: 'crea' | 'aggiorna';
  fields: readonly PartField[];
}

type Speller = (value: string) => string;

/**
 * A chooser of spellings for one batch (docs/product.md, "Parts: fields and rules"): a value
 * meaning one in use, ignoring case and accents, takes its spelling; a new one is kept as the
 * first row of the batch spelled it, so 'freni' and 'Freni' in one file make one category.
 */
function speller(inUse: readonly { name: string; count: number }[]): Speller {
  const chosen = new Map<string, string>();
  return (value) => {
    const folded = foldText(value);
    const known = chosen.get(folded);
    if (known !== undefined) return known;
    const spelled = knownSpelling(value, inUse);
    chosen.set(folded, spelled);
    return spelled;
  };
}

/**
 * Writes of many parts at once for the imports (app.partsBulk): each batch in one transaction,
 * with the history of every part it creates or changes, as a clerk's own writes would record it.
 */
export class PartsBulk {
  constructor(
    private readonly writes: DatabaseHandle['writes'],
    private readonly clock: Clock,
  ) {}

  /**
   * Writes `rows` in one transaction; `alongside` runs in the same transaction after them (an
   * import records its progress there, so its counters never disagree with the parts written).
   */
  writeBatch(
    rows: readonly BulkRow[],
    mode: BulkMode,
    actor: Actor,
    alongside?: (trx: Transaction<Database>, result: BulkResult) => Promise<void>,
  ): Promise<BulkResult> {
    return this.writes.run(async (trx) => {
      const now = this.clock.now();
      const at = now.toISOString();
      const inUse = await countSpellings(trx);
      const categories = speller(inUse.categorie);
      const conditions = speller(inUse.condizioni);
      const spelled = (input: PartInput): PartInput => ({
        ...input,
        categoria: categories(input.categoria),
        condizione: conditions(input.condizione),
      });

      const result: BulkResult = { created: 0, updated: 0, refused: [] };
      const events: NewPartEvent[] = [];
      const toCreate: { input: PartInput; id: string; createdAt: string }[] = [];
      const matches =
        mode.modalita === 'aggiorna'
          ? await findIdsByCodeKeys(
              trx,
              rows.map((row) => codeKey(row.input.codice ?? '')),
            )
          : new Map<string, string[]>();

      for (const row of rows) {
        const key = codeKey(row.input.codice ?? '');
        const ids = key === '' ? [] : (matches.get(key) ?? []);
        if (ids.length > 1) {
          result.refused.push({
            line: row.line,
            error: `Più componenti hanno il codice ${row.input.codice ?? ''} (${ids.length}): aggiornali a mano`,
          });
          continue;
        }
        const id = ids[0];
        if (id === undefined) {
          // Spaced a millisecond apart in creation time: 'newest first' keeps the file's order reversed.
          const createdAt = new Date(now.getTime() - (rows.length - toCreate.length)).toISOString();
          const part = { input: spelled(row.input), id: newId(Date.parse(createdAt)), createdAt };
          toCreate.push(part);
          events.push({
            part: { _id: part.id, nome: part.input.nome },
            kind: 'creato',
            actor,
            changes: [],
            at,
          });
          continue;
        }
        const current = await findPartById(trx, id);
        if (!current) continue;
        const merged: PartInput = { ...toInput(current) };
        const given: Record<string, unknown> = spelled(row.input);
        const fields: Record<string, unknown> = merged;
        for (const field of mode.fields) fields[field] = given[field];
        const before: Record<string, unknown> = current;
        if (mode.fields.every((field) => fields[field] === before[field])) {
          // The part already reads as the file says: nothing to write, no new version.
          result.updated += 1;
          continue;
        }
        const updated = await updatePartIfVersion(
          trx,
          id,
          current.version,
          merged,
          at,
          current.riserva?.cliente ?? null,
          undefined,
          current.immagini,
        );
        if (!updated) {
          result.refused.push({
            line: row.line,
            error: 'Il componente è stato modificato nel frattempo: importa di nuovo questa riga',
          });
          continue;
        }
        result.updated += 1;
        const changes = editChanges(current, updated);
        if (changes.length > 0) events.push({ part: updated, kind: 'modificato', actor, changes, at });
      }
      await insertParts(trx, toCreate);
      result.created = toCreate.length;
      await insertEvents(trx, events);
      if (alongside) await alongside(trx, result);
      return result;
    });
  }
}
