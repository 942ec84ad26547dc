import { useMutation } from '@tanstack/react-query';
import type { TwoFactorSetup } from '@magazzino/contract';
import { apiJson } from '../../../lib/api-client';

/** POST /api/users/me/two-factor/setup: a new secret, its QR code and the key to type. */
export function startTwoFactor(): Promise<TwoFactorSetup> {
  return apiJson<TwoFactorSetup>('/api/users/me/two-factor/setup', { method: 'POST' });
}

/** 'Attiva': starts the enrolment. */
export function useStartTwoFactor() {
  return useMutation({ mutationFn: startTwoFactor });
}
