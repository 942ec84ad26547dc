import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiRequest } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useSessionStore } from '../../../lib/session/session-context';

/** POST /api/users/logout: revokes the session and clears the cookie. */
export async function logout(): Promise<void> {
  await apiRequest('/api/users/logout', { method: 'POST' });
}

/**
 * Signs out: asks the server to revoke the session, then in every case forgets the profile and
 * the cached data and goes to the homepage (whose guard then leads to /login).
 */
export function useSignOut() {
  const session = useSessionStore();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      session.signOut();
      queryClient.clear();
      void navigate(paths.home.getHref());
    },
  });
}
