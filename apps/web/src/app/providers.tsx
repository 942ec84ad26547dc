import { useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SessionProvider } from '../lib/session/SessionProvider';
import type { SessionStore } from '../lib/session/session-store';
import { ApiError } from '../lib/api-client';

/** Query defaults: a client error (4xx) is an answer, not a hiccup, so it is never retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failures, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
      },
      mutations: { retry: false },
    },
  });
}

interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own client and session store; main.tsx its session store, read before the first render. */
  queryClient?: QueryClient;
  sessionStore?: SessionStore;
}

/** Everything the screens share: the query cache and the session. */
export function AppProviders({ children, queryClient, sessionStore }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <SessionProvider store={sessionStore}>{children}</SessionProvider>
    </QueryClientProvider>
  );
}
