import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { CSV_COLUMNS, type Part } from '@magazzino/contract';
import type { CSV_FIELDS } from './parts.csv.js';

/** What the export writes of a part (service.streamFields with CSV_FIELDS). */
export type ExportedPart = Pick<Part, (typeof CSV_FIELDS)[number]>;

type Column = (typeof CSV_COLUMNS)[number];

/** Column widths (characters), so the sheet opens readable. */
const WIDTHS: Partial<Record<Column, number>> = {
  nome: 32,
  categoria: 18,
  codice: 16,
  condizione: 14,
  marca: 14,
};

/**
 * The export's row of a part, in CSV_COLUMNS order: peso, prezzo and anno as numbers, text as text
 * (a cell typed as text is never read as a formula, so nothing needs neutralising), an empty
 * optional field as an empty cell.
 */
export function partXlsxValues(part: ExportedPart): (string | number | null)[] {
  return CSV_COLUMNS.map((column) => {
    if (column === 'anno') return Number(part.annoImmatricolazione);
    return part[column] ?? null;
  });
}

/** Memory the writing thread may use (it holds a chunk of rows and the zip's window). */
const WORKER_HEAP_MB = 256;

const WORKER_URL = new URL('./parts.xlsx-worker.js', import.meta.url);

/** From the writing thread: the file's next bytes, a chunk of rows written, the end, or a failure. */
type WorkerMessage =
  | { type: 'bytes'; bytes: Uint8Array }
  | { type: 'written' }
  | { type: 'done' }
  | { type: 'error'; message: string };

/**
 * The whole export as an XLSX byte stream (exceljs's streaming writer, on a thread of its own:
 * parts.xlsx-worker.js): the header row, then the parts chunk by chunk as the database hands them
 * over. A chunk is sent to the thread while it writes the one before (at most two in hand) and the
 * client has taken what came before, so memory stays flat however many parts there are; a failure mid-way
 * destroys the stream (the client sees a cut download, never a well-formed partial file).
 */
export function xlsxStream(parts: AsyncIterable<ExportedPart[]>): Readable {
  const out = new PassThrough();
  const worker = new Worker(WORKER_URL, {
    workerData: { header: [...CSV_COLUMNS], widths: CSV_COLUMNS.map((column) => WIDTHS[column] ?? 12) },
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  /** Told, in order, of each `written` (and the last `done`) the thread sends. */
  const waiting: { resolve(): void; reject(error: Error): void }[] = [];
  let failure: Error | undefined;
  const fail = (error: Error) => {
    failure ??= error;
    for (const reply of waiting.splice(0)) reply.reject(failure);
  };
  /** Sends `message`; resolves when the thread has dealt with it. */
  const send = (message: { type: 'rows'; rows: unknown[][] } | { type: 'end' }) => {
    if (failure) return Promise.reject(failure);
    const dealt = new Promise<void>((resolve, reject) => waiting.push({ resolve, reject }));
    worker.postMessage(message);
    return dealt;
  };
  worker.on('message', (message: WorkerMessage) => {
    if (message.type === 'bytes') {
      if (!out.destroyed) out.write(message.bytes);
    } else if (message.type === 'error') {
      fail(new Error(`XLSX export: ${message.message}`));
    } else {
      waiting.shift()?.resolve();
    }
  });
  worker.on('error', fail);
  worker.on('exit', () => fail(new Error('XLSX export: the writing thread ended')));

  const write = async () => {
    // One chunk ahead: the thread writes a chunk while the next is read and sent.
    let previous: Promise<void> = Promise.resolve();
    for await (const chunk of parts) {
      if (out.destroyed) return;
      const current = send({ type: 'rows', rows: chunk.map(partXlsxValues) });
      current.catch(() => undefined);
      await previous;
      previous = current;
      if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
    }
    await previous;
    if (out.destroyed) return;
    await send({ type: 'end' });
    out.end();
  };
  write()
    .catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))))
    .finally(() => void worker.terminate());
  return out;
}
