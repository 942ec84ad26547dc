import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { partKeys } from './query-keys';
import { nextEventsOffset, readEventsPage, type EventsPage } from './read-events';

/** Events shown at first, and added by each 'Mostra altri'. */
export const HISTORY_PAGE_SIZE = 20;

/** GET /api/componenti/storico/:id: a page of the part's history, newest first. */
export async function getPartHistory(id: string, offset: number, signal?: AbortSignal): Promise<EventsPage> {
  const search = new URLSearchParams({ limit: String(HISTORY_PAGE_SIZE), offset: String(offset) });
  const response = await apiRequest(
    `/api/componenti/storico/${encodeURIComponent(id)}?${search.toString()}`,
    {
      signal,
    },
  );
  return readEventsPage(response, offset);
}

/** Query of a part's history, page after page. */
export function partHistoryQueryOptions(id: string) {
  return infiniteQueryOptions({
    queryKey: partKeys.history(id),
    queryFn: ({ pageParam, signal }) => getPartHistory(id, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: nextEventsOffset,
  });
}

/** A part's history: the newest 20 events, more on request (`fetchNextPage`). */
export function usePartHistory(id: string) {
  return useInfiniteQuery(partHistoryQueryOptions(id));
}
