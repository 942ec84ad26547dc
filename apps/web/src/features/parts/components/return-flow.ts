import { useCallback } from 'react';
import { matchPath, useLocation, useNavigate, type Location as RouterLocation, type To } from 'react-router';
import { parts as t } from '../../../i18n/parts';
import { paths } from '../../../lib/paths';

/**
 * Where the clerk came from, carried in the router's state from a list (the parts list with its
 * filters and page, a category, the location lookup) or a part's page to the screens that change
 * a part, so that saving or deleting leads back there instead of to the dashboard.
 */
export interface Origin {
  pathname: string;
  search: string;
  /** The origin's own router state (a part's page remembers the list it was opened from). */
  state?: PartsRouteState;
}

/** The short confirmation shown once the clerk is back: 'Modifiche salvate', 'Componente cancellato'. */
export type ReturnNotice = 'saved' | 'deleted';

/** What the parts screens keep in the router's location state. */
export interface PartsRouteState {
  from?: Origin;
  notice?: ReturnNotice;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The origin in a router state, if it is one (state can hold anything: check it). */
export function readOrigin(state: unknown, depth = 0): Origin | undefined {
  if (!isRecord(state) || !isRecord(state.from) || depth > 3) return undefined;
  const { pathname, search } = state.from;
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || typeof search !== 'string')
    return undefined;
  const parent = readOrigin(state.from.state, depth + 1);
  return { pathname, search, ...(parent ? { state: { from: parent } } : {}) };
}

/** The notice in a router state, if any. */
export function readNotice(state: unknown): ReturnNotice | undefined {
  if (!isRecord(state)) return undefined;
  return state.notice === 'saved' || state.notice === 'deleted' ? state.notice : undefined;
}

/** This screen as an origin (its path, query, and where it came from itself; never a notice). */
export function originOf(location: Pick<RouterLocation, 'pathname' | 'search' | 'state'>): Origin {
  const parent = readOrigin(location.state);
  return {
    pathname: location.pathname,
    search: location.search,
    ...(parent ? { state: { from: parent } } : {}),
  };
}

/** The router state a link gives the screen it opens: 'you came from here'. */
export function useFromHere(): PartsRouteState {
  const location = useLocation();
  return { from: originOf(location) };
}

/** Whether an origin is the page of this part (gone once the part is deleted). */
function isPartPage(origin: Origin, id: string): boolean {
  return matchPath(paths.part.path, origin.pathname)?.params.id === id;
}

/** A link target and state leading back to an origin, or to the parts list when none is known. */
export function backTo(origin: Origin | undefined): { to: To; state: PartsRouteState | undefined } {
  if (!origin) return { to: paths.parts.getHref(), state: undefined };
  return { to: { pathname: origin.pathname, search: origin.search }, state: origin.state };
}

/**
 * The way back of the screens that change a part: `back` for their 'go back' link, and the
 * returns after a save or a deletion, which replace the screen in the history (so Back does not
 * reopen a form already saved) and carry the confirmation to show there.
 */
export function useReturnFlow(partId: string) {
  const location = useLocation();
  const navigate = useNavigate();
  const origin = readOrigin(location.state);
  const back = backTo(origin);

  const returnWith = useCallback(
    (target: Origin | undefined, notice: ReturnNotice) => {
      const { to, state } = backTo(target);
      void navigate(to, { replace: true, state: { ...state, notice } satisfies PartsRouteState });
    },
    [navigate],
  );
  const afterSave = useCallback(() => returnWith(origin, 'saved'), [returnWith, origin]);
  // A deleted part's page is no place to return to: go where that page was opened from.
  const afterDelete = useCallback(
    () => returnWith(origin && isPartPage(origin, partId) ? readOrigin(origin.state) : origin, 'deleted'),
    [returnWith, origin, partId],
  );

  return { origin, back, afterSave, afterDelete };
}

/** The 'go back' link's text, after the screen it leads to. */
export function backLabel(origin: Origin | undefined): string {
  if (!origin) return t.back.list;
  const category = matchPath(paths.category.path, origin.pathname);
  if (category) return t.back.category(category.params.categoria ?? '');
  if (matchPath(paths.warehouse.path, origin.pathname)) return t.back.warehouse;
  if (matchPath(paths.part.path, origin.pathname)) return t.back.part;
  return t.back.list;
}
