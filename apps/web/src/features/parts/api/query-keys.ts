import type { QueryClient } from '@tanstack/react-query';
import type { Location } from '@magazzino/contract';

/** Filters and paging of the parts list, as sent to GET /api/componenti. */
export interface PartsListParams {
  nome: string;
  marca: string;
  modello: string;
  limit: number;
  offset: number;
}

/**
 * Query keys of the parts feature. Everything starts with 'parts', so a change to any part
 * (create, update, delete) invalidates every list, detail and count at once.
 */
export const partKeys = {
  all: ['parts'] as const,
  list: (params: PartsListParams) => ['parts', 'list', params] as const,
  detail: (id: string) => ['parts', 'detail', id] as const,
  categories: () => ['parts', 'categories'] as const,
  category: (categoria: string, limit: number, offset: number) =>
    ['parts', 'category', categoria, { limit, offset }] as const,
  location: (location: Location) => ['parts', 'location', location] as const,
};

/**
 * After a part was changed or deleted: every list and count is refreshed, while the part's own
 * entry is only marked stale. The screen that made the change still shows it (and may still be
 * leaving: refetching it now would remount the edit form, or fetch a 404 after a deletion).
 */
export async function refreshAfterChange(queryClient: QueryClient, id: string): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: partKeys.detail(id), refetchType: 'none' });
  await queryClient.invalidateQueries({
    queryKey: partKeys.all,
    predicate: (query) => query.queryKey[1] !== 'detail' || query.queryKey[2] !== id,
  });
}
