import type { PartsListFilter } from './query-keys';
import { filterSearch } from './get-parts';

/**
 * Address of GET /api/componenti/export.xlsx with the list's filters, search and order: the same
 * parts and columns as the CSV, as an Excel sheet (numbers as numbers, dates as dates). A plain
 * link with `download`, like the CSV: the server streams the workbook, the page builds nothing.
 */
export function exportXlsxUrl(filter: PartsListFilter): string {
  const search = filterSearch(filter).toString();
  return search === '' ? '/api/componenti/export.xlsx' : `/api/componenti/export.xlsx?${search}`;
}
