// Writes the Excel export on its own thread: exceljs builds each row's XML and the zip around it
// at ~20 µs a row, 2 s for 10^5 parts, and on the main thread it held the event loop up to 60 ms
// at a time (every other clerk's request waited behind it). Plain JavaScript: a worker thread
// cannot load TypeScript. The messages are described in parts.xlsx.ts: rows come in chunks (JSON), each
// acknowledged once written, so the main thread sends no more than the client takes; the file's
// bytes go back as exceljs produces them.
import { Writable } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { runInBackground } from '../../lib/background-thread.js';

if (!parentPort) throw new Error('parts.xlsx-worker must run in a worker thread');
const port = parentPort;
// A file no clerk waits on row by row: the threads answering requests get the cores first.
runInBackground();

/** @typedef {{ type: 'start', header: string[], widths: number[] } | { type: 'rows', json: string } | { type: 'end' }} Message */

/**
 * The export being written: a thread writes one at a time and, once it is done, may be handed the
 * next ('start' again), with exceljs already loaded (parts.xlsx.ts keeps a finished thread a while).
 * @type {{ workbook: InstanceType<typeof ExcelJS.stream.xlsx.WorkbookWriter>, sheet: ExcelJS.Worksheet } | undefined}
 */
let current;

/** @param {string[]} header @param {number[]} widths */
function start(header, widths) {
  /** The zip's bytes, handed to the main thread as written (copied: exceljs's buffers may be pooled). */
  const bytes = new Writable({
    write(chunk, _encoding, callback) {
      const copy = new Uint8Array(/** @type {Buffer} */ (chunk));
      port.postMessage({ type: 'bytes', bytes: copy }, [copy.buffer]);
      callback();
    },
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: bytes,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Componenti', { views: [{ state: 'frozen', ySplit: 1 }] });
  widths.forEach((width, index) => {
    sheet.getColumn(index + 1).width = width;
  });
  sheet.addRow(header).commit();
  current = { workbook, sheet };
}

/** @param {unknown} error */
function fail(error) {
  port.postMessage({ type: 'error', message: error instanceof Error ? error.message : String(error) });
}

port.on('message', (/** @type {Message} */ message) => {
  try {
    if (message.type === 'start') {
      start(message.header, message.widths);
      return;
    }
    if (!current) throw new Error('no export started');
    if (message.type === 'rows') {
      // A chunk's rows as the thread that read them rendered them (XLSX_RECORDS: a JSON array of
      // arrays of values), parsed here rather than on the main thread.
      const rows = /** @type {unknown[][]} */ (JSON.parse(message.json));
      for (const row of rows) current.sheet.addRow(row).commit();
      port.postMessage({ type: 'written' });
      return;
    }
    const { workbook, sheet } = current;
    current = undefined;
    sheet.commit();
    workbook.commit().then(() => port.postMessage({ type: 'done' }), fail);
  } catch (error) {
    fail(error);
  }
});
