import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { partKeys } from './query-keys';
import { readPartsPage, type PartsPage } from './read-page';

/** GET /api/componenti/singolacategoria/:categoria with paging. */
export async function getCategoryParts(
  categoria: string,
  limit: number,
  offset: number,
  signal?: AbortSignal,
): Promise<PartsPage> {
  const search = new URLSearchParams({ limit: String(limit), offset: String(offset) });
  const response = await apiRequest(
    `/api/componenti/singolacategoria/${encodeURIComponent(categoria)}?${search.toString()}`,
    { signal },
  );
  return readPartsPage(response, offset);
}

/** Query of one page of a category. */
export function categoryPartsQueryOptions(categoria: string, limit: number, offset: number) {
  return queryOptions({
    queryKey: partKeys.category(categoria, limit, offset),
    queryFn: ({ signal }) => getCategoryParts(categoria, limit, offset, signal),
    placeholderData: keepPreviousData,
  });
}

/** One page of the parts of a category. */
export function useCategoryParts(categoria: string, limit: number, offset: number) {
  return useQuery(categoryPartsQueryOptions(categoria, limit, offset));
}
