/** The filter of the 'Registro di sicurezza' as the API takes it ('' = none). */
export interface SecurityLogFilter {
  /** Event types, comma-separated. */
  tipo: string;
  utente: string;
  /** [dal, al): ISO instants of the bounds of local days. */
  dal: string;
  al: string;
}

/** The query keys of the security screens. */
export const securityKeys = {
  all: ['security'] as const,
  log: (filter: SecurityLogFilter) => [...securityKeys.all, 'log', filter] as const,
  users: () => [...securityKeys.all, 'users'] as const,
};
