import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { ErrorBoundary } from './error-boundary.tsx';
import { Providers } from './providers.tsx';
import { createAppRouter } from './router.ts';

/** The query client comes from main.tsx, which asks the first question before React starts. */
export function App({ queryClient }: { queryClient: QueryClient }) {
  const [router] = useState(() => createAppRouter());
  return (
    <ErrorBoundary>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </ErrorBoundary>
  );
}
