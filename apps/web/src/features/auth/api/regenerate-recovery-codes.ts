import { useMutation } from '@tanstack/react-query';
import type { RecoveryCodes, TwoFactorCodeInput } from '@magazzino/contract';
import { apiJson } from '../../../lib/api-client';

/** POST /api/users/me/two-factor/recovery-codes: ten new codes for a current code of the app. */
export function regenerateRecoveryCodes(input: TwoFactorCodeInput): Promise<RecoveryCodes> {
  return apiJson<RecoveryCodes>('/api/users/me/two-factor/recovery-codes', { method: 'POST', json: input });
}

/** 'Genera nuovi codici'. */
export function useRegenerateRecoveryCodes() {
  return useMutation({ mutationFn: regenerateRecoveryCodes });
}
