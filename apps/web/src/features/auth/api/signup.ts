import { useMutation } from '@tanstack/react-query';
import type { SignupInput, User } from '@magazzino/contract';
import { apiJson } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session/session-context';

/** POST /api/users/signup: creates the account, sets the session cookie and answers the user. */
export function signup(input: SignupInput): Promise<User> {
  return apiJson<User>('/api/users/signup', { method: 'POST', json: input });
}

/** Creates the account and signs in (the guard then leads to the dashboard). */
export function useSignup() {
  const session = useSessionStore();
  return useMutation({ mutationFn: signup, onSuccess: (user) => session.signIn(user) });
}
