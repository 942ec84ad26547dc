import { useMutation } from '@tanstack/react-query';
import type { TwoFactorLoginInput, User } from '@magazzino/contract';
import { apiJson } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session/session-context';

/** POST /api/users/login/two-factor: the code step of a sign-in; sets the session cookie. */
export function loginTwoFactor(input: TwoFactorLoginInput): Promise<User> {
  return apiJson<User>('/api/users/login/two-factor', { method: 'POST', json: input });
}

/** Sends the code; on success the session holds the public profile, as after a password. */
export function useLoginTwoFactor() {
  const session = useSessionStore();
  return useMutation({ mutationFn: loginTwoFactor, onSuccess: (user) => session.signIn(user) });
}
