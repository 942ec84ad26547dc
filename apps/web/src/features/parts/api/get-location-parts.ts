import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { pageSearch, partKeys, type PageParams } from './query-keys';
import { readPartsPage, type PartsPage } from './read-page';

/**
 * GET /api/componenti/magazzino/:scaffale[/:campata[/:ripiano[/:cassetta]]] with paging,
 * order and status filter: the parts under the leading segments of a location (1 to 4, each encoded).
 */
export async function getLocationParts(
  segments: readonly string[],
  page: PageParams,
  signal?: AbortSignal,
): Promise<PartsPage> {
  const path = segments.map((segment) => encodeURIComponent(segment)).join('/');
  const search = pageSearch(page);
  const response = await apiRequest(`/api/componenti/magazzino/${path}?${search.toString()}`, { signal });
  return readPartsPage(response, page.offset);
}

/** Query of one page of the parts at a location. */
export function locationPartsQueryOptions(segments: readonly string[], page: PageParams) {
  return queryOptions({
    queryKey: partKeys.location(segments, page),
    queryFn: ({ signal }) => getLocationParts(segments, page, signal),
    placeholderData: keepPreviousData,
  });
}

/** One page of the parts under a location; idle until at least the scaffale is given. */
export function useLocationParts(segments: readonly string[], page: PageParams) {
  return useQuery({ ...locationPartsQueryOptions(segments, page), enabled: segments.length > 0 });
}
