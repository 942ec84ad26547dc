// CSV records (RFC 4180, CRLF), with spreadsheet formulas neutralised, and the same cells as JSON
// values for the Excel export's writing thread. Plain JavaScript with JSDoc types: the threads that
// read an export's rows (db/sqlite-read-worker.js, db/pg-csv-worker.js), which cannot load
// TypeScript, render them with these same functions, where the rows are read.

/** First characters that make a spreadsheet read a cell as a formula (CSV injection). */
const FORMULA_TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r']);
/** A cell that starts with a formula trigger or holds a character that needs quoting. */
const NEEDS_CARE = /^[=+\-@\t\r]|[",;\r\n]/;
/** A character that makes a cell quoted. */
const NEEDS_QUOTES = /[",;\r\n]/;

const LINE_END = '\r\n';

/**
 * One CSV cell: a leading formula trigger is neutralised with a single quote (OWASP advice),
 * then the cell is quoted per RFC 4180 when it holds a separator (a comma, or the semicolon Excel
 * splits on in Italian locales: `x;=1+1;y` would otherwise become a cell `=1+1`), a quote or a
 * line break.
 * @param {string | number} value
 * @returns {string}
 */
export function csvCell(value) {
  let text = typeof value === 'string' ? value : String(value);
  // Most cells need neither: one test for both, on the export's hot path.
  if (!NEEDS_CARE.test(text)) return text;
  if (text.length > 0 && FORMULA_TRIGGERS.has(text.charAt(0))) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * One CSV record of `count` cells, CRLF-terminated; an absent value (null) is an empty cell. Built
 * in one string, without an array per record: an export writes 10^5 of them at a time.
 * @param {number} count
 * @param {(index: number) => string | number | null | undefined} valueAt
 * @returns {string}
 */
export function csvRecord(count, valueAt) {
  let line = '';
  for (let i = 0; i < count; i += 1) {
    if (i > 0) line += ',';
    const value = valueAt(i);
    if (value !== null && value !== undefined) line += csvCell(value);
  }
  return line + LINE_END;
}

/**
 * One CSV record, CRLF-terminated.
 * @param {readonly (string | number)[]} values
 * @returns {string}
 */
export function csvLine(values) {
  return csvRecord(values.length, (i) => values[i]);
}

/**
 * A cell of the records `csvRecords` renders: the query's column `name`, a number in it divided by
 * `divisor` when given (a weight stored in grams, shown in Kg), a text read as a number when
 * `number` (the registration year, a number in a spreadsheet).
 * @typedef {{ name: string, divisor?: number, number?: boolean }} CsvColumn
 */

/**
 * What an export's rows are rendered as where they are read: CSV records (`csvRecords`), or the
 * cells' values as one JSON array of rows (`jsonRecords`, the Excel export's).
 * @typedef {'csv' | 'json'} RecordFormat
 */

/**
 * The value of a cell: a number divided by the cell's divisor, when it has one; a text read as a
 * number when the cell says so.
 * @param {unknown} value
 * @param {CsvColumn | undefined} cell
 * @returns {string | number | null}
 */
function cellValue(value, cell) {
  const read = /** @type {string | number | null} */ (value);
  if (read === null || cell === undefined) return read;
  if (cell.divisor !== undefined) return Number(read) / cell.divisor;
  return cell.number ? Number(read) : read;
}

/**
 * The CSV records of a query's rows (each an array of values in the order of `names`, the query's
 * column names), one per row, joined in one string. Cell i is column `cells[i].name`; other
 * columns (a keyset's sort key) are not written.
 * @param {readonly (readonly unknown[])[]} rows
 * @param {readonly string[]} names
 * @param {readonly CsvColumn[]} cells
 * @returns {string}
 */
export function csvRecords(rows, names, cells) {
  const indexes = columnIndexes(names, cells);
  let text = '';
  for (const row of rows) {
    text += csvRecord(cells.length, (i) => cellValue(row[/** @type {number} */ (indexes[i])], cells[i]));
  }
  return text;
}

/**
 * The same records from rows as objects keyed by column name (a driver's rows).
 * @param {readonly Record<string, unknown>[]} rows
 * @param {readonly CsvColumn[]} cells
 * @returns {string}
 */
export function csvRecordsOfObjects(rows, cells) {
  checkColumns(rows, cells);
  let text = '';
  for (const row of rows) {
    text += csvRecord(cells.length, (i) => {
      const cell = /** @type {CsvColumn} */ (cells[i]);
      return cellValue(row[cell.name], cell);
    });
  }
  return text;
}

/**
 * The cells of each row as one JSON array of arrays (an absent value is null): what the Excel
 * export's writing thread takes, parsed there, so the thread that read the rows sends one string.
 * @param {readonly (readonly unknown[])[]} rows
 * @param {readonly string[]} names
 * @param {readonly CsvColumn[]} cells
 * @returns {string}
 */
export function jsonRecords(rows, names, cells) {
  const indexes = columnIndexes(names, cells);
  return JSON.stringify(
    rows.map((row) => cells.map((cell, i) => cellValue(row[/** @type {number} */ (indexes[i])], cell))),
  );
}

/**
 * The same JSON from rows as objects keyed by column name (a driver's rows).
 * @param {readonly Record<string, unknown>[]} rows
 * @param {readonly CsvColumn[]} cells
 * @returns {string}
 */
export function jsonRecordsOfObjects(rows, cells) {
  checkColumns(rows, cells);
  return JSON.stringify(rows.map((row) => cells.map((cell) => cellValue(row[cell.name], cell))));
}

/**
 * `rows` (arrays of values in the order of `names`) rendered as `format` asks.
 * @param {readonly (readonly unknown[])[]} rows
 * @param {readonly string[]} names
 * @param {readonly CsvColumn[]} cells
 * @param {RecordFormat} format
 * @returns {string}
 */
export function renderRecords(rows, names, cells, format) {
  return format === 'json' ? jsonRecords(rows, names, cells) : csvRecords(rows, names, cells);
}

/**
 * `rows` (objects keyed by column name) rendered as `format` asks.
 * @param {readonly Record<string, unknown>[]} rows
 * @param {readonly CsvColumn[]} cells
 * @param {RecordFormat} format
 * @returns {string}
 */
export function renderRecordsOfObjects(rows, cells, format) {
  return format === 'json' ? jsonRecordsOfObjects(rows, cells) : csvRecordsOfObjects(rows, cells);
}

/**
 * Records rendered apart (texts of `format`, each of one or more rows) as one text: CSV records
 * follow one another, JSON arrays become one array. No text at all is the empty string.
 * @param {readonly string[]} texts
 * @param {RecordFormat} format
 * @returns {string}
 */
export function joinRecords(texts, format) {
  if (format === 'csv' || texts.length <= 1) return texts.join('');
  return `[${texts.map((text) => text.slice(1, -1)).join(',')}]`;
}

/**
 * Where each cell's column is in `names`.
 * @param {readonly string[]} names
 * @param {readonly CsvColumn[]} cells
 * @returns {number[]}
 */
function columnIndexes(names, cells) {
  return cells.map((cell) => {
    const index = names.indexOf(cell.name);
    if (index < 0) throw new Error(`csvRecords: the query has no column ${cell.name}`);
    return index;
  });
}

/**
 * Throws when the rows lack a cell's column.
 * @param {readonly Record<string, unknown>[]} rows
 * @param {readonly CsvColumn[]} cells
 */
function checkColumns(rows, cells) {
  const first = rows[0];
  const missing = first && cells.find((cell) => !(cell.name in first));
  if (missing) throw new Error(`csvRecords: the query has no column ${missing.name}`);
}
