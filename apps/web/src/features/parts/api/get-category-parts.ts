import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { partKeys, type PageParams } from './query-keys';
import { readPartsPage, type PartsPage } from './read-page';

/** GET /api/componenti/singolacategoria/:categoria with paging and order. */
export async function getCategoryParts(
  categoria: string,
  { limit, offset, sort }: PageParams,
  signal?: AbortSignal,
): Promise<PartsPage> {
  const search = new URLSearchParams({ limit: String(limit), offset: String(offset) });
  if (sort !== null) search.set('sort', sort);
  const response = await apiRequest(
    `/api/componenti/singolacategoria/${encodeURIComponent(categoria)}?${search.toString()}`,
    { signal },
  );
  return readPartsPage(response, offset);
}

/** Query of one page of a category. */
export function categoryPartsQueryOptions(categoria: string, page: PageParams) {
  return queryOptions({
    queryKey: partKeys.category(categoria, page),
    queryFn: ({ signal }) => getCategoryParts(categoria, page, signal),
    placeholderData: keepPreviousData,
  });
}

/** One page of the parts of a category. */
export function useCategoryParts(categoria: string, page: PageParams) {
  return useQuery(categoryPartsQueryOptions(categoria, page));
}
