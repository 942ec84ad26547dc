import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Part } from '@magazzino/contract';
import { apiJson } from '../../../lib/api-client';

/** GET /api/componenti/codice/:codice */
export function getPartByCode(codice: string, signal?: AbortSignal): Promise<Part> {
  return apiJson<Part>(`/api/componenti/codice/${encodeURIComponent(codice)}`, { signal });
}

/** Query of the part with a code (R-004213); a code read once leads to the same part. */
export function partByCodeQueryOptions(codice: string) {
  return queryOptions({
    queryKey: ['scan', 'part-by-code', codice] as const,
    queryFn: ({ signal }) => getPartByCode(codice, signal),
    staleTime: 60_000,
  });
}

/** The part with this code (not asked for while `enabled` is false). */
export function usePartByCode(codice: string, enabled = true) {
  return useQuery({ ...partByCodeQueryOptions(codice), enabled });
}
