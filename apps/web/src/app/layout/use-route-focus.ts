import { useEffect, useRef } from 'react';

/** How long a new page may take to draw its heading (a lazy chunk, a part still loading). */
const HEADING_WAIT_MS = 5000;

/** Focuses the page's heading without scrolling; it becomes focusable by script only. */
function focusHeading(heading: HTMLElement): void {
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
}

/**
 * After every route change (a new path, not a new query: filters and pages keep the focus where
 * it is), moves the focus to the new page's <h1> inside `#main`, so screen readers announce the
 * page and the next Tab starts from its top. The heading may come later than the route (a lazy
 * screen, a spinner first): it is waited for, and the focus is left alone if the clerk has moved
 * it meanwhile. The first page of a visit keeps the browser's own start.
 */
export function useRouteFocus(pathname: string): void {
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const main = document.getElementById('main');
    if (!main) return;
    const present = main.querySelector<HTMLElement>('h1');
    if (present) {
      focusHeading(present);
      return;
    }
    // No heading yet: focus the page frame meanwhile, then the heading once it is drawn.
    main.focus({ preventScroll: true });
    const observer = new MutationObserver(() => {
      const heading = main.querySelector<HTMLElement>('h1');
      if (!heading) return;
      observer.disconnect();
      clearTimeout(timer);
      // Unless the clerk has already moved on (clicked a field, tabbed somewhere).
      const active = document.activeElement;
      if (active === main || active === document.body || active === null) focusHeading(heading);
    });
    observer.observe(main, { childList: true, subtree: true });
    const timer = setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [pathname]);
}
