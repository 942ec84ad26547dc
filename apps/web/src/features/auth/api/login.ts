import { useMutation } from '@tanstack/react-query';
import {
  isTwoFactorChallenge,
  type LoginInput,
  type TwoFactorChallenge,
  type User,
} from '@magazzino/contract';
import { apiJson } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session/session-context';

/**
 * POST /api/users/login: sets the session cookie and answers the user; with two-factor sign-in on,
 * answers that a code is needed instead (no session yet: see login-two-factor.ts).
 */
export function login(input: LoginInput): Promise<User | TwoFactorChallenge> {
  return apiJson<User | TwoFactorChallenge>('/api/users/login', { method: 'POST', json: input });
}

/** Signs in; on success the session holds the public profile (the guard then leaves /login). */
export function useLogin() {
  const session = useSessionStore();
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => {
      if (!isTwoFactorChallenge(answer)) session.signIn(answer);
    },
  });
}
