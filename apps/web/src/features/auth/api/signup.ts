import { useMutation } from '@tanstack/react-query';
import type { SignupAccepted, SignupInput, User } from '@magazzino/contract';
import { apiRequest } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session/session-context';

/**
 * What a sign-up led to: the first account of an installation is signed in at once; any other
 * gets an answer that is the same whether or not the address already had an account.
 */
export type SignupResult = { kind: 'signed-in'; user: User } | { kind: 'accepted'; answer: SignupAccepted };

/** POST /api/users/signup: 201 with the user (and the session cookie), or 202 with what comes next. */
export async function signup(input: SignupInput): Promise<SignupResult> {
  const response = await apiRequest('/api/users/signup', { method: 'POST', json: input });
  if (response.status === 201) return { kind: 'signed-in', user: (await response.json()) as User };
  return { kind: 'accepted', answer: (await response.json()) as SignupAccepted };
}

/** Signs up; a sign-up that opened a session signs in (the guard then leads to the dashboard). */
export function useSignup() {
  const session = useSessionStore();
  return useMutation({
    mutationFn: signup,
    onSuccess: (result) => {
      if (result.kind === 'signed-in') session.signIn(result.user);
    },
  });
}
