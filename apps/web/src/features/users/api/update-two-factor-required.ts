import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountSettings, TwoFactorRequiredInput } from '@magazzino/contract';
import { apiJson } from '../../../lib/api-client';
import { userKeys } from './query-keys';

/** PUT /api/users/settings/two-factor */
export function updateTwoFactorRequired(input: TwoFactorRequiredInput): Promise<AccountSettings> {
  return apiJson<AccountSettings>('/api/users/settings/two-factor', { method: 'PUT', json: input });
}

/** 'Richiedi la verifica in due passaggi per tutti'. */
export function useUpdateTwoFactorRequired() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTwoFactorRequired,
    onSuccess: (settings) => queryClient.setQueryData(userKeys.settings(), settings),
  });
}
