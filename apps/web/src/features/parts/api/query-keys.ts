import type { QueryClient } from '@tanstack/react-query';
import type { Part } from '@magazzino/contract';
import type { PartsPage } from './read-page';

/** What the list shows: its filters and free-text search, and its order (null: the server's default). */
export interface PartsListFilter {
  nome: string;
  marca: string;
  modello: string;
  q: string;
  /** The `stato` parameter ('' for the parts in stock). */
  stato: string;
  /** The price range in euro, as typed ('' for no bound). */
  prezzoMin: string;
  prezzoMax: string;
  /** The `sort` parameter ('-peso'). */
  sort: string | null;
}

/** Filters, order and paging of the parts list, as sent to GET /api/componenti. */
export interface PartsListParams extends PartsListFilter {
  limit: number;
  offset: number;
}

/** Paging, order and status filter of a list that only pages (a category, a location). */
export interface PageParams {
  limit: number;
  offset: number;
  sort: string | null;
  /** The `stato` parameter ('' for the parts in stock). */
  stato: string;
}

/** Who and when of the 'Attività' page ('' for anyone, any time). */
export interface ActivityFilter {
  utente: string;
  /** The ISO instants of the start of the day asked for and of the next one ('' for any day). */
  dal: string;
  al: string;
}

/** The query string of a page of a list: limit, offset, and the order and status when given. */
export function pageSearch({ limit, offset, sort, stato }: PageParams): URLSearchParams {
  const search = new URLSearchParams({ limit: String(limit), offset: String(offset) });
  if (sort !== null) search.set('sort', sort);
  if (stato !== '') search.set('stato', stato);
  return search;
}

/**
 * Query keys of the parts feature. Everything starts with 'parts', so a change to any part
 * (create, update, delete) invalidates every list, detail and count at once.
 */
export const partKeys = {
  all: ['parts'] as const,
  list: (params: PartsListParams) => ['parts', 'list', params] as const,
  detail: (id: string) => ['parts', 'detail', id] as const,
  categories: (stato = '') => ['parts', 'categories', stato] as const,
  conditions: () => ['parts', 'conditions'] as const,
  category: (categoria: string, page: PageParams) => ['parts', 'category', categoria, page] as const,
  location: (segments: readonly string[], page: PageParams) => ['parts', 'location', segments, page] as const,
  history: (id: string) => ['parts', 'history', id] as const,
  activity: (filter: ActivityFilter) => ['parts', 'activity', filter] as const,
  activityUsers: () => ['parts', 'activity-users'] as const,
  bin: () => ['parts', 'bin'] as const,
  /** A donor vehicle as the part forms show it (GET /api/veicoli/:id). */
  donor: (id: string) => ['parts', 'donor', id] as const,
};

/** The kinds of query whose data is a page of parts (`PartsPage`). */
const PAGE_KINDS: ReadonlySet<unknown> = new Set(['list', 'category', 'location']);

/**
 * After a part was changed or deleted: every list and count is refreshed, while the part's own
 * entry is only marked stale. The screen that made the change still shows it (and may still be
 * leaving: refetching it now would remount the edit form, or fetch a 404 after a deletion).
 * Given the part as saved, the pages already read show it at once in its place, so a list
 * returned to does not show the old values while it is read again.
 */
export async function refreshAfterChange(queryClient: QueryClient, id: string, saved?: Part): Promise<void> {
  if (saved) {
    queryClient.setQueriesData<PartsPage>(
      { queryKey: partKeys.all, predicate: (query) => PAGE_KINDS.has(query.queryKey[1]) },
      (page) =>
        page?.parts.some((part) => part._id === id)
          ? { ...page, parts: page.parts.map((part) => (part._id === id ? saved : part)) }
          : page,
    );
  }
  await queryClient.invalidateQueries({ queryKey: partKeys.detail(id), refetchType: 'none' });
  await queryClient.invalidateQueries({
    queryKey: partKeys.all,
    predicate: (query) => query.queryKey[1] !== 'detail' || query.queryKey[2] !== id,
  });
}
