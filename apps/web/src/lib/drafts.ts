import { useCallback, useEffect, useRef, useState } from 'react';

/** Prefix of every draft key in localStorage. */
const DRAFT_PREFIX = 'magazzino.bozza';

/** A draft older than this is stale work nobody is coming back to: it is dropped when read. */
const DRAFT_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

/** Typing is saved this long after the last keystroke (and at once when the page goes away). */
const DRAFT_SAVE_DELAY_MS = 300;

/** What is stored: when, and the form's own data. */
export interface StoredDraft<T> {
  savedAt: string;
  data: T;
}

/** The storage key of a form's draft for one user: drafts never cross accounts. */
export function draftKey(userId: string, form: string): string {
  return `${DRAFT_PREFIX}.${userId}.${form}`;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled: drafts are simply not kept
  }
}

/** The draft under `key`, if there is a readable one younger than DRAFT_MAX_AGE_MS. */
function readDraft<T>(key: string, now: Date = new Date()): StoredDraft<T> | null {
  const store = storage();
  try {
    const raw = store?.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredDraft<T>>;
    const savedAt = typeof parsed.savedAt === 'string' ? Date.parse(parsed.savedAt) : Number.NaN;
    if (Number.isNaN(savedAt) || now.getTime() - savedAt > DRAFT_MAX_AGE_MS || parsed.data === undefined) {
      store?.removeItem(key);
      return null;
    }
    return { savedAt: new Date(savedAt).toISOString(), data: parsed.data };
  } catch {
    return null;
  }
}

/** Stores a draft (or removes it when `data` is null). Storage full or disabled: nothing happens. */
function writeDraft<T>(key: string, data: T | null, now: Date = new Date()): void {
  const store = storage();
  try {
    if (data === null) store?.removeItem(key);
    else store?.setItem(key, JSON.stringify({ savedAt: now.toISOString(), data } satisfies StoredDraft<T>));
  } catch {
    // Quota exceeded: the form still works, only the safety net is missing.
  }
}

export interface DraftControls<T> {
  /** The draft found when the form opened (null if none): the form applies it once. */
  restored: StoredDraft<T> | null;
  /** Records the form's current data, saved after a short pause; null removes the draft. */
  save: (data: T | null) => void;
  /** Writes a pending save now (before a request that may end the page). */
  flush: () => void;
  /** Removes the draft for good (after the server saved the form, or when the clerk discards it). */
  clear: () => void;
}

/**
 * Keeps a form's unsaved work in localStorage under `key` (null turns it off, e.g. while no user
 * is known), so that a reload, a closed tab or an expired session loses nothing. Saves are
 * debounced and flushed when the component goes away or the page is hidden.
 */
export function useDraft<T>(key: string | null): DraftControls<T> {
  // Read once per key, at the first render with it.
  const [restored, setRestored] = useState<{ key: string | null; draft: StoredDraft<T> | null }>(() => ({
    key,
    draft: key ? readDraft<T>(key) : null,
  }));
  if (restored.key !== key) setRestored({ key, draft: key ? readDraft<T>(key) : null });

  const pending = useRef<{ data: T | null } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    if (key && pending.current) writeDraft(key, pending.current.data);
    pending.current = null;
  }, [key]);

  const save = useCallback(
    (data: T | null) => {
      pending.current = { data };
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, DRAFT_SAVE_DELAY_MS);
    },
    [flush],
  );

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    pending.current = null;
    if (key) writeDraft(key, null);
  }, [key]);

  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', flush);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', flush);
      // Leaving the screen (a 401 sending the clerk to the sign-in, a link): keep what was typed.
      flush();
    };
  }, [flush]);

  return { restored: restored.draft, save, flush, clear };
}
