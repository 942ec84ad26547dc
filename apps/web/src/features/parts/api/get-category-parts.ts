import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { pageSearch, partKeys, type PageParams } from './query-keys';
import { readPartsPage, type PartsPage } from './read-page';

/** GET /api/componenti/singolacategoria/:categoria with paging, order and status filter. */
export async function getCategoryParts(
  categoria: string,
  page: PageParams,
  signal?: AbortSignal,
): Promise<PartsPage> {
  const search = pageSearch(page);
  const response = await apiRequest(
    `/api/componenti/singolacategoria/${encodeURIComponent(categoria)}?${search.toString()}`,
    { signal },
  );
  return readPartsPage(response, page.offset);
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
