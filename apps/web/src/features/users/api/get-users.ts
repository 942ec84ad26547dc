import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserAccount } from '@magazzino/contract';
import { apiJson } from '../../../lib/api-client';
import { userKeys } from './query-keys';

/** GET /api/users */
export function getUsers(signal?: AbortSignal): Promise<UserAccount[]> {
  return apiJson<UserAccount[]>('/api/users', { signal });
}

/** Query of every account. */
export function usersQueryOptions() {
  return queryOptions({ queryKey: userKeys.list(), queryFn: ({ signal }) => getUsers(signal) });
}

/** Every account, oldest first. */
export function useUsers(enabled = true) {
  return useQuery({ ...usersQueryOptions(), enabled });
}
