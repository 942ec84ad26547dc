import { vi } from 'vitest';

/** One recorded call to the mocked API. */
export interface ApiCall {
  method: string;
  /** Path and query, e.g. '/api/componenti?nome=faro&limit=5&offset=0'. */
  path: string;
  url: URL;
  headers: Headers;
  /** The JSON body, parsed (or the body as sent when it is not text, e.g. FormData). */
  body: unknown;
}

type Handler = (call: ApiCall) => Response | Promise<Response>;

/** A JSON response, as the server would send it (no body for 204 and the like). */
export function jsonResponse(status: number, body?: unknown, headers: Record<string, string> = {}): Response {
  if (body === undefined) return new Response(null, { status, headers });
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** A response that arrives only when `release` is called (to look at pending states). */
export function deferredResponse(): { response: Promise<Response>; release: (res: Response) => void } {
  let release: (res: Response) => void = () => {};
  const response = new Promise<Response>((resolve) => (release = resolve));
  return { response, release };
}

function urlOf(input: RequestInfo | URL): URL {
  if (input instanceof URL) return input;
  return new URL(typeof input === 'string' ? input : input.url, 'http://localhost');
}

/**
 * Replaces `fetch` (the network boundary) with handlers keyed 'METHOD /path' (query excluded),
 * e.g. 'GET /api/users/me'. Unknown calls answer 404 JSON like the server. Returns the list of
 * calls made, in order. Undo with `vi.unstubAllGlobals()`.
 */
export function mockApi(handlers: Record<string, Handler>): ApiCall[] {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = urlOf(input);
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
    const call: ApiCall = {
      method,
      path: url.pathname + url.search,
      url,
      headers: new Headers(init.headers),
      body,
    };
    calls.push(call);
    const handler = handlers[`${method} ${url.pathname}`];
    if (handler) return handler(call);
    return jsonResponse(404, { error: `Risorsa non trovata: ${method} ${url.pathname}`, code: 'NOT_FOUND' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

/** The calls made to one route, e.g. `callsTo(calls, 'PATCH /api/componenti/modifica/p-1')`. */
export function callsTo(calls: readonly ApiCall[], route: string): ApiCall[] {
  return calls.filter((call) => `${call.method} ${call.url.pathname}` === route);
}
