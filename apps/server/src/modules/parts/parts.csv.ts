import { CSV_COLUMNS } from '@magazzino/contract';
import { csvLine } from '../../lib/csv.js';
import type { ExportRecords } from './parts.mapper.js';

/** Lets Excel and LibreOffice read the file as UTF-8 (accents, emoji). */
export const UTF8_BOM = '\uFEFF';

/** The fields of a part the export writes: CSV_COLUMNS, `anno` being annoImmatricolazione. */
export const CSV_FIELDS = CSV_COLUMNS.map((column) =>
  column === 'anno' ? ('annoImmatricolazione' as const) : column,
);

/** The CSV export's records: CSV_FIELDS as CSV lines (service.streamRecords). */
export const CSV_RECORDS: ExportRecords = { fields: CSV_FIELDS, format: 'csv' };

/**
 * The whole export as text chunks: BOM and header first, then the records of the parts as read
 * (service.streamRecords with CSV_RECORDS: rendered by lib/csv.js where the rows are read).
 */
export async function* csvChunks(records: AsyncIterable<string>): AsyncGenerator<string> {
  yield UTF8_BOM + csvLine(CSV_COLUMNS);
  yield* records;
}
