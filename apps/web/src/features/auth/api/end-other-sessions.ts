import { useMutation } from '@tanstack/react-query';
import type { Message } from '@magazzino/contract';
import { apiJson } from '../../../lib/api-client';

/** DELETE /api/users/me/sessions: ends every session of the user but this one. */
export function endOtherSessions(): Promise<Message> {
  return apiJson<Message>('/api/users/me/sessions', { method: 'DELETE' });
}

/** 'Esci da tutti i dispositivi'. */
export function useEndOtherSessions() {
  return useMutation({ mutationFn: endOtherSessions });
}
