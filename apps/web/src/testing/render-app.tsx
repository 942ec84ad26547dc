import { render, type RenderResult } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from '../app/providers';
import { routes } from '../app/router';
import { SESSION_HINT_COOKIE, USER_STORAGE_KEY, type PublicUser } from '../lib/session/session-store';

type AppRouter = ReturnType<typeof createMemoryRouter>;

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
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router };
}

/** The current path + query of the router. */
export function currentPath(router: AppRouter): string {
  return router.state.location.pathname + router.state.location.search;
}
