import { useMutation } from '@tanstack/react-query';
import type { Message } from '@magazzino/contract';
import { apiJson } from '../../../lib/api-client';

/** POST /api/users/:id/password-reset */
export function sendPasswordReset(id: string): Promise<Message> {
  return apiJson<Message>(`/api/users/${encodeURIComponent(id)}/password-reset`, { method: 'POST' });
}

/** Mails an account the link to set a new password. */
export function useSendPasswordReset() {
  return useMutation({ mutationFn: sendPasswordReset });
}
