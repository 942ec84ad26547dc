import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserAccount, UserUpdateInput } from '@magazzino/contract';
import { apiJson } from '../../../lib/api-client';
import { userKeys } from './query-keys';

export interface UpdateUserVariables {
  id: string;
  changes: UserUpdateInput;
}

/** PATCH /api/users/:id */
export function updateUser({ id, changes }: UpdateUserVariables): Promise<UserAccount> {
  return apiJson<UserAccount>(`/api/users/${encodeURIComponent(id)}`, { method: 'PATCH', json: changes });
}

/** Changes an account's role or status, then reloads the list. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.list() }),
  });
}
