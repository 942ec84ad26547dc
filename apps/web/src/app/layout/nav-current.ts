import { matchPath } from 'react-router';

/**
 * How a link stands to the page shown: 'page' when it opens that very page, true when the page
 * is within its area, otherwise undefined (the value of aria-current).
 */
export function currentFor(
  link: { pages: readonly string[]; within: readonly string[] },
  pathname: string,
): 'page' | true | undefined {
  const matches = (patterns: readonly string[]) =>
    patterns.some((pattern) => matchPath(pattern, pathname) !== null);
  if (matches(link.pages)) return 'page';
  return matches(link.within) ? true : undefined;
}
