/** A page number, or a gap standing for the pages left out. */
export type PageItem = number | 'gap-before' | 'gap-after';

/**
 * The numbered buttons of a windowed pagination (a list can have thousands of pages): always the first and the last
 * page, `radius` pages either side of the current one, and a gap where pages are left out. A gap
 * that would hide a single page shows that page instead. When the number of pages is not known
 * (`openEnded`: `totalPages` is only a lower bound), no last page is named: a gap ends the row.
 */
export function pageWindow(current: number, totalPages: number, radius = 2, openEnded = false): PageItem[] {
  if (totalPages <= 0) return [];
  const page = Math.min(Math.max(1, current), totalPages);
  let start = Math.max(1, page - radius);
  let end = Math.min(totalPages, page + radius);
  // Near an edge, widen the other side so the window keeps its size.
  const size = 2 * radius + 1;
  if (end - start + 1 < size) {
    if (start === 1) end = Math.min(totalPages, start + size - 1);
    else if (end === totalPages) start = Math.max(1, end - size + 1);
  }
  const items: PageItem[] = [];
  if (start > 1) {
    items.push(1);
    if (start === 3) items.push(2);
    else if (start > 3) items.push('gap-before');
  }
  for (let n = start; n <= end; n++) items.push(n);
  if (openEnded) {
    items.push('gap-after');
  } else if (end < totalPages) {
    if (end === totalPages - 2) items.push(totalPages - 1);
    else if (end < totalPages - 2) items.push('gap-after');
    items.push(totalPages);
  }
  return items;
}

/** Number of pages for a count and a page size (at least 1, so an empty list still has page 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
