import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { partKeys, type PartsListFilter, type PartsListParams } from './query-keys';
import { readPartsPage, type PartsPage } from './read-page';

/**
 * The query string of the list's filters, search and order (empty ones left out); shared with the
 * CSV export, so the file holds what the list shows, in the same order.
 */
export function filterSearch(filter: PartsListFilter): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of ['nome', 'marca', 'modello', 'q', 'stato', 'prezzoMin', 'prezzoMax'] as const) {
    const value = filter[key].trim();
    if (value !== '') search.set(key, value);
  }
  if (filter.sort !== null) search.set('sort', filter.sort);
  return search;
}

/** GET /api/componenti with filters and paging: filtering, counting and paging happen on the server. */
export async function getParts(params: PartsListParams, signal?: AbortSignal): Promise<PartsPage> {
  const search = filterSearch(params);
  search.set('limit', String(params.limit));
  search.set('offset', String(params.offset));
  const response = await apiRequest(`/api/componenti?${search.toString()}`, { signal });
  return readPartsPage(response, params.offset);
}

/**
 * Query of one page of the list; the previous page stays on screen while the next one loads. A new
 * search is a new key: the request of the one before, if still running, is aborted (the signal
 * reaches fetch), so typing never queues up answers nobody will look at.
 */
export function partsQueryOptions(params: PartsListParams) {
  return queryOptions({
    queryKey: partKeys.list(params),
    queryFn: ({ signal }) => getParts(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** One page of the filtered parts list. */
export function useParts(params: PartsListParams) {
  return useQuery(partsQueryOptions(params));
}
