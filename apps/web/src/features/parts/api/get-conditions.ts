import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConditionCount } from '@magazzino/contract';
import { apiJson } from '../../../lib/api-client';
import { partKeys } from './query-keys';

/** GET /api/componenti/condizioni: every condition in use with its number of parts, sorted by name. */
export function getConditions(signal?: AbortSignal): Promise<ConditionCount[]> {
  return apiJson<ConditionCount[]>('/api/componenti/condizioni', { signal });
}

/** Query of the conditions offered by the part forms. */
export function conditionsQueryOptions() {
  return queryOptions({
    queryKey: partKeys.conditions(),
    queryFn: ({ signal }) => getConditions(signal),
  });
}

/** The conditions in use with their counts. */
export function useConditions() {
  return useQuery(conditionsQueryOptions());
}
