import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserAccount } from '@magazzino/contract';
import { apiJson } from '../../../lib/api-client';
import { securityKeys } from './query-keys';

/** GET /api/users: the accounts, for the log's 'Utente' filter (amministratori only). */
export function getLogUsers(signal?: AbortSignal): Promise<UserAccount[]> {
  return apiJson<UserAccount[]>('/api/users', { signal });
}

export function logUsersQueryOptions() {
  return queryOptions({ queryKey: securityKeys.users(), queryFn: ({ signal }) => getLogUsers(signal) });
}

/** The accounts to filter the log by. */
export function useLogUsers(enabled: boolean) {
  return useQuery({ ...logUsersQueryOptions(), enabled });
}
