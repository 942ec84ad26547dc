import { LIMITS } from '@magazzino/contract';

/** The list filters as kept in the URL query (raw text, trimmed only when sent to the server). */
export interface ListFilters {
  nome: string;
  marca: string;
  modello: string;
}

export const EMPTY_FILTERS: ListFilters = { nome: '', marca: '', modello: '' };
export const PAGE_SIZES: readonly number[] = LIMITS.pageSizes;
const DEFAULT_PAGE_SIZE = LIMITS.pageSizes[0];

/** Names of the query parameters of the list screens. */
export const SEARCH_KEYS = { page: 'pagina', pageSize: 'perPagina' } as const;

/** Reads the filters from the URL query. */
export function readFilters(search: URLSearchParams): ListFilters {
  return {
    nome: search.get('nome') ?? '',
    marca: search.get('marca') ?? '',
    modello: search.get('modello') ?? '',
  };
}

/** Reads page (1-based) and page size from the URL query; anything invalid falls back to the default. */
export function readPaging(search: URLSearchParams): { page: number; pageSize: number } {
  const page = Number(search.get(SEARCH_KEYS.page));
  const pageSize = Number(search.get(SEARCH_KEYS.pageSize));
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: PAGE_SIZES.includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
}

/**
 * A copy of the query with some values changed. Defaults (page 1, the default page size, empty
 * filters) are left out, so a plain /elencocomponenti and a shared link to it look the same.
 */
export function withSearch(
  search: URLSearchParams,
  changes: Record<string, string | number | null>,
): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    const isDefault =
      value === null ||
      value === '' ||
      (key === SEARCH_KEYS.page && value === 1) ||
      (key === SEARCH_KEYS.pageSize && value === DEFAULT_PAGE_SIZE);
    if (isDefault) next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}

/** True when both hold the same filters. */
export function sameFilters(a: ListFilters, b: ListFilters): boolean {
  return a.nome === b.nome && a.marca === b.marca && a.modello === b.modello;
}
