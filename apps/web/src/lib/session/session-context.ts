import { createContext, useContext, useSyncExternalStore } from 'react';
import type { SessionSnapshot, SessionStore } from './session-store';

/** The session store of the app (provided by SessionProvider). */
export const SessionContext = createContext<SessionStore | null>(null);

/** The session store itself, for sign-in and sign-out. */
export function useSessionStore(): SessionStore {
  const store = useContext(SessionContext);
  if (!store) throw new Error('useSessionStore must be used inside <SessionProvider>');
  return store;
}

/** The current user (public profile) and session status; re-renders on change. */
export function useSession(): SessionSnapshot {
  const store = useSessionStore();
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
