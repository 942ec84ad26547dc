/** The query keys of the account screens. */
export const authKeys = {
  all: ['auth'] as const,
  signupInfo: () => [...authKeys.all, 'signup'] as const,
};
