import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordInput, Message } from '@magazzino/contract';
import { apiJson } from '../../../lib/api-client';

/** POST /api/users/forgot-password: mails a reset link if the address has an account. */
export function requestPasswordReset(input: ForgotPasswordInput): Promise<Message> {
  return apiJson<Message>('/api/users/forgot-password', { method: 'POST', json: input });
}

/** Asks for the reset mail. */
export function useForgotPassword() {
  return useMutation({ mutationFn: requestPasswordReset });
}
