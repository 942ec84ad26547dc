import { CSV_COLUMNS, type Part } from '@magazzino/contract';

/** Lets Excel and LibreOffice read the file as UTF-8 (accents, emoji). */
export const UTF8_BOM = '\uFEFF';

const LINE_END = '\r\n';

/** First characters that make a spreadsheet read a cell as a formula (CSV injection). */
const FORMULA_TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r']);
/** A cell that starts with a formula trigger or holds a character that needs quoting. */
const NEEDS_CARE = /^[=+\-@\t\r]|[",;\r\n]/;

/**
 * One CSV cell: a leading formula trigger is neutralised with a single quote (OWASP advice),
 * then the cell is quoted per RFC 4180 when it holds a separator (a comma, or the semicolon Excel
 * splits on in Italian locales: `x;=1+1;y` would otherwise become a cell `=1+1`), a quote or a
 * line break.
 */
export function csvCell(value: string | number): string {
  let text = typeof value === 'string' ? value : String(value);
  // Most cells need neither: one test for both, on the export's hot path.
  if (!NEEDS_CARE.test(text)) return text;
  if (text.length > 0 && FORMULA_TRIGGERS.has(text.charAt(0))) text = `'${text}`;
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * One CSV record of `count` cells, CRLF-terminated; an absent value (null) is an empty cell. Built
 * in one string, without an array per record: the export writes 10^5 of them at a time.
 */
function csvRecord(count: number, valueAt: (index: number) => string | number | null | undefined): string {
  let line = '';
  for (let i = 0; i < count; i += 1) {
    if (i > 0) line += ',';
    const value = valueAt(i);
    if (value !== null && value !== undefined) line += csvCell(value);
  }
  return line + LINE_END;
}

/** One CSV record, CRLF-terminated. */
export function csvLine(values: readonly (string | number)[]): string {
  return csvRecord(values.length, (i) => values[i]);
}

/** The fields of a part the export reads: CSV_COLUMNS, `anno` being annoImmatricolazione. */
export const CSV_FIELDS = CSV_COLUMNS.map((column) =>
  column === 'anno' ? ('annoImmatricolazione' as const) : column,
);
/** What the export knows of a part (service.streamFields with CSV_FIELDS). */
export type CsvPart = Pick<Part, (typeof CSV_FIELDS)[number]>;

/** The export's record of a part, in CSV_COLUMNS order (`anno` from annoImmatricolazione). */
function partCsvLine(part: CsvPart): string {
  return csvRecord(CSV_FIELDS.length, (i) => part[CSV_FIELDS[i] as (typeof CSV_FIELDS)[number]]);
}

/** The whole export as text chunks: BOM and header first, then one chunk per chunk of parts. */
export async function* csvChunks(parts: AsyncIterable<CsvPart[]>): AsyncGenerator<string> {
  yield UTF8_BOM + csvLine(CSV_COLUMNS);
  for await (const chunk of parts) {
    let text = '';
    for (const part of chunk) text += partCsvLine(part);
    yield text;
  }
}
