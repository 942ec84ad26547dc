import { paths } from '../paths';

/** Navigation state carried to /login by the guards (and between /login and /register). */
export interface AuthLocationState {
  /** The page first asked for: path, query and hash. */
  from?: string;
  /** A message for the sign-in screen, e.g. after a password change. */
  notice?: 'password-changed' | 'session-expired';
}

/** Where to go after signing in: the page first asked for if it is a local path, else the dashboard. */
export function returnPath(state: unknown, fallback = paths.dashboard.getHref()): string {
  const from = (state as AuthLocationState | null)?.from;
  // Only same-app paths: never '//evil.example' or an absolute URL.
  if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('//')) return from;
  return fallback;
}

/** The navigation state to carry on to the other account screen (keeps the return path). */
export function carriedState(state: unknown): AuthLocationState | undefined {
  const from = (state as AuthLocationState | null)?.from;
  return typeof from === 'string' ? { from } : undefined;
}
