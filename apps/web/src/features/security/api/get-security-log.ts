import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { SecurityEvent } from '@magazzino/contract';
import { apiRequest } from '../../../lib/api-client';
import { securityKeys, type SecurityLogFilter } from './query-keys';

/** Entries shown at first, and added by each 'Mostra altri'. */
export const SECURITY_LOG_PAGE_SIZE = 50;

/** One page of the log and how many entries match in all (X-Total-Count). */
export interface SecurityLogPage {
  events: SecurityEvent[];
  total: number;
  offset: number;
}

/** GET /api/sicurezza/registro: a page of the log, newest first, filtered. */
export async function getSecurityLog(
  filter: SecurityLogFilter,
  offset: number,
  signal?: AbortSignal,
): Promise<SecurityLogPage> {
  const search = new URLSearchParams();
  for (const key of ['tipo', 'utente', 'dal', 'al'] as const)
    if (filter[key] !== '') search.set(key, filter[key]);
  search.set('limit', String(SECURITY_LOG_PAGE_SIZE));
  search.set('offset', String(offset));
  const response = await apiRequest(`/api/sicurezza/registro?${search.toString()}`, { signal });
  const events = (await response.json()) as SecurityEvent[];
  const header = Number(response.headers.get('x-total-count'));
  const seen = offset + events.length;
  const total = response.headers.has('x-total-count') && Number.isFinite(header) ? header : seen;
  return { events, total: Math.max(total, seen), offset };
}

export function securityLogQueryOptions(filter: SecurityLogFilter) {
  return infiniteQueryOptions({
    queryKey: securityKeys.log(filter),
    queryFn: ({ pageParam, signal }) => getSecurityLog(filter, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last: SecurityLogPage) => {
      const next = last.offset + last.events.length;
      return last.events.length > 0 && next < last.total ? next : undefined;
    },
    placeholderData: keepPreviousData,
  });
}

/** The log: the newest 50, more on request (`fetchNextPage`); the previous filter's stays while loading. */
export function useSecurityLog(filter: SecurityLogFilter) {
  return useInfiniteQuery(securityLogQueryOptions(filter));
}
