import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryCount } from '@magazzino/contract';
import { apiJson } from '../../../lib/api-client';
import { partKeys } from './query-keys';

/**
 * GET /api/componenti/categorie: every category with its number of parts in the statuses asked
 * for (`stato`, '' for the parts in stock), sorted by name.
 */
export function getCategories(stato = '', signal?: AbortSignal): Promise<CategoryCount[]> {
  const search = stato === '' ? '' : `?${new URLSearchParams({ stato }).toString()}`;
  return apiJson<CategoryCount[]>(`/api/componenti/categorie${search}`, { signal });
}

/** Query of the category tiles. */
export function categoriesQueryOptions(stato = '') {
  return queryOptions({
    queryKey: partKeys.categories(stato),
    queryFn: ({ signal }) => getCategories(stato, signal),
  });
}

/** The categories with their counts (of the parts in stock unless `stato` says otherwise). */
export function useCategories(stato = '') {
  return useQuery(categoriesQueryOptions(stato));
}
