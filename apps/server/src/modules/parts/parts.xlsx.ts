import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { CSV_COLUMNS } from '@magazzino/contract';
import { CSV_FIELDS } from './parts.csv.js';
import type { ExportRecords } from './parts.mapper.js';
import { threadResourceLimits } from '../../lib/thread-memory.js';

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
 * The export's rows (service.streamRecords): the CSV's columns, as JSON arrays of values rendered
 * where the rows are read and parsed by the writing thread (the main thread only passes the text
 * on). peso, prezzo and anno are numbers, text is text (a cell typed as text is never read as a
 * formula, so nothing needs neutralising), an empty optional field an empty cell.
 */
export const XLSX_RECORDS: ExportRecords = {
  fields: CSV_FIELDS,
  format: 'json',
  asNumbers: ['annoImmatricolazione'],
};

/** Memory the writing thread may use (it holds a chunk of rows and the zip's window). */
const WORKER_HEAP_MB = 256;

const WORKER_URL = new URL('./parts.xlsx-worker.js', import.meta.url);

/** From the writing thread: the file's next bytes, a chunk of rows written, the end, or a failure. */
type WorkerMessage =
  | { type: 'bytes'; bytes: Uint8Array }
  | { type: 'written' }
  | { type: 'done' }
  | { type: 'error'; message: string };

/** To the writing thread: a new export's header, its rows chunk by chunk (a JSON array of rows), its end. */
type ToWorker =
  { type: 'start'; header: string[]; widths: number[] } | { type: 'rows'; json: string } | { type: 'end' };

/**
 * How long a thread that finished an export waits for the next one before it ends. Starting one
 * (loading exceljs) took ~400 ms of an export of 12 parts, 2026-12-02; a clerk who exports one list
 * then another gets the second from the thread already loaded. One thread waits at most.
 */
const IDLE_THREAD_MS = 30_000;

/** Threads started so far (a test checks that a finished one is reused, a cut one is not). */
let threadsStarted = 0;

/** How many writing threads this process has started. */
export function xlsxThreadsStarted(): number {
  return threadsStarted;
}

let idleThread: { worker: Worker; timer: NodeJS.Timeout; onExit: () => void } | undefined;

/** The waiting thread if there is one, else a new one. */
function takeThread(): Worker {
  if (idleThread) {
    const { worker, timer, onExit } = idleThread;
    idleThread = undefined;
    clearTimeout(timer);
    worker.off('exit', onExit);
    worker.ref();
    return worker;
  }
  threadsStarted += 1;
  const worker = new Worker(WORKER_URL, {
    resourceLimits: threadResourceLimits({ maxOldGenerationSizeMb: WORKER_HEAP_MB }),
  });
  // A thread failing while it waits ends (its exit forgets it), and nothing is thrown in the main
  // thread; a failure during an export is that export's (`fail` in xlsxStream).
  worker.on('error', () => undefined);
  return worker;
}

/**
 * A thread whose export ended well, kept for the next one (not holding the process open) for
 * IDLE_THREAD_MS; ended at once if another thread is already waiting.
 */
function keepThread(worker: Worker): void {
  if (idleThread) {
    void worker.terminate();
    return;
  }
  const onExit = () => {
    if (idleThread?.worker !== worker) return;
    clearTimeout(idleThread.timer);
    idleThread = undefined;
  };
  const timer = setTimeout(() => void worker.terminate(), IDLE_THREAD_MS);
  timer.unref();
  worker.once('exit', onExit);
  worker.unref();
  idleThread = { worker, timer, onExit };
}

/**
 * The whole export as an XLSX byte stream (exceljs's streaming writer, on a thread of its own:
 * parts.xlsx-worker.js, kept a while for the next export: `keepThread`): the header row, then the
 * rows chunk by chunk as the database hands them over (each chunk a JSON array of rows, XLSX_RECORDS,
 * parsed by the thread). A chunk is sent to the thread while it
 * writes the one before (at most two in hand) and the client has taken what came before, so memory
 * stays flat however many parts there are; a failure mid-way destroys the stream (the client sees a
 * cut download, never a well-formed partial file) and ends the thread, as a client gone does.
 */
export function xlsxStream(rows: AsyncIterable<string>): Readable {
  const out = new PassThrough();
  const worker = takeThread();
  /** Told, in order, of each `written` (and the last `done`) the thread sends. */
  const waiting: { resolve(): void; reject(error: Error): void }[] = [];
  let failure: Error | undefined;
  const fail = (error: Error) => {
    failure ??= error;
    for (const reply of waiting.splice(0)) reply.reject(failure);
  };
  const post = (message: ToWorker) => worker.postMessage(message);
  /** Sends `message`; resolves when the thread has dealt with it. */
  const send = (message: ToWorker & { type: 'rows' | 'end' }) => {
    if (failure) return Promise.reject(failure);
    const dealt = new Promise<void>((resolve, reject) => waiting.push({ resolve, reject }));
    post(message);
    return dealt;
  };
  const onMessage = (message: WorkerMessage) => {
    if (message.type === 'bytes') {
      if (!out.destroyed) out.write(message.bytes);
    } else if (message.type === 'error') {
      fail(new Error(`XLSX export: ${message.message}`));
    } else {
      waiting.shift()?.resolve();
    }
  };
  const onExit = () => fail(new Error('XLSX export: the writing thread ended'));
  worker.on('message', onMessage);
  worker.on('error', fail);
  worker.on('exit', onExit);
  post({
    type: 'start',
    header: [...CSV_COLUMNS],
    widths: CSV_COLUMNS.map((column) => WIDTHS[column] ?? 12),
  });

  /** Writes the file; whether it was written to its end (not cut by the client going away). */
  const write = async (): Promise<boolean> => {
    // One chunk ahead: the thread writes a chunk while the next is read and sent.
    let previous: Promise<void> = Promise.resolve();
    for await (const json of rows) {
      if (out.destroyed) return false;
      const current = send({ type: 'rows', json });
      current.catch(() => undefined);
      await previous;
      previous = current;
      if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
    }
    await previous;
    if (out.destroyed) return false;
    await send({ type: 'end' });
    out.end();
    return true;
  };
  void write()
    .catch((error: unknown) => {
      out.destroy(error instanceof Error ? error : new Error(String(error)));
      return false;
    })
    .then((whole) => {
      worker.off('message', onMessage);
      worker.off('error', fail);
      worker.off('exit', onExit);
      // A thread stopped mid-file holds that file's half: only a finished one writes the next.
      if (whole) keepThread(worker);
      else void worker.terminate();
    });
  return out;
}
