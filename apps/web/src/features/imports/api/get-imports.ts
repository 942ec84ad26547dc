import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import type { ImportSummary } from '@magazzino/contract';
import { importKeys } from './query-keys';

/** GET /api/importazioni?limit=: the latest imports, newest first. */
export function getLatestImports(limit: number, signal?: AbortSignal): Promise<ImportSummary[]> {
  return apiJson<ImportSummary[]>(`/api/importazioni?limit=${limit}`, { signal });
}

/** Query of the latest imports. */
export function latestImportsQueryOptions(limit: number) {
  return queryOptions({
    queryKey: importKeys.latest(limit),
    queryFn: ({ signal }) => getLatestImports(limit, signal),
  });
}

/** The latest imports (the page's history). */
export function useLatestImports(limit = 10) {
  return useQuery(latestImportsQueryOptions(limit));
}
