import { useMutation } from '@tanstack/react-query';
import type { RecoveryCodes, TwoFactorCodeInput } from '@magazzino/contract';
import { apiJson } from '../../../lib/api-client';

/** POST /api/users/me/two-factor/confirm: the first code turns it on; answers the recovery codes. */
export function confirmTwoFactor(input: TwoFactorCodeInput): Promise<RecoveryCodes> {
  return apiJson<RecoveryCodes>('/api/users/me/two-factor/confirm', { method: 'POST', json: input });
}

/**
 * 'Conferma e attiva'. The status is not refreshed here: the recovery codes stay on screen until
 * the user says they are saved (then the caller refreshes).
 */
export function useConfirmTwoFactor() {
  return useMutation({ mutationFn: confirmTwoFactor });
}
