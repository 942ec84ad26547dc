import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionInfo } from '@magazzino/contract';
import { apiJson } from '../../../lib/api-client';
import { authKeys } from './query-keys';

/** GET /api/sessioni: the user's open sessions, the latest used first. */
export function getSessions(signal?: AbortSignal): Promise<SessionInfo[]> {
  return apiJson<SessionInfo[]>('/api/sessioni', { signal });
}

export function sessionsQueryOptions() {
  return queryOptions({ queryKey: authKeys.sessions(), queryFn: ({ signal }) => getSessions(signal) });
}

/** 'Sessioni attive'. */
export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
