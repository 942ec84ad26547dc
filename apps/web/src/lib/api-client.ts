import type { ApiErrorBody, ErrorCode } from '@magazzino/contract';
import { common } from '../i18n/common';

/** A failed API call: the server's Italian message, its stable code and per-field messages. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly code: ErrorCode | undefined,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

type UnauthenticatedListener = () => void;
let onUnauthenticated: UnauthenticatedListener | undefined;

/** Registers what happens on any 401 (the session layer clears the user and goes to /login). */
export function setUnauthenticatedListener(listener: UnauthenticatedListener | undefined): void {
  onUnauthenticated = listener;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Sent as JSON. */
  json?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * Whether a 401 signals a lost session to the listener (default true). The session check turns
   * it off to handle its own 401 without racing a sign-in that happened meanwhile.
   */
  notifyUnauthenticated?: boolean;
}

/** Raw fetch to the API: same origin, cookies included, errors turned into ApiError. */
export async function apiRequest(path: string, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  let body: string | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, common.api.network, undefined);
  }
  if (!response.ok) throw await toApiError(response, options.notifyUnauthenticated ?? true);
  return response;
}

/** Fetches JSON from the API. */
export async function apiJson<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await apiRequest(path, options);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** Builds the ApiError of a failed response (and signals a lost session on 401). */
export async function toApiError(response: Response, notifyUnauthenticated = true): Promise<ApiError> {
  let body: Partial<ApiErrorBody> = {};
  try {
    body = (await response.json()) as Partial<ApiErrorBody>;
  } catch {
    // Not JSON (a proxy error page, say): fall back to a generic message.
  }
  const message =
    typeof body.error === 'string' && body.error !== '' ? body.error : common.api.httpError(response.status);
  if (notifyUnauthenticated && response.status === 401 && body.code !== 'INVALID_CREDENTIALS') {
    onUnauthenticated?.();
  }
  return new ApiError(response.status, message, body.code, body.fields ?? {});
}
