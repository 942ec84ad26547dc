import { isPageSize } from './list-search';

/** localStorage key of a clerk's page size: each clerk at a shared computer keeps their own. */
export function pageSizeKey(userId: string): string {
  return `magazzino.perPagina.${userId}`;
}

/** The page size this clerk chose last, if any (and still offered). */
export function rememberedPageSize(userId: string | undefined): number | undefined {
  if (userId === undefined) return undefined;
  try {
    const size = Number(localStorage.getItem(pageSizeKey(userId)));
    return isPageSize(size) ? size : undefined;
  } catch {
    // Storage refused (private mode, quota): the default applies.
    return undefined;
  }
}

/** Remembers the page size a clerk just chose, for the lists they open next without one in the URL. */
export function rememberPageSize(userId: string | undefined, size: number): void {
  if (userId === undefined) return;
  try {
    localStorage.setItem(pageSizeKey(userId), String(size));
  } catch {
    // Not remembered: the choice still holds for this page (it is in the URL).
  }
}
