import type { Part } from '@magazzino/contract';

/** One page of parts and the number of all matches (the X-Total-Count header). */
export interface PartsPage {
  parts: Part[];
  total: number;
}

/** Reads a paged answer: the parts in the body, the count of all matches in X-Total-Count. */
export async function readPartsPage(response: Response, offset: number): Promise<PartsPage> {
  const parts = (await response.json()) as Part[];
  const header = Number(response.headers.get('x-total-count'));
  // Without the header (a proxy that drops it), at least what we have seen is known to exist.
  const total =
    Number.isFinite(header) && response.headers.has('x-total-count') ? header : offset + parts.length;
  return { parts, total };
}
