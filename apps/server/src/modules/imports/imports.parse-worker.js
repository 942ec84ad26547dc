// Reads an uploaded spreadsheet on its own thread: a 100,000-row XLSX takes seconds of XML
// parsing, which must never hold the event loop. Plain JavaScript: a worker thread cannot load
// TypeScript. The rows travel in batches, each sent when the main thread asks for the next one
// (`{ type: 'next' }`), so a slow consumer never has the whole file in memory. The messages are
// described in imports.reader.ts.
import { Readable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { runInBackground } from '../../lib/background-thread.js';

if (!parentPort) throw new Error('imports.parse-worker must run in a worker thread');
const port = parentPort;
// A whole file read at once: the threads answering other clerks' requests get the cores first.
runInBackground();

/** @type {{ bytes: Uint8Array, format: 'csv' | 'xlsx', batchSize: number, maxRows: number, maxColumns: number }} */
const options = workerData;

/** A failure to tell the user: the message is Italian and ends up in the 400 answer. */
class ReadError extends Error {}

/** @type {(() => void)[]} */
const waiting = [];
let asked = 0;
port.on('message', (/** @type {{ type: string }} */ message) => {
  if (message.type !== 'next') return;
  asked += 1;
  const resolve = waiting.shift();
  if (resolve) resolve();
});

/** Resolves when the main thread has asked for one more batch than it was sent. */
function nextRequested() {
  if (asked > 0) {
    asked -= 1;
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    waiting.push(() => {
      asked -= 1;
      resolve(undefined);
    });
  });
}

/** UTF-8 (the BOM dropped); a file that is not valid UTF-8 is read as Windows-1252 (Excel's "CSV"). */
function decodeText(/** @type {Uint8Array} */ bytes) {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The separator of the header line: the most frequent of ';', ',' and tab outside quotes (',' by default). */
function detectDelimiter(/** @type {string} */ text) {
  const counts = { ';': 0, ',': 0, '\t': 0 };
  let quoted = false;
  for (let index = 0; index < text.length && index < 1_000_000; index += 1) {
    const char = text.charAt(index);
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char in counts) counts[/** @type {';' | ',' | '\t'} */ (char)] += 1;
  }
  /** @type {';' | ',' | '\t'} */
  let best = ',';
  for (const char of /** @type {const} */ ([';', '\t'])) if (counts[char] > counts[best]) best = char;
  return best;
}

/** The text in 64 KB pieces, so the parser stops between them when nobody reads. */
function* pieces(/** @type {string} */ text) {
  for (let start = 0; start < text.length; start += 65536) yield text.slice(start, start + 65536);
}

/**
 * The records of a CSV, numbered from 1 as a spreadsheet numbers its rows.
 * @returns {AsyncGenerator<{ line: number, cells: string[] }>}
 */
async function* csvRecords(/** @type {Uint8Array} */ bytes) {
  const text = decodeText(bytes);
  const parser = Readable.from(pieces(text)).pipe(
    parse({
      delimiter: detectDelimiter(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      max_record_size: 1_000_000,
    }),
  );
  let line = 0;
  try {
    for await (const record of parser) {
      line += 1;
      yield { line, cells: /** @type {string[]} */ (record) };
    }
  } catch (error) {
    const code = /** @type {{ code?: string }} */ (error).code;
    const where = `alla riga ${line + 1}`;
    if (code === 'CSV_QUOTE_NOT_CLOSED') {
      throw new ReadError(`Il file CSV non è leggibile: una virgoletta aperta ${where} non è mai chiusa.`);
    }
    if (code === 'CSV_MAX_RECORD_SIZE')
      throw new ReadError(`Il file CSV ha una riga troppo lunga (${where}).`);
    throw new ReadError(`Il file CSV non è leggibile ${where}: controlla virgolette e separatori.`);
  }
}

/** Nothing after rounding: 12.300000000000001 → 12.3 (what the spreadsheet shows). */
function numberText(/** @type {number} */ value) {
  return Number.isFinite(value) ? String(Number(value.toPrecision(15))) : String(value);
}

/**
 * One XLSX cell as text: numbers as they are, dates as YYYY-MM-DD, rich text joined, links by
 * their text, and a formula as its own text ('=A1*2'): never evaluated, nor its cached result taken.
 */
function cellText(/** @type {unknown} */ value) {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return value ? 'VERO' : 'FALSO';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const cell = /** @type {Record<string, unknown>} */ (value);
    if (typeof cell.formula === 'string') return `=${cell.formula}`;
    if ('sharedFormula' in cell || 'formula' in cell) return '=';
    if (Array.isArray(cell.richText)) {
      return cell.richText.map((run) => String(/** @type {{ text?: unknown }} */ (run).text ?? '')).join('');
    }
    if ('text' in cell) return cellText(cell.text);
    if (typeof cell.error === 'string') return cell.error;
  }
  return String(value);
}

/**
 * The rows of the first worksheet, numbered as the sheet numbers them.
 * @returns {AsyncGenerator<{ line: number, cells: string[] }>}
 */
async function* xlsxRecords(/** @type {Uint8Array} */ bytes) {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([Buffer.from(bytes)]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    // Styles tell a date from a number.
    styles: 'cache',
    worksheets: 'emit',
    entries: 'ignore',
  });
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = /** @type {unknown[]} */ (row.values);
        const cells = [];
        for (let index = 1; index < values.length; index += 1) cells.push(cellText(values[index]));
        yield { line: row.number, cells };
      }
      // The first worksheet only.
      return;
    }
  } catch (error) {
    if (error instanceof ReadError) throw error;
    throw new ReadError(
      'Il foglio Excel è danneggiato o non è leggibile: salvalo di nuovo come .xlsx e riprova.',
    );
  }
}

function isEmpty(/** @type {string[]} */ cells) {
  return cells.every((cell) => cell.trim() === '');
}

async function run() {
  const records = options.format === 'xlsx' ? xlsxRecords(options.bytes) : csvRecords(options.bytes);
  /** @type {{ line: number, cells: string[] } | undefined} */
  let header;
  /** @type {{ line: number, cells: string[] }[]} */
  let batch = [];
  let rows = 0;
  await nextRequested();
  for await (const record of records) {
    if (isEmpty(record.cells)) continue;
    if (!header) {
      const last = record.cells.findLastIndex((cell) => cell.trim() !== '');
      if (last + 1 > options.maxColumns) {
        throw new ReadError(`Il file ha troppe colonne: al massimo ${options.maxColumns}.`);
      }
      header = { line: record.line, cells: record.cells.slice(0, last + 1) };
      continue;
    }
    rows += 1;
    if (rows > options.maxRows) {
      const max = new Intl.NumberFormat('it-IT').format(options.maxRows);
      throw new ReadError(`Il file ha più di ${max} righe: dividilo in più file.`);
    }
    batch.push({ line: record.line, cells: record.cells.slice(0, header.cells.length) });
    if (batch.length >= options.batchSize) {
      port.postMessage({ type: 'rows', header: header.cells, rows: batch, done: false });
      batch = [];
      await nextRequested();
    }
  }
  port.postMessage({ type: 'rows', header: header?.cells, rows: batch, done: true });
}

run().catch((/** @type {unknown} */ error) => {
  const message =
    error instanceof ReadError
      ? error.message
      : 'Il file non è leggibile: controlla che sia un CSV o un foglio Excel.';
  port.postMessage({
    type: 'error',
    message,
    detail: error instanceof Error ? error.message : String(error),
  });
});
