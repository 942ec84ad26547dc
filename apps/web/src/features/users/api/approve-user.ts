import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role, UserAccount } from '@magazzino/contract';
import { apiJson } from '../../../lib/api-client';
import { userKeys } from './query-keys';

export interface ApproveUserVariables {
  id: string;
  role: Role;
}

/** POST /api/users/:id/approve */
export function approveUser({ id, role }: ApproveUserVariables): Promise<UserAccount> {
  return apiJson<UserAccount>(`/api/users/${encodeURIComponent(id)}/approve`, {
    method: 'POST',
    json: { role },
  });
}

/** Approves an account waiting since its sign-up, with a role, then reloads the list. */
export function useApproveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.list() }),
  });
}
