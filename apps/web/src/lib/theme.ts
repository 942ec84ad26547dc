import { useCallback, useSyncExternalStore } from 'react';

/** The two Bootstrap colour modes. */
type Theme = 'light' | 'dark';

/**
 * localStorage key of the theme. Its values are 'ligth' | 'dark': the misspelling is the stored
 * value the original app used, kept so that a clerk's saved choice still applies.
 */
const THEME_STORAGE_KEY = 'theme';
const STORED_LIGHT = 'ligth';

/** The stored theme: 'ligth' means light, anything else (or nothing) means dark. */
function readStoredTheme(): Theme {
  try {
    return localStorage.getItem(THEME_STORAGE_KEY) === STORED_LIGHT ? 'light' : 'dark';
  } catch {
    return 'dark';
  }
}

/** The theme on screen (the inline script of index.html set it before the first paint). */
function currentTheme(): Theme {
  return document.documentElement.getAttribute('data-bs-theme') === 'light' ? 'light' : 'dark';
}

const listeners = new Set<() => void>();

/** Shows `theme` and remembers it for the next visits. */
function setTheme(theme: Theme): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme === 'light' ? STORED_LIGHT : 'dark');
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
  document.documentElement.setAttribute('data-bs-theme', theme);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed the theme: follow it.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY) return;
    document.documentElement.setAttribute('data-bs-theme', readStoredTheme());
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The current theme and a toggle between light and dark. */
export function useTheme(): { theme: Theme; toggleTheme: () => void } {
  const theme = useSyncExternalStore(subscribe, currentTheme, () => 'dark' as const);
  const toggleTheme = useCallback(() => setTheme(currentTheme() === 'dark' ? 'light' : 'dark'), []);
  return { theme, toggleTheme };
}
