import type { Part } from '@magazzino/contract';

/** One page of parts and the number of all matches (the X-Total-Count header). */
export interface PartsPage {
  parts: Part[];
  total: number;
  /**
   * False when the server stopped counting (a text search matching very many parts): `total`
   * is then a lower bound ('Più di 1.000 componenti'), and the last page is not known.
   */
  exact: boolean;
}

/**
 * Reads a paged answer: the parts in the body, the count of all matches in X-Total-Count, exact
 * unless X-Total-Count-Exact says 'false'.
 */
export async function readPartsPage(response: Response, offset: number): Promise<PartsPage> {
  const parts = (await response.json()) as Part[];
  const header = Number(response.headers.get('x-total-count'));
  const seen = offset + parts.length;
  // Without the header (a proxy that drops it), at least what we have seen is known to exist.
  if (!Number.isFinite(header) || !response.headers.has('x-total-count')) {
    return { parts, total: seen, exact: false };
  }
  const exact = response.headers.get('x-total-count-exact')?.trim().toLowerCase() !== 'false';
  return { parts, total: exact ? header : Math.max(header, seen), exact };
}
