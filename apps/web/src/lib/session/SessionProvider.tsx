import { useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { setUnauthenticatedListener } from '../api-client';
import { SessionContext } from './session-context';
import { createSessionStore, USER_STORAGE_KEY, toPublicUser, type SessionStore } from './session-store';

interface SessionProviderProps {
  children: ReactNode;
  /** A ready store (tests); by default one over localStorage. */
  store?: SessionStore;
}

/** The profile is asked again when the page comes back into view, at most this often. */
export const PROFILE_REFRESH_MS = 30_000;

/**
 * Provides the session: restored at once from localStorage, confirmed with GET /api/users/me,
 * cleared on any 401 from any call (the guards then send the user to /login, remembering the
 * page), and kept in step with other tabs. The profile (its role above all) is confirmed again
 * when the page comes back into view, so a role changed meanwhile by an amministratore shows.
 */
export function SessionProvider({ children, store: given }: SessionProviderProps) {
  const [store] = useState(() => given ?? createSessionStore());
  const queryClient = useQueryClient();

  useEffect(() => {
    // A visitor (signed out from the start) has no session to confirm.
    if (store.getSnapshot().status !== 'signed-out') void store.confirm();
    let last = Date.now();
    const refresh = () => {
      if (document.visibilityState !== 'visible' || store.getSnapshot().status !== 'signed-in') return;
      if (Date.now() - last < PROFILE_REFRESH_MS) return;
      last = Date.now();
      void store.confirm();
    };
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [store]);

  useEffect(() => {
    setUnauthenticatedListener(() => {
      store.expire();
      // Another user may sign in next: drop everything fetched for this one.
      queryClient.clear();
    });
    return () => setUnauthenticatedListener(undefined);
  }, [store, queryClient]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== USER_STORAGE_KEY && event.key !== null) return;
      const user = event.newValue ? toPublicUser(safeParse(event.newValue)) : null;
      if (user) store.signIn(user);
      else store.signOut();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [store]);

  return <SessionContext.Provider value={store}>{children}</SessionContext.Provider>;
}

function safeParse(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}
