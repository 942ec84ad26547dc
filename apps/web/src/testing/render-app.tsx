import { render, type RenderResult } from '@testing-library/react';
import {
  // The memory history <MemoryRouter> itself makes; exported for tests like this one.
  UNSAFE_createMemoryHistory as createMemoryHistory,
  unstable_HistoryRouter as HistoryRouter,
  type Location,
  type NavigationType,
  type To,
} from 'react-router';
import { AppProviders, createQueryClient } from '../app/providers';
import { AppRoutes } from '../app/router';
import { SESSION_HINT_COOKIE, USER_STORAGE_KEY, type PublicUser } from '../lib/session/session-store';

/** What a test sees of the app's router: where it is, how it got there, and a way to move it. */
export interface AppRouter {
  state: { location: Location; historyAction: NavigationType };
  /** Goes to `to` (or back/forward by a number of entries), as a click on a link would. */
  navigate: (to: To | number) => Promise<void>;
}

export interface RenderAppOptions {
  /** The profile found in localStorage at start (signed in at once), or none. */
  storedUser?: PublicUser | null;
  /** Whether the browser holds the session hint cookie (a session the app has not seen yet). */
  sessionHint?: boolean;
}

/**
 * Renders the whole app (providers, layout, guards, the real route table) in a memory router at
 * `url`, the way a clerk opens it. Mock the API with mockApi() first: the session is confirmed
 * with GET /api/users/me. Failed calls are not retried, so a test sees an error at once.
 */
export function renderApp(
  url: string,
  { storedUser = null, sessionHint = false }: RenderAppOptions = {},
): RenderResult & { router: AppRouter } {
  if (storedUser) localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(storedUser));
  if (sessionHint) document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`;
  const queryClient = createQueryClient();
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  // A memory history the test reads and moves directly, as it would a data router: where it
  // stands is known as soon as a navigation is made, before React has drawn the new page.
  const history = createMemoryHistory({ initialEntries: [url], v5Compat: true });
  const router: AppRouter = {
    get state() {
      return { location: history.location, historyAction: history.action };
    },
    navigate: (to) => {
      if (typeof to === 'number') history.go(to);
      else history.push(to);
      return Promise.resolve();
    },
  };
  const result = render(
    <AppProviders queryClient={queryClient}>
      <HistoryRouter history={history}>
        <AppRoutes />
      </HistoryRouter>
    </AppProviders>,
  );
  return { ...result, router };
}

/** The current path + query of the router. */
export function currentPath(router: AppRouter): string {
  return router.state.location.pathname + router.state.location.search;
}
