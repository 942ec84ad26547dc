import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TwoFactorStatus } from '@magazzino/contract';
import { apiJson } from '../../../lib/api-client';
import { authKeys } from './query-keys';

/** GET /api/users/me/two-factor */
export function getTwoFactor(signal?: AbortSignal): Promise<TwoFactorStatus> {
  return apiJson<TwoFactorStatus>('/api/users/me/two-factor', { signal });
}

export const twoFactorQueryOptions = () =>
  queryOptions({ queryKey: authKeys.twoFactor(), queryFn: ({ signal }) => getTwoFactor(signal) });

/** The state of the account's two-factor sign-in. */
export function useTwoFactor() {
  return useQuery(twoFactorQueryOptions());
}
