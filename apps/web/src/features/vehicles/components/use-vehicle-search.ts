import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { VehiclesListFilter } from '../api/query-keys';

/** The list's filters, in the order of the form. */
export const VEHICLE_FILTERS = [
  'targa',
  'telaio',
  'marca',
  'modello',
] as const satisfies readonly (keyof VehiclesListFilter)[];

export const EMPTY_VEHICLE_FILTERS: VehiclesListFilter = { targa: '', telaio: '', marca: '', modello: '' };

/** The page parameter (the parts list's own name for it). */
const PAGE = 'pagina';

/** True when both hold the same filters. */
export function sameVehicleFilters(a: VehiclesListFilter, b: VehiclesListFilter): boolean {
  return VEHICLE_FILTERS.every((key) => a[key] === b[key]);
}

/**
 * A copy of the query with some values changed; empty values and page 1 are left out, so a plain
 * /veicoli and a shared link to it look the same.
 */
function withChanges(
  search: URLSearchParams,
  changes: Record<string, string | number | null>,
): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === '' || (key === PAGE && value === 1)) next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}

/** Reads the page (1-based) of the URL query; anything else is page 1. */
export function readPage(search: URLSearchParams): number {
  const page = Number(search.get(PAGE));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * The filters and page of the vehicles list, kept in the URL query so that back/forward, reloads
 * and shared links restore them. A new filter goes back to page 1; every change is a history entry.
 */
export function useVehicleSearch() {
  const [search, setSearch] = useSearchParams();
  const [targa, telaio, marca, modello] = VEHICLE_FILTERS.map((key) => search.get(key) ?? '');
  const filters = useMemo<VehiclesListFilter>(
    () => ({ targa: targa ?? '', telaio: telaio ?? '', marca: marca ?? '', modello: modello ?? '' }),
    [targa, telaio, marca, modello],
  );
  const page = readPage(search);

  const setFilters = useCallback(
    (changes: Partial<VehiclesListFilter>) =>
      setSearch((prev) => withChanges(prev, { ...changes, [PAGE]: null })),
    [setSearch],
  );
  const replacePage = useCallback(
    (n: number) => setSearch((prev) => withChanges(prev, { [PAGE]: n }), { replace: true }),
    [setSearch],
  );
  /** The link target of a page of this list (same path and filters). */
  const pageHref = (n: number) => {
    const query = withChanges(search, { [PAGE]: n }).toString();
    return { search: query === '' ? '' : `?${query}` };
  };
  return { filters, page, setFilters, replacePage, pageHref };
}
