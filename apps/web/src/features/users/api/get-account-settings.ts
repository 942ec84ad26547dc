import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountSettings } from '@magazzino/contract';
import { apiJson } from '../../../lib/api-client';
import { userKeys } from './query-keys';

/** GET /api/users/settings */
export function getAccountSettings(signal?: AbortSignal): Promise<AccountSettings> {
  return apiJson<AccountSettings>('/api/users/settings', { signal });
}

/** Query of how new accounts come in. */
export function accountSettingsQueryOptions() {
  return queryOptions({
    queryKey: userKeys.settings(),
    queryFn: ({ signal }) => getAccountSettings(signal),
  });
}

/** SIGNUP and the role of new accounts. */
export function useAccountSettings(enabled = true) {
  return useQuery({ ...accountSettingsQueryOptions(), enabled });
}
