// Writes the Excel export on its own thread: exceljs builds each row's XML and the zip around it
// at ~20 µs a row, 2 s for 10^5 parts, and on the main thread it held the event loop up to 60 ms
// at a time (every other clerk's request waited behind it). Plain JavaScript: a worker thread
// cannot load TypeScript. The messages are described in parts.xlsx.ts: rows come in chunks, each
// acknowledged once written, so the main thread sends no more than the client takes; the file's
// bytes go back as exceljs produces them.
import { Writable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import ExcelJS from 'exceljs';

if (!parentPort) throw new Error('parts.xlsx-worker must run in a worker thread');
const port = parentPort;

/** @type {{ header: string[], widths: number[] }} */
const options = workerData;

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
options.widths.forEach((width, index) => {
  sheet.getColumn(index + 1).width = width;
});
sheet.addRow(options.header).commit();

/** @param {unknown} error */
function fail(error) {
  port.postMessage({ type: 'error', message: error instanceof Error ? error.message : String(error) });
}

port.on('message', (/** @type {{ type: 'rows', rows: unknown[][] } | { type: 'end' }} */ message) => {
  try {
    if (message.type === 'rows') {
      for (const row of message.rows) sheet.addRow(row).commit();
      port.postMessage({ type: 'written' });
      return;
    }
    sheet.commit();
    workbook.commit().then(() => port.postMessage({ type: 'done' }), fail);
  } catch (error) {
    fail(error);
  }
});
