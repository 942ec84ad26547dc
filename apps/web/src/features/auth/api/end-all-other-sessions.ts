import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionsEnded } from '@magazzino/contract';
import { apiJson } from '../../../lib/api-client';
import { authKeys } from './query-keys';

/** DELETE /api/sessioni: ends every session of the user but this one. */
export function endAllOtherSessions(): Promise<SessionsEnded> {
  return apiJson<SessionsEnded>('/api/sessioni', { method: 'DELETE' });
}

/** 'Chiudi tutte le altre sessioni'; the list is read again afterwards. */
export function useEndAllOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endAllOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: authKeys.sessions() }),
  });
}
