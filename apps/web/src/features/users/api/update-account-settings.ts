import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountSettings, AccountSettingsInput } from '@magazzino/contract';
import { apiJson } from '../../../lib/api-client';
import { userKeys } from './query-keys';

/** PUT /api/users/settings */
export function updateAccountSettings(input: AccountSettingsInput): Promise<AccountSettings> {
  return apiJson<AccountSettings>('/api/users/settings', { method: 'PUT', json: input });
}

/** Sets the role of new accounts. */
export function useUpdateAccountSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccountSettings,
    onSuccess: (settings) => queryClient.setQueryData(userKeys.settings(), settings),
  });
}
