import { queryOptions, useQuery } from '@tanstack/react-query';
import { ALL_STATUSES, IDS_FILTER_MAX, type Part } from '@magazzino/contract';
import { apiJson } from '../../../lib/api-client';
import { labelKeys } from './query-keys';

/**
 * GET /api/componenti?ids=a,b,c (any status: a reserved or sold part may still need its label),
 * at most IDS_FILTER_MAX; the parts come back in the order of `ids`, those not found left out.
 */
export async function getPartsByIds(ids: readonly string[], signal?: AbortSignal): Promise<Part[]> {
  const asked = ids.slice(0, IDS_FILTER_MAX);
  const search = new URLSearchParams({
    ids: asked.join(','),
    stato: ALL_STATUSES,
    limit: String(Math.max(asked.length, 1)),
  });
  const found = await apiJson<Part[]>(`/api/componenti?${search.toString()}`, { signal });
  const byId = new Map(found.map((part) => [part._id, part]));
  return asked.flatMap((id) => byId.get(id) ?? []);
}

/** Query of the parts named by id. */
export function partsByIdsQueryOptions(ids: readonly string[]) {
  return queryOptions({
    queryKey: labelKeys.partsByIds(ids),
    queryFn: ({ signal }) => getPartsByIds(ids, signal),
  });
}

/** The parts named by id (idle without any). */
export function usePartsByIds(ids: readonly string[]) {
  return useQuery({ ...partsByIdsQueryOptions(ids), enabled: ids.length > 0 });
}
