import type { User } from '@magazzino/contract';
import { apiJson } from '../api-client';

/**
 * GET /api/users/me: the signed-in user. Its 401 is not broadcast as a lost session: the session
 * store handles it itself, so an answer that arrives after a fresh sign-in cannot undo it.
 */
export function fetchMe(signal?: AbortSignal): Promise<User> {
  return apiJson<User>('/api/users/me', { signal, notifyUnauthenticated: false });
}
