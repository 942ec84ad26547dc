import { useCallback, useMemo, useState } from 'react';

/** The rows of a list chosen for labels: their ids in the order they were chosen, across its pages. */
export interface PartSelection {
  ids: readonly string[];
  has: (id: string) => boolean;
  /** Adds or removes some rows (one row, or a whole page). */
  set: (ids: readonly string[], selected: boolean) => void;
  clear: () => void;
}

/** A selection of rows kept while the list changes page, filter or order. */
export function usePartSelection(): PartSelection {
  const [ids, setIds] = useState<readonly string[]>([]);
  const set = useCallback((changed: readonly string[], selected: boolean) => {
    setIds((current) => {
      if (!selected) return current.filter((id) => !changed.includes(id));
      const added = changed.filter((id) => !current.includes(id));
      return added.length === 0 ? current : [...current, ...added];
    });
  }, []);
  const clear = useCallback(() => setIds([]), []);
  return useMemo(() => {
    const chosen = new Set(ids);
    return { ids, has: (id: string) => chosen.has(id), set, clear };
  }, [ids, set, clear]);
}
