/** The query keys of the 'Utenti' screen. */
export const userKeys = {
  all: ['users'] as const,
  list: () => [...userKeys.all, 'list'] as const,
  settings: () => [...userKeys.all, 'settings'] as const,
};
