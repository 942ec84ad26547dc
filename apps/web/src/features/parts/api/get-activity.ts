import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { partKeys, type ActivityFilter } from './query-keys';
import { nextEventsOffset, readEventsPage, type EventsPage } from './read-events';

/** Events shown at first, and added by each 'Mostra altri'. */
export const ACTIVITY_PAGE_SIZE = 50;

/** GET /api/attivita: a page of every part's events, newest first, of one account and day if given. */
export async function getActivity(
  filter: ActivityFilter,
  offset: number,
  signal?: AbortSignal,
): Promise<EventsPage> {
  const search = new URLSearchParams();
  for (const key of ['utente', 'dal', 'al'] as const) if (filter[key] !== '') search.set(key, filter[key]);
  search.set('limit', String(ACTIVITY_PAGE_SIZE));
  search.set('offset', String(offset));
  const response = await apiRequest(`/api/attivita?${search.toString()}`, { signal });
  return readEventsPage(response, offset);
}

/** Query of the activity, page after page; the previous filter's stays on screen while the new one loads. */
export function activityQueryOptions(filter: ActivityFilter) {
  return infiniteQueryOptions({
    queryKey: partKeys.activity(filter),
    queryFn: ({ pageParam, signal }) => getActivity(filter, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: nextEventsOffset,
    placeholderData: keepPreviousData,
  });
}

/** The warehouse's recent changes: the newest 50, more on request (`fetchNextPage`). */
export function useActivity(filter: ActivityFilter) {
  return useInfiniteQuery(activityQueryOptions(filter));
}
