import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SignupInfo } from '@magazzino/contract';
import { apiJson } from '../../../lib/api-client';
import { authKeys } from './query-keys';

/** GET /api/users/signup: how sign-up works here (SIGNUP). */
export function getSignupInfo(signal?: AbortSignal): Promise<SignupInfo> {
  return apiJson<SignupInfo>('/api/users/signup', { signal });
}

/** Query of the sign-up mode; it changes only with the server's configuration. */
export function signupInfoQueryOptions() {
  return queryOptions({
    queryKey: authKeys.signupInfo(),
    queryFn: ({ signal }) => getSignupInfo(signal),
    staleTime: Infinity,
  });
}

/** How sign-up works, so the register screen can say what happens next. */
export function useSignupInfo() {
  return useQuery(signupInfoQueryOptions());
}
