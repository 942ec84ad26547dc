import { render, type RenderResult } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { USER_STORAGE_KEY, type PublicUser } from '../../lib/session/session-store';
import { AppProviders, createQueryClient } from '../providers';
import { routes } from '../router';

/** A signed-in user for tests. */
export const TEST_USER: PublicUser = { _id: 'u-1', email: 'mario.rossi@example.it', username: 'Mario' };

export interface RenderAppOptions {
  /** The profile found in localStorage at start (signed in at once), or none. */
  storedUser?: PublicUser | null;
}

/**
 * Renders the whole app (providers, layout, guards, real route table) in a memory router at
 * `path`. Mock `fetch` with mockApi() first. Returns the router to read the location.
 */
export function renderApp(
  path: string,
  { storedUser = null }: RenderAppOptions = {},
): RenderResult & { router: ReturnType<typeof createMemoryRouter> } {
  if (storedUser) localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(storedUser));
  // jsdom has no layout: scrolling is recorded, not performed.
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router };
}

/** The current path + query of the router. */
export function currentPath(router: ReturnType<typeof createMemoryRouter>): string {
  return router.state.location.pathname + router.state.location.search;
}
