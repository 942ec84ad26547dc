import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountName } from '@magazzino/contract';
import { apiJson } from '../../../lib/api-client';
import { partKeys } from './query-keys';

/** An account as the activity names it. */
export type ActivityUser = AccountName;

/** GET /api/attivita/utenti: every account, for the 'Utente' filter of the activity. */
export function getActivityUsers(signal?: AbortSignal): Promise<ActivityUser[]> {
  return apiJson<ActivityUser[]>('/api/attivita/utenti', { signal });
}

/** Query of the accounts of the activity filter (they change rarely: kept for the session). */
export function activityUsersQueryOptions() {
  return queryOptions({
    queryKey: partKeys.activityUsers(),
    queryFn: ({ signal }) => getActivityUsers(signal),
    staleTime: 5 * 60_000,
  });
}

/** The accounts the activity can be filtered by. */
export function useActivityUsers() {
  return useQuery(activityUsersQueryOptions());
}
