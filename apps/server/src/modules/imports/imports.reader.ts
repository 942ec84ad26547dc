import { Worker } from 'node:worker_threads';
import { IMPORT_LIMITS, type ImportFormat } from '@magazzino/contract';
import { importErrors } from './imports.errors.js';
import { threadResourceLimits } from '../../lib/thread-memory.js';

/** A data row of the file: its number in the sheet (header = 1 when it is the first row) and its cells. */
export interface SheetRow {
  line: number;
  cells: string[];
}

/**
 * Rows handed over per message of the worker, and written per transaction by an import: on SQLite
 * a transaction holds the event loop while it writes (100 rows with their history: about 10 ms;
 * 500 held it up to 100 ms), so other clerks wait at most that long.
 */
export const READ_BATCH = 100;

/** Memory a reading thread may use: a file crafted to expand without end stops here, not the server. */
const WORKER_HEAP_MB = 256;

type WorkerMessage =
  | { type: 'rows'; header?: string[]; rows: SheetRow[]; done: boolean }
  | { type: 'error'; message: string; detail: string };

const WORKER_URL = new URL('./imports.parse-worker.js', import.meta.url);

/** An open file: its header cells (as written), and its data rows in batches, read on demand. */
export interface OpenSheet {
  header: string[];
  batches: AsyncGenerator<SheetRow[]>;
  /** Ends the reading thread (done by itself once every batch is read): call it in a `finally`. */
  close(): Promise<void>;
}

/**
 * Opens an uploaded file on a worker thread (CSV or XLSX) and reads its first batch: a file that
 * cannot be read, has no rows or too many columns fails here, with the Italian reason (400). The
 * remaining batches are read as they are pulled; the thread ends when they are all read or the
 * caller closes the sheet.
 */
export async function openSheet(bytes: Uint8Array, format: ImportFormat): Promise<OpenSheet> {
  const worker = new Worker(WORKER_URL, {
    workerData: {
      bytes,
      format,
      batchSize: READ_BATCH,
      maxRows: IMPORT_LIMITS.maxRows,
      maxColumns: IMPORT_LIMITS.maxColumns,
    },
    resourceLimits: threadResourceLimits({ maxOldGenerationSizeMb: WORKER_HEAP_MB }),
  });
  let pending: { resolve(message: WorkerMessage): void; reject(error: unknown): void } | undefined;
  let failure: Error | undefined;
  worker.on('message', (message: WorkerMessage) => {
    const waiting = pending;
    pending = undefined;
    waiting?.resolve(message);
  });
  const fail = (error: unknown) => {
    failure ??= error instanceof Error ? error : new Error(String(error));
    const waiting = pending;
    pending = undefined;
    waiting?.reject(failure);
  };
  worker.on('error', (error) => {
    const outOfMemory = (error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY';
    fail(outOfMemory ? importErrors.fileTooComplex() : error);
  });
  worker.on('exit', () => fail(new Error('import reader thread exited')));

  const next = (): Promise<WorkerMessage> => {
    if (failure) return Promise.reject(failure);
    return new Promise<WorkerMessage>((resolve, reject) => {
      pending = { resolve, reject };
      worker.postMessage({ type: 'next' });
    });
  };
  const read = async (): Promise<{ header?: string[] | undefined; rows: SheetRow[]; done: boolean }> => {
    const message = await next();
    if (message.type === 'error') throw importErrors.unreadable(message.message);
    return message;
  };

  let first: Awaited<ReturnType<typeof read>>;
  try {
    first = await read();
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  if (!first.header) {
    await worker.terminate();
    throw importErrors.emptyFile();
  }
  const batches = (async function* batches() {
    try {
      let current = first;
      for (;;) {
        if (current.rows.length > 0) yield current.rows;
        if (current.done) return;
        current = await read();
      }
    } finally {
      await worker.terminate();
    }
  })();
  return {
    header: first.header,
    batches,
    close: async () => {
      await worker.terminate();
    },
  };
}
