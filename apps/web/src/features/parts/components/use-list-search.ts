import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../lib/session/session-context';
import {
  EMPTY_FILTERS,
  SEARCH_KEYS,
  readFilters,
  readPaging,
  readSort,
  sortParam,
  withSearch,
  type ListFilters,
  type ListSort,
} from './list-search';
import { rememberedPageSize, rememberPageSize } from './page-size-memory';

/**
 * Filters, search, order, page and page size of a list screen, kept in the URL query so that
 * back/forward, reloads and shared links restore them. A new filter, search, order or page size
 * goes back to page 1. Every change is a history entry. Without a page size in the URL the
 * clerk's last choice applies.
 */
export function useListSearch() {
  const [search, setSearch] = useSearchParams();
  const userId = useSession().user?._id;
  const { nome, marca, modello, q, stato, prezzoMin, prezzoMax } = readFilters(search);
  // A stable object while the text is the same, so effects keyed on it do not rerun.
  const filters = useMemo(
    () => ({ nome, marca, modello, q, stato, prezzoMin, prezzoMax }),
    [nome, marca, modello, q, stato, prezzoMin, prezzoMax],
  );
  const { page, pageSize } = readPaging(search, rememberedPageSize(userId));
  const { field: sortField, descending } = readSort(search) ?? { field: null, descending: false };
  const sort = useMemo(
    () => (sortField === null ? null : { field: sortField, descending }),
    [sortField, descending],
  );

  const setFilters = useCallback(
    (changes: Partial<ListFilters>) =>
      setSearch((prev) => withSearch(prev, { ...changes, [SEARCH_KEYS.page]: null })),
    [setSearch],
  );
  const resetFilters = useCallback(
    () => setSearch((prev) => withSearch(prev, { ...EMPTY_FILTERS, [SEARCH_KEYS.page]: null })),
    [setSearch],
  );
  const setSort = useCallback(
    (next: ListSort) =>
      setSearch((prev) =>
        withSearch(prev, { [SEARCH_KEYS.sort]: sortParam(next), [SEARCH_KEYS.page]: null }),
      ),
    [setSearch],
  );
  const setPageSize = useCallback(
    (size: number) => {
      rememberPageSize(userId, size);
      setSearch((prev) => withSearch(prev, { [SEARCH_KEYS.pageSize]: size, [SEARCH_KEYS.page]: null }));
    },
    [setSearch, userId],
  );
  const replacePage = useCallback(
    (n: number) => setSearch((prev) => withSearch(prev, { [SEARCH_KEYS.page]: n }), { replace: true }),
    [setSearch],
  );
  /** The link target of a page of this list (same path, filters and page size). */
  const pageHref = (n: number) => {
    const query = withSearch(search, { [SEARCH_KEYS.page]: n }).toString();
    return { search: query === '' ? '' : `?${query}` };
  };

  return {
    filters,
    sort,
    page,
    pageSize,
    setFilters,
    resetFilters,
    setSort,
    setPageSize,
    replacePage,
    pageHref,
  };
}
