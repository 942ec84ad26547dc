import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { EXAMPLE_PART_INPUT, type Part } from '@magazzino/contract';
import { SessionContext } from '../lib/session/session-context';
import { createSessionStore, USER_STORAGE_KEY, type PublicUser } from '../lib/session/session-store';

/** The clerk signed in for screen tests (their drafts are kept under this id). */
export const SCREEN_TEST_USER: PublicUser = {
  _id: 'u-1',
  email: 'mario.rossi@example.it',
  username: 'Mario',
};

/** A stored part with overrides (component tests only). */
export function makePart(overrides: Partial<Part> = {}): Part {
  return {
    _id: '0190a0b0-0000-7000-8000-000000000001',
    ...EXAMPLE_PART_INPUT,
    urlImmagine: '/media/0123456789abcdef.webp',
    urlMiniatura: '/media/0123456789abcdef-thumb.webp',
    version: 1,
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
    ...overrides,
  };
}

/** A JSON answer as the server gives it. */
export function json(
  body: unknown,
  init: { status?: number; headers?: Record<string, string> } = {},
): Response {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
}

/** An answer that arrives only when `release` is called (to look at pending states). */
export function deferredJson(): { response: Promise<Response>; release: (response: Response) => void } {
  let release: (response: Response) => void = () => {};
  const response = new Promise<Response>((resolve) => (release = resolve));
  return { response, release };
}

export interface RecordedCall {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

/**
 * Replaces fetch with `handler` and records every call (component tests only; the e2e tests
 * use the real server).
 */
export function mockFetch(handler: (call: RecordedCall) => Response | Promise<Response>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call = { method: init.method ?? 'GET', url, headers: new Headers(init.headers), body };
    calls.push(call);
    return handler(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

/**
 * Renders a screen at `url` under `path`, signed in as SCREEN_TEST_USER, with a fresh query
 * client that does not retry.
 */
export function renderRoute(element: ReactElement, { path, url }: { path: string; url: string }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(SCREEN_TEST_USER));
  const session = createSessionStore();
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <p>altra pagina</p> },
    ],
    { initialEntries: [url] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <SessionContext.Provider value={session}>
        <RouterProvider router={router} />
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
  /** The current location as path + query. */
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...view, router, queryClient, location };
}
