/**
 * A loader of something fetched on first use (a chunk of the app: `() => import('./x')`) that
 * loads it once and hands every caller the same promise; a failed load (the connection dropped)
 * is forgotten, so the next call tries again. `preload` starts it without waiting, for a form's
 * first focus, and never rejects.
 */
export function loadOnce<T>(load: () => Promise<T>): { get: () => Promise<T>; preload: () => void } {
  let pending: Promise<T> | undefined;
  const get = () => {
    if (!pending) {
      const started = load();
      pending = started;
      started.catch(() => {
        if (pending === started) pending = undefined;
      });
    }
    return pending;
  };
  return { get, preload: () => void get().catch(() => undefined) };
}
