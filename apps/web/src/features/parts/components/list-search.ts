import {
  LIMITS,
  parseStatusFilter,
  readDecimal,
  SORT_FIELDS,
  statusFilterParam,
  type SortField,
} from '@magazzino/contract';

/** The list filters as kept in the URL query (raw text, trimmed only when sent to the server). */
export interface ListFilters {
  nome: string;
  marca: string;
  modello: string;
  /** 'Cerca ovunque': free text over every field of a part. */
  q: string;
  /** The `stato` parameter: '' (the parts in stock), a status, several, or 'tutti'. */
  stato: string;
  /** The price range in euro, as typed ('45,50'); '' for no bound. */
  prezzoMin: string;
  prezzoMax: string;
}

/** The per-field filters (folded behind 'Filtri' on a phone); `q` has its own box. */
export const FIELD_FILTERS = ['nome', 'marca', 'modello'] as const satisfies readonly (keyof ListFilters)[];
export type FieldFilter = (typeof FIELD_FILTERS)[number];

/** The bounds of the price filter. */
export const PRICE_FILTERS = ['prezzoMin', 'prezzoMax'] as const satisfies readonly (keyof ListFilters)[];

export const EMPTY_FILTERS: ListFilters = {
  nome: '',
  marca: '',
  modello: '',
  q: '',
  stato: '',
  prezzoMin: '',
  prezzoMax: '',
};

const FILTER_KEYS = Object.keys(EMPTY_FILTERS) as (keyof ListFilters)[];

/** Page sizes offered by the list screens; the first one is the default. */
export const PAGE_SIZES: readonly number[] = LIMITS.pageSizes;
export const DEFAULT_PAGE_SIZE = 5;

/** Names of the query parameters of the list screens. */
export const SEARCH_KEYS = {
  page: 'pagina',
  pageSize: 'perPagina',
  sort: 'sort',
  q: 'q',
  stato: 'stato',
} as const;

/** An order of the list: a field of the API, ascending or descending. */
export interface ListSort {
  field: SortField;
  descending: boolean;
}

/**
 * The `stato` of the URL the way the API reads it, written one way: '' for the parts in stock
 * (also for a value the API would refuse), 'tutti', or the statuses in their order ('riservato,venduto').
 */
export function readStatusParam(raw: string | null): string {
  const statuses = parseStatusFilter(raw?.trim());
  return statuses ? statusFilterParam(statuses) : '';
}

/** Whether a price bound may be sent: empty (no bound), or an amount of euro ('45,50', '45.5'). */
export function isPriceBound(text: string): boolean {
  const value = readDecimal(text);
  return value === undefined || (Number.isFinite(value) && value >= 0);
}

/** Reads the filters from the URL query. */
export function readFilters(search: URLSearchParams): ListFilters {
  return {
    nome: search.get('nome') ?? '',
    marca: search.get('marca') ?? '',
    modello: search.get('modello') ?? '',
    q: search.get(SEARCH_KEYS.q) ?? '',
    stato: readStatusParam(search.get(SEARCH_KEYS.stato)),
    prezzoMin: search.get('prezzoMin') ?? '',
    prezzoMax: search.get('prezzoMax') ?? '',
  };
}

/** Whether `size` is one of the page sizes offered. */
export function isPageSize(size: number): boolean {
  return PAGE_SIZES.includes(size);
}

/**
 * Reads page (1-based) and page size from the URL query; anything invalid falls back to the
 * default. Without a page size in the URL, `fallbackPageSize` (the clerk's last choice) is used.
 */
export function readPaging(
  search: URLSearchParams,
  fallbackPageSize: number = DEFAULT_PAGE_SIZE,
): { page: number; pageSize: number } {
  const page = Number(search.get(SEARCH_KEYS.page));
  const pageSize = Number(search.get(SEARCH_KEYS.pageSize));
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: isPageSize(pageSize)
      ? pageSize
      : isPageSize(fallbackPageSize)
        ? fallbackPageSize
        : DEFAULT_PAGE_SIZE,
  };
}

/** Reads `sort` ('peso', '-createdAt'); null for none or a value the API does not know. */
export function readSort(search: URLSearchParams): ListSort | null {
  const raw = search.get(SEARCH_KEYS.sort) ?? '';
  const descending = raw.startsWith('-');
  const field = descending ? raw.slice(1) : raw;
  return (SORT_FIELDS as readonly string[]).includes(field)
    ? { field: field as SortField, descending }
    : null;
}

/** The `sort` parameter of an order ('-peso'). */
export function sortParam(sort: ListSort): string {
  return `${sort.descending ? '-' : ''}${sort.field}`;
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
  return FILTER_KEYS.every((key) => a[key] === b[key]);
}

/**
 * How many of the folded filters are in use (the count on the 'Filtri' button): each field filter,
 * a status other than the default, and the price range as one.
 */
export function activeFieldFilters(filters: ListFilters): number {
  const fields = FIELD_FILTERS.filter((key) => filters[key].trim() !== '').length;
  const price = PRICE_FILTERS.some((key) => filters[key].trim() !== '') ? 1 : 0;
  return fields + (filters.stato === '' ? 0 : 1) + price;
}
