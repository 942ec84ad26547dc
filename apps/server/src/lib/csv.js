// CSV records (RFC 4180, CRLF), with spreadsheet formulas neutralised. Plain JavaScript with JSDoc
// types: the SQLite reader threads (db/sqlite-read-worker.js), which cannot load TypeScript, render
// an export's rows with these same functions, where the rows are read.

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
 * `divisor` when given (a weight stored in grams, shown in Kg).
 * @typedef {{ name: string, divisor?: number }} CsvColumn
 */

/**
 * The value of a cell: a number divided by the cell's divisor, when it has one.
 * @param {unknown} value
 * @param {number | undefined} divisor
 * @returns {string | number | null}
 */
function cellValue(value, divisor) {
  const cell = /** @type {string | number | null} */ (value);
  return divisor === undefined || cell === null ? cell : Number(cell) / divisor;
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
  const indexes = cells.map((cell) => {
    const index = names.indexOf(cell.name);
    if (index < 0) throw new Error(`csvRecords: the query has no column ${cell.name}`);
    return index;
  });
  let text = '';
  for (const row of rows) {
    text += csvRecord(cells.length, (i) =>
      cellValue(row[/** @type {number} */ (indexes[i])], cells[i]?.divisor),
    );
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
  const first = rows[0];
  const missing = first && cells.find((cell) => !(cell.name in first));
  if (missing) throw new Error(`csvRecords: the query has no column ${missing.name}`);
  let text = '';
  for (const row of rows) {
    text += csvRecord(cells.length, (i) => {
      const cell = /** @type {CsvColumn} */ (cells[i]);
      return cellValue(row[cell.name], cell.divisor);
    });
  }
  return text;
}
