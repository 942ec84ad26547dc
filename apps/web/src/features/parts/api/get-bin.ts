import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { BinEntry } from '@magazzino/contract';
import { apiRequest } from '../../../lib/api-client';
import { partKeys } from './query-keys';

/** Deleted parts shown at first, and added by each 'Mostra altri'. */
export const BIN_PAGE_SIZE = 50;

/** One page of the bin and how many parts it holds in all. */
export interface BinPage {
  entries: BinEntry[];
  total: number;
  offset: number;
}

/** GET /api/cestino: a page of the deleted parts, latest deleted first, X-Total-Count in all. */
export async function getBin(offset: number, signal?: AbortSignal): Promise<BinPage> {
  const search = new URLSearchParams({ limit: String(BIN_PAGE_SIZE), offset: String(offset) });
  const response = await apiRequest(`/api/cestino?${search.toString()}`, { signal });
  const entries = (await response.json()) as BinEntry[];
  const header = Number(response.headers.get('x-total-count'));
  const seen = offset + entries.length;
  const total = response.headers.has('x-total-count') && Number.isFinite(header) ? header : seen;
  return { entries, total: Math.max(total, seen), offset };
}

/** Query of the bin, page after page. */
export function binQueryOptions() {
  return infiniteQueryOptions({
    queryKey: partKeys.bin(),
    queryFn: ({ pageParam, signal }) => getBin(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last: BinPage) => {
      const next = last.offset + last.entries.length;
      return last.entries.length > 0 && next < last.total ? next : undefined;
    },
  });
}

/** The parts in the bin: the latest 50 deleted, more on request (`fetchNextPage`). */
export function useBin() {
  return useInfiniteQuery(binQueryOptions());
}
