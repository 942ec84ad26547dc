import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput, Message } from '@magazzino/contract';
import { apiJson } from '../../../lib/api-client';

/** POST /api/users/me/password: the current password and the new one; the other sessions end. */
export function changePassword(input: ChangePasswordInput): Promise<Message> {
  return apiJson<Message>('/api/users/me/password', { method: 'POST', json: input });
}

/** Changes the signed-in user's password. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
