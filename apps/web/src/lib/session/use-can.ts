import { hasPermission, type Permission } from '@magazzino/contract';
import { useSession } from './session-context';
import type { PublicUser } from './session-store';

/** Whether `user` (signed in or not) holds `permission`, by the contract's ROLE_PERMISSIONS. */
export function userCan(user: PublicUser | null, permission: Permission): boolean {
  return user !== null && hasPermission(user.role, permission);
}

/**
 * Whether the signed-in user may do what `permission` names (`useCan('parts:write')`): screens
 * hide the controls of what the role cannot do. Only the UI: the server checks every request.
 */
export function useCan(permission: Permission): boolean {
  return userCan(useSession().user, permission);
}
