/**
 * Query keys of the imports feature. An import is read by id (the page polls it while it runs);
 * the latest ones are the page's history.
 */
export const importKeys = {
  all: ['imports'] as const,
  /** Every list of the latest imports (whatever its limit). */
  lists: ['imports', 'latest'] as const,
  latest: (limit: number) => ['imports', 'latest', limit] as const,
  detail: (id: string) => ['imports', 'detail', id] as const,
};
