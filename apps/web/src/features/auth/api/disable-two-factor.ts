import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message, TwoFactorDisableInput } from '@magazzino/contract';
import { apiJson } from '../../../lib/api-client';
import { authKeys } from './query-keys';

/** POST /api/users/me/two-factor/disable: the password and a code turn it off. */
export function disableTwoFactor(input: TwoFactorDisableInput): Promise<Message> {
  return apiJson<Message>('/api/users/me/two-factor/disable', { method: 'POST', json: input });
}

/** 'Disattiva'; the status is read again afterwards. */
export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.twoFactor() }),
  });
}
