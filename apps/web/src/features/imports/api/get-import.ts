import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import type { ImportSummary } from '@magazzino/contract';
import { importKeys } from './query-keys';

/** How often a running import's progress is asked for. */
export const POLL_INTERVAL_MS = 1_000;

/** GET /api/importazioni/:id */
export function getImport(id: string, signal?: AbortSignal): Promise<ImportSummary> {
  return apiJson<ImportSummary>(`/api/importazioni/${encodeURIComponent(id)}`, { signal });
}

/**
 * Query of one import. While it runs the summary is asked for every second (any instance of the
 * server answers it: the progress is kept in the database), and never taken from a stale cache.
 */
export function importQueryOptions(id: string) {
  return queryOptions({
    queryKey: importKeys.detail(id),
    queryFn: ({ signal }) => getImport(id, signal),
    refetchInterval: (query) => (query.state.data?.stato === 'in_corso' ? POLL_INTERVAL_MS : false),
    // Keeps polling when the clerk looks at another tab: the bar is right when they come back.
    refetchIntervalInBackground: true,
  });
}

/** One import by id, polled while it runs. */
export function useImport(id: string) {
  return useQuery(importQueryOptions(id));
}
