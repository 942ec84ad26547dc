import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message } from '@magazzino/contract';
import { apiJson } from '../../../lib/api-client';
import { userKeys } from './query-keys';

/** DELETE /api/users/:id/two-factor */
export function resetTwoFactor(id: string): Promise<Message> {
  return apiJson<Message>(`/api/users/${encodeURIComponent(id)}/two-factor`, { method: 'DELETE' });
}

/** 'Azzera verifica in due passaggi' (a lost phone); the list is read again. */
export function useResetTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.list() }),
  });
}
