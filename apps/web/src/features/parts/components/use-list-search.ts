import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  EMPTY_FILTERS,
  SEARCH_KEYS,
  readFilters,
  readPaging,
  withSearch,
  type ListFilters,
} from './list-search';

/**
 * Filters, page and page size of a list screen, kept in the URL query so that back/forward,
 * reloads and shared links restore them. A new filter or page size goes back to
 * page 1. Every change is a history entry.
 */
export function useListSearch() {
  const [search, setSearch] = useSearchParams();
  const { nome, marca, modello } = readFilters(search);
  // A stable object while the text is the same, so effects keyed on it do not rerun.
  const filters = useMemo(() => ({ nome, marca, modello }), [nome, marca, modello]);
  const { page, pageSize } = readPaging(search);

  const setFilters = useCallback(
    (next: ListFilters) => setSearch((prev) => withSearch(prev, { ...next, [SEARCH_KEYS.page]: null })),
    [setSearch],
  );
  const resetFilters = useCallback(
    () => setSearch((prev) => withSearch(prev, { ...EMPTY_FILTERS, [SEARCH_KEYS.page]: null })),
    [setSearch],
  );
  const setPageSize = useCallback(
    (size: number) =>
      setSearch((prev) => withSearch(prev, { [SEARCH_KEYS.pageSize]: size, [SEARCH_KEYS.page]: null })),
    [setSearch],
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

  return { filters, page, pageSize, setFilters, resetFilters, setPageSize, replacePage, pageHref };
}
