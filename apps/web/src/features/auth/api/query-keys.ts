/** The query keys of the account screens. */
export const authKeys = {
  all: ['auth'] as const,
  signupInfo: () => [...authKeys.all, 'signup'] as const,
  sessions: () => [...authKeys.all, 'sessions'] as const,
  twoFactor: () => [...authKeys.all, 'two-factor'] as const,
};
