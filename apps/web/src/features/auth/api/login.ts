import { useMutation } from '@tanstack/react-query';
import type { LoginInput, User } from '@magazzino/contract';
import { apiJson } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session/session-context';

/** POST /api/users/login: sets the session cookie and answers the user. */
export function login(input: LoginInput): Promise<User> {
  return apiJson<User>('/api/users/login', { method: 'POST', json: input });
}

/** Signs in; on success the session holds the public profile (the guard then leaves /login). */
export function useLogin() {
  const session = useSessionStore();
  return useMutation({ mutationFn: login, onSuccess: (user) => session.signIn(user) });
}
