import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { getSession, subscribeSession } from '../lib/session-store.ts';

interface ProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

export function Providers({ queryClient, children }: ProvidersProps) {
  // When the session ends (sign-out, expiry, another tab) nothing cached for it may be shown to the next user.
  useEffect(
    () =>
      subscribeSession(() => {
        if (getSession().token === null) queryClient.removeQueries();
      }),
    [queryClient],
  );
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
