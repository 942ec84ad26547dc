import { useMutation } from '@tanstack/react-query';
import type { Message } from '@magazzino/contract';
import { apiJson } from '../../../lib/api-client';

export interface ResetPasswordVariables {
  token: string;
  password: string;
}

/** POST /api/users/reset-password/<token>: sets the new password (the link's token is single use). */
export function resetPassword({ token, password }: ResetPasswordVariables): Promise<Message> {
  return apiJson<Message>(`/api/users/reset-password/${encodeURIComponent(token)}`, {
    method: 'POST',
    json: { password, token },
  });
}

/** Sets the new password from the mailed link. */
export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
