import type { PartsListFilter } from './query-keys';
import { filterSearch } from './get-parts';

/**
 * Address of GET /api/componenti/export.csv with the list's filters, search and order. The page
 * links to it with `download`, so the browser streams the file to disk: no CSV is ever built in
 * the page, and a list of 100,000 parts starts downloading at once.
 */
export function exportCsvUrl(filter: PartsListFilter): string {
  const search = filterSearch(filter).toString();
  return search === '' ? '/api/componenti/export.csv' : `/api/componenti/export.csv?${search}`;
}
