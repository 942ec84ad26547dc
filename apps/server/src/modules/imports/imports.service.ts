import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  IMPORT_LIMITS,
  missingColumnsMessage,
  PART_FIELD_SPECS,
  unmappedRequiredFields,
  type ImportMapping,
  type ImportMode,
  type ImportPreview,
  type ImportPreviewRow,
  type ImportSummary,
} from '@magazzino/contract';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { codeKey } from '../../lib/text-fold.js';
import type { Actor, BulkRow, PartsBulk } from '../parts/parts.bulk.js';
import { detectFileKind } from './imports.file-type.js';
import { importErrors } from './imports.errors.js';
import { openSheet, type OpenSheet, type SheetRow } from './imports.reader.js';
import {
  addProgress,
  deleteOldImports,
  failStaleImports,
  findImport,
  findImportFile,
  findRememberedMapping,
  finishImport,
  insertImport,
  insertRejects,
  listImports,
  listRejects,
  rememberMapping,
  startImport,
  type RejectedRow,
} from './imports.repository.js';
import {
  checkRow,
  columnNames,
  guessMapping,
  headerSetKey,
  mappedColumns,
  mappingForColumns,
  rowErrorText,
  storableMapping,
  unknownColumns,
  type MappedColumn,
} from './imports.rows.js';

/** A running import silent this long lost its instance: it is marked fallito. */
export const STALE_AFTER_MS = 2 * 60 * 1000;

/** Imports deleted per transaction by the purge. */
const PURGE_CHUNK = 50;

/** Refused rows read per query by the refused-rows CSV. */
const REJECTS_PAGE = 1000;

const STALE_MESSAGE =
  "Interrotta: il server che la eseguiva si è fermato. Le righe già importate restano; controlla l'elenco prima di ripeterla.";
const CLOSING_MESSAGE =
  "Interrotta dalla chiusura del server. Le righe già importate restano; controlla l'elenco prima di ripeterla.";

/** An uploaded file as the route hands it over. */
export interface UploadedFile {
  fileName: string;
  bytes: Buffer;
}

/** Values shown per column on the mapping step, and the rows looked at to find them. */
const SAMPLES_PER_COLUMN = 3;
const SAMPLE_SCAN_ROWS = 1000;

/** Adds to each column's samples the batch's first non-empty values, up to SAMPLES_PER_COLUMN. */
function collectSamples(samples: string[][], batch: readonly SheetRow[]): void {
  for (const row of batch) {
    samples.forEach((values, index) => {
      const cell = (row.cells[index] ?? '').trim();
      if (cell !== '' && values.length < SAMPLES_PER_COLUMN) values.push(cell.slice(0, 100));
    });
  }
}

/** Lets the requests queued meanwhile run between two batches. */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Imports of parts from spreadsheets (docs/product.md, "Importa"): the upload (kept in the
 * database, so any instance can run and answer it), the preview of a mapping, the import itself in
 * the background (read on a worker thread, written 100 rows per transaction with their history and
 * the import's counters), the refused rows, and the hourly purge.
 */
export class ImportsService {
  /** Imports running in this instance: closing stops them between two batches and waits. */
  private readonly running = new Set<Promise<void>>();
  private closing = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly bulk: PartsBulk,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Stores an uploaded file as a new import: 415 when it is neither a CSV nor a workbook, 400
   * when it cannot be read or has no data rows. The mapping offered is the one remembered for
   * the same headers, else the one guessed from their names.
   */
  async upload(file: UploadedFile, user: Actor): Promise<ImportSummary> {
    const format = detectFileKind(file.bytes, file.fileName);
    if (format === 'other') throw importErrors.notSpreadsheet();
    const sheet = await openSheet(file.bytes, format);
    let rows = 0;
    const samples: string[][] = sheet.header.map(() => []);
    try {
      for await (const batch of sheet.batches) {
        rows += batch.length;
        if (rows <= SAMPLE_SCAN_ROWS) collectSamples(samples, batch);
      }
    } finally {
      await sheet.close();
    }
    if (rows === 0) throw importErrors.noRows();
    const columns = columnNames(sheet.header);
    const headerKey = headerSetKey(columns);
    const remembered = await findRememberedMapping(this.db, headerKey);
    const mapping = remembered ? mappingForColumns(columns, remembered) : guessMapping(columns);
    const now = this.clock.now();
    const record = await this.db.transaction().execute((trx) =>
      insertImport(trx, {
        id: newId(now.getTime()),
        user,
        fileName: file.fileName.slice(0, 255),
        format,
        columns,
        samples,
        headerKey,
        rows,
        mapping,
        bytes: file.bytes,
        at: now.toISOString(),
      }),
    );
    return record.summary;
  }

  /** The import (a running one whose instance died is marked fallito first), or 404. */
  async get(id: string): Promise<ImportSummary> {
    const record = await findImport(this.db, id);
    if (!record) throw importErrors.notFound();
    if (record.summary.stato === 'in_corso' && (await this.failStale()) > 0) {
      return (await findImport(this.db, id))?.summary ?? record.summary;
    }
    return record.summary;
  }

  /** The latest imports, newest first. */
  list(limit: number = IMPORT_LIMITS.listDefault): Promise<ImportSummary[]> {
    return listImports(this.db, limit);
  }

  /** The columns a mapping fills, after checking it against the file (400 naming what is wrong). */
  private checkMapping(summary: ImportSummary, mapping: ImportMapping, mode?: ImportMode): MappedColumn[] {
    const unknown = unknownColumns(summary.colonne, mapping);
    if (unknown.length > 0) {
      throw importErrors.badMapping(`Il file non ha le colonne: ${unknown.join(', ')}`);
    }
    const missing = unmappedRequiredFields(mapping);
    if (mode === 'aggiorna' && !Object.values(mapping).includes('codice')) missing.push('codice');
    if (missing.length > 0) throw importErrors.badMapping(missingColumnsMessage(missing));
    return mappedColumns(summary.colonne, mapping);
  }

  /** The file of an import, opened for reading. */
  private async open(id: string, summary: ImportSummary): Promise<OpenSheet> {
    const bytes = await findImportFile(this.db, id);
    if (!bytes) throw importErrors.notFound();
    return openSheet(bytes, summary.formato);
  }

  /**
   * What the import would do with `mapping`: the first 20 data rows with their values and errors,
   * and the counts of valid rows and rows with errors (with the most frequent messages) over the
   * whole file. Nothing is written.
   */
  async preview(id: string, mapping: ImportMapping): Promise<ImportPreview> {
    const summary = await this.get(id);
    const columns = this.checkMapping(summary, mapping);
    const sheet = await this.open(id, summary);
    const righe: ImportPreviewRow[] = [];
    const frequent = new Map<string, number>();
    let valide = 0;
    let conErrori = 0;
    try {
      for await (const batch of sheet.batches) {
        for (const row of batch) {
          const checked = checkRow(columns, row.cells);
          if (righe.length < IMPORT_LIMITS.previewRows) {
            righe.push({ riga: row.line, valori: checked.values, errori: checked.errors });
          }
          if (checked.errors.length === 0) valide += 1;
          else conErrori += 1;
          for (const error of checked.errors) {
            frequent.set(error.messaggio, (frequent.get(error.messaggio) ?? 0) + 1);
          }
        }
        await yieldToOthers();
      }
    } finally {
      await sheet.close();
    }
    const erroriFrequenti = [...frequent]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, IMPORT_LIMITS.frequentErrors)
      .map(([messaggio, righeConErrore]) => ({ messaggio, righe: righeConErrore }));
    return { righe, valide, conErrori, erroriFrequenti };
  }

  /**
   * Starts the import with `mapping` in mode `modalita` (409 unless it is `caricato`), remembers
   * the mapping for these headers, and runs it in the background: the answer is the summary,
   * `in_corso`, whose counters GET /api/importazioni/{id} follows.
   */
  async run(id: string, mapping: ImportMapping, modalita: ImportMode, actor: Actor): Promise<ImportSummary> {
    const record = await findImport(this.db, id);
    if (!record) throw importErrors.notFound();
    const columns = this.checkMapping(record.summary, mapping, modalita);
    const at = this.clock.now().toISOString();
    if (!(await startImport(this.db, id, mapping, modalita, at))) {
      throw importErrors.notRunnable(record.summary.stato);
    }
    await rememberMapping(this.db, record.headerKey, storableMapping(mapping), at);
    const job = this.execute(record.summary, columns, modalita, actor).finally(() =>
      this.running.delete(job),
    );
    this.running.add(job);
    return this.get(id);
  }

  /** The background part of `run`: never throws, ends the import completato or fallito. */
  private async execute(
    summary: ImportSummary,
    columns: readonly MappedColumn[],
    modalita: ImportMode,
    actor: Actor,
  ): Promise<void> {
    const id = summary._id;
    const codeColumn = columns.find((column) => column.target === 'codice');
    const mode = { modalita, fields: columns.map((column) => column.target) };
    /** In aggiorna mode, the line that first had each code: a later row with it is refused. */
    const seenCodes = new Map<string, number>();
    let sheet: OpenSheet | undefined;
    try {
      sheet = await this.open(id, summary);
      for await (const batch of sheet.batches) {
        if (this.closing) {
          await finishImport(this.db, id, 'fallito', CLOSING_MESSAGE, this.clock.now().toISOString());
          return;
        }
        await this.writeBatch(id, batch, columns, mode, actor, seenCodes, codeColumn);
        await yieldToOthers();
      }
      await finishImport(this.db, id, 'completato', null, this.clock.now().toISOString());
    } catch (error) {
      this.log.error({ err: error, import: id }, 'import failed');
      const message =
        error instanceof Error && 'statusCode' in error
          ? error.message
          : "Errore durante l'importazione: le righe già importate restano. Riprova più tardi.";
      await finishImport(this.db, id, 'fallito', message, this.clock.now().toISOString()).catch(
        (finishError: unknown) =>
          this.log.error({ err: finishError, import: id }, 'import not marked failed'),
      );
    } finally {
      await sheet?.close();
    }
  }

  /** Checks one batch of rows and writes it: valid rows through app.partsBulk, refused ones beside them. */
  private async writeBatch(
    id: string,
    batch: readonly SheetRow[],
    columns: readonly MappedColumn[],
    mode: { modalita: ImportMode; fields: MappedColumn['target'][] },
    actor: Actor,
    seenCodes: Map<string, number>,
    codeColumn: MappedColumn | undefined,
  ): Promise<void> {
    const valid: BulkRow[] = [];
    const refused: RejectedRow[] = [];
    const cellsOf = new Map<number, string[]>();
    for (const row of batch) {
      cellsOf.set(row.line, row.cells);
      const checked = checkRow(columns, row.cells);
      if (!checked.input) {
        refused.push({ line: row.line, cells: row.cells, error: rowErrorText(checked.errors) });
        continue;
      }
      const key = codeKey(checked.input.codice ?? '');
      if (mode.modalita === 'aggiorna' && key !== '') {
        const first = seenCodes.get(key);
        if (first !== undefined) {
          refused.push({
            line: row.line,
            cells: row.cells,
            error: `${codeColumn?.column ?? PART_FIELD_SPECS.codice.label}: Il codice ${checked.input.codice ?? ''} compare già alla riga ${first} del file`,
          });
          continue;
        }
        seenCodes.set(key, row.line);
      }
      valid.push({ line: row.line, input: checked.input });
    }
    await this.bulk.writeBatch(valid, mode, actor, async (trx, result) => {
      const codeLabel = codeColumn?.column ?? PART_FIELD_SPECS.codice.label;
      const all = [
        ...refused,
        ...result.refused.map((row) => ({
          line: row.line,
          cells: cellsOf.get(row.line) ?? [],
          error: `${codeLabel}: ${row.error}`,
        })),
      ];
      await insertRejects(trx, id, all);
      await addProgress(
        trx,
        id,
        { processed: batch.length, imported: result.created, updated: result.updated, refused: all.length },
        this.clock.now().toISOString(),
      );
    });
  }

  /**
   * The refused rows of an import as CSV text chunks: UTF-8 BOM, ';' separated, the file's columns
   * then `riga` and `errore`, formula-looking cells neutralised like the export's.
   */
  async rejectsCsv(
    id: string,
    line: (cells: readonly (string | number)[]) => string,
  ): Promise<AsyncGenerator<string>> {
    const summary = await this.get(id);
    const db = this.db;
    return (async function* chunks() {
      yield '\uFEFF' + line([...summary.colonne, 'riga', 'errore']);
      let after = 0;
      for (;;) {
        const rows = await listRejects(db, id, after, REJECTS_PAGE);
        if (rows.length === 0) return;
        yield rows
          .map((row) => {
            const cells = summary.colonne.map((_, index) => row.cells[index] ?? '');
            return line([...cells, row.line, row.error]);
          })
          .join('');
        after = rows.at(-1)?.line ?? after;
        if (rows.length < REJECTS_PAGE) return;
      }
    })();
  }

  /** Marks fallito the running imports whose instance stopped giving signs of life. */
  private failStale(): Promise<number> {
    const now = this.clock.now();
    const before = new Date(now.getTime() - STALE_AFTER_MS).toISOString();
    return failStaleImports(this.db, before, STALE_MESSAGE, now.toISOString());
  }

  /**
   * The hourly sweep: running imports silent for 2 minutes become fallito, and imports older than
   * 7 days go with their files and refused rows, a chunk per transaction (several instances may
   * sweep at once: each deletes what is still there). Returns how many imports were deleted.
   */
  async purge(): Promise<number> {
    await this.failStale();
    const before = new Date(this.clock.now().getTime() - IMPORT_LIMITS.keptDays * 86_400_000).toISOString();
    let deleted = 0;
    for (;;) {
      const count = await this.db.transaction().execute((trx) => deleteOldImports(trx, before, PURGE_CHUNK));
      deleted += count;
      if (count < PURGE_CHUNK) return deleted;
      await yieldToOthers();
    }
  }

  /** Stops the running imports between two batches (each ends fallito) and waits for them. */
  async close(): Promise<void> {
    this.closing = true;
    await Promise.all([...this.running]);
  }
}
