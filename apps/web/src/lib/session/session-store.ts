import { ROLES, type Role, type User } from '@magazzino/contract';
import { ApiError } from '../api-client';
import { fetchMe } from './me';

/**
 * The public profile kept in localStorage `user`: never a token or a hash (the session is a
 * cookie). The role decides which controls the UI shows (`useCan`); the server checks it anyway.
 */
export type PublicUser = Pick<User, '_id' | 'email' | 'username' | 'role' | 'twoFactorSetupRequired'>;

/** localStorage key of the public profile. */
export const USER_STORAGE_KEY = 'user';

/**
 * The readable companion the server sets and clears with the httpOnly session cookie (`1`, no
 * secret): a browser without it and without a stored profile has no session to check.
 */
export const SESSION_HINT_COOKIE = 'magazzino_signed_in';

/** Whether the session hint cookie is present. */
export function hasSessionHint(): boolean {
  try {
    return document.cookie.split(';').some((pair) => pair.trim() === `${SESSION_HINT_COOKIE}=1`);
  } catch {
    return false;
  }
}

/**
 * 'checking': no usable profile stored but maybe a session, the server is being asked (guards
 * wait); 'signed-in': a profile is known (restored from storage at once, then confirmed);
 * 'signed-out': no session.
 */
export type SessionStatus = 'checking' | 'signed-in' | 'signed-out';

export interface SessionSnapshot {
  user: PublicUser | null;
  status: SessionStatus;
  /** Set when the session ended on its own (a 401 from a call), not by signing out. */
  expired?: boolean;
}

/** The session of the UI: a small external store that React reads with useSyncExternalStore. */
export interface SessionStore {
  getSnapshot: () => SessionSnapshot;
  subscribe: (listener: () => void) => () => void;
  /** Saves the public profile of `user` and marks the session signed in. */
  signIn: (user: PublicUser) => void;
  /** Forgets the profile (the cookie is the server's business). */
  signOut: () => void;
  /** Forgets the profile because the server no longer knows the session (expired, revoked). */
  expire: () => void;
  /** Asks GET /api/users/me whether the cookie session is still valid and updates the state. */
  confirm: () => Promise<void>;
}

const isRole = (value: unknown): value is Role => (ROLES as readonly unknown[]).includes(value);

/**
 * The public fields of `value` if it looks like a stored profile, else null. A profile stored
 * before roles existed has none: it counts as nothing stored, and GET /api/users/me decides.
 */
export function toPublicUser(value: unknown): PublicUser | null {
  if (typeof value !== 'object' || value === null) return null;
  const { _id, email, username, role, twoFactorSetupRequired } = value as Record<string, unknown>;
  if (typeof _id !== 'string' || typeof email !== 'string' || typeof username !== 'string') return null;
  if (!isRole(role)) return null;
  // Kept only while true: the app shows nothing but the enrolment (guards.tsx).
  return {
    _id,
    email,
    username,
    role,
    ...(twoFactorSetupRequired === true ? { twoFactorSetupRequired } : {}),
  };
}

/** The stored profile, and whether anything at all was stored (an older profile, say). */
function readStoredUser(storage: Storage): { user: PublicUser | null; found: boolean } {
  try {
    const raw = storage.getItem(USER_STORAGE_KEY);
    return { user: raw === null ? null : toPublicUser(JSON.parse(raw)), found: raw !== null };
  } catch {
    return { user: null, found: true }; // unreadable storage or corrupt JSON: ask the server
  }
}

function writeStoredUser(storage: Storage, user: PublicUser | null): void {
  try {
    if (user) storage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
    else storage.removeItem(USER_STORAGE_KEY);
  } catch {
    // Storage full or disabled: the session still works for this page.
  }
}

/**
 * Creates the session store over `storage`, restoring a stored profile at once. With no profile
 * the server is asked only when something was stored or the session hint is there: a visitor
 * starts signed out, with no request.
 */
export function createSessionStore(
  storage: Storage = window.localStorage,
  sessionHint: () => boolean = hasSessionHint,
): SessionStore {
  const stored = readStoredUser(storage);
  let snapshot: SessionSnapshot = {
    user: stored.user,
    status: stored.user ? 'signed-in' : stored.found || sessionHint() ? 'checking' : 'signed-out',
  };
  // Bumped by every sign-in/out so a late /me answer never overrides a newer decision.
  let generation = 0;
  const listeners = new Set<() => void>();

  const set = (next: SessionSnapshot) => {
    snapshot = next;
    for (const listener of listeners) listener();
  };

  const store: SessionStore = {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    signIn(user) {
      generation += 1;
      const profile = toPublicUser(user);
      writeStoredUser(storage, profile);
      set({ user: profile, status: profile ? 'signed-in' : 'signed-out' });
    },
    signOut() {
      generation += 1;
      writeStoredUser(storage, null);
      if (snapshot.status !== 'signed-out' || snapshot.user) set({ user: null, status: 'signed-out' });
    },
    expire() {
      const wasSignedIn = snapshot.status === 'signed-in';
      generation += 1;
      writeStoredUser(storage, null);
      // Only a session that was in use can be said to have expired; a visitor is just signed out.
      if (wasSignedIn) set({ user: null, status: 'signed-out', expired: true });
      else if (snapshot.status !== 'signed-out') set({ user: null, status: 'signed-out' });
    },
    async confirm() {
      const started = generation;
      try {
        const user = await fetchMe();
        if (generation === started) store.signIn(user);
      } catch (error) {
        if (generation !== started) return;
        if (error instanceof ApiError && error.status === 401) store.expire();
        // Server unreachable: keep a restored profile (data calls will say what is wrong), but
        // do not keep a visitor waiting on the guards.
        else if (snapshot.status === 'checking') set({ user: null, status: 'signed-out' });
      }
    },
  };
  return store;
}
