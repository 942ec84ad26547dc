import { vi } from 'vitest';

/** One recorded call to the mocked API. */
export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

type Handler = (call: ApiCall) => Response | Promise<Response>;

/** A JSON response, as the server would send it. */
export function jsonResponse(status: number, body?: unknown): Response {
  if (body === undefined) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A response that never arrives until `release` is called (to see pending states). */
export function deferredResponse(): { response: Promise<Response>; release: (res: Response) => void } {
  let release: (res: Response) => void = () => {};
  const response = new Promise<Response>((resolve) => (release = resolve));
  return { response, release };
}

/**
 * Replaces `fetch` (the network boundary) with handlers keyed 'METHOD /path' (query excluded).
 * Unknown calls answer 404 JSON like the server. Returns the list of calls made.
 */
export function mockApi(handlers: Record<string, Handler>): ApiCall[] {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    const call: ApiCall = { method, path: url.pathname + url.search, body };
    calls.push(call);
    const handler = handlers[`${method} ${url.pathname}`];
    if (handler) return handler(call);
    return jsonResponse(404, { error: `Risorsa non trovata: ${method} ${url.pathname}`, code: 'NOT_FOUND' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}
