import type { PartsListParams } from './query-keys';
import { filterSearch } from './get-parts';

/**
 * Address of GET /api/componenti/export.csv with the current filters. The page links to it with
 * `download`, so the browser streams the file to disk: no CSV is ever built in the page, and a
 * list of 100,000 parts starts downloading at once.
 */
export function exportCsvUrl(filters: Pick<PartsListParams, 'nome' | 'marca' | 'modello'>): string {
  const search = filterSearch(filters).toString();
  return search === '' ? '/api/componenti/export.csv' : `/api/componenti/export.csv?${search}`;
}
