import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryCount } from '@magazzino/contract';
import { apiJson } from '../../../lib/api-client';
import { partKeys } from './query-keys';

/** GET /api/componenti/categorie: every category with its number of parts, sorted by name. */
export function getCategories(signal?: AbortSignal): Promise<CategoryCount[]> {
  return apiJson<CategoryCount[]>('/api/componenti/categorie', { signal });
}

/** Query of the category tiles. */
export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: partKeys.categories(),
    queryFn: ({ signal }) => getCategories(signal),
  });
}

/** The categories with their counts. */
export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
