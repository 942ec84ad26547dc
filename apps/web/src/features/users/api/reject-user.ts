import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message } from '@magazzino/contract';
import { apiJson } from '../../../lib/api-client';
import { userKeys } from './query-keys';

/** POST /api/users/:id/reject */
export function rejectUser(id: string): Promise<Message> {
  return apiJson<Message>(`/api/users/${encodeURIComponent(id)}/reject`, { method: 'POST' });
}

/** Rejects (deletes) an account waiting since its sign-up, then reloads the list. */
export function useRejectUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.list() }),
  });
}
