import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { authKeys } from './query-keys';

/** DELETE /api/sessioni/{id}: ends one of the user's sessions. */
export async function endSession(id: string): Promise<void> {
  await apiRequest(`/api/sessioni/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** 'Chiudi' on a session of 'Sessioni attive'; the list is read again afterwards. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: authKeys.sessions() }),
  });
}
