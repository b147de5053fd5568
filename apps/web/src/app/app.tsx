import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider, type Router } from '../lib/router/index.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { Providers } from './providers.tsx';

/** The query client and the router come from main.tsx, which makes them before React starts. */
export function App({ queryClient, router }: { queryClient: QueryClient; router: Router }) {
  return (
    <ErrorBoundary>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </ErrorBoundary>
  );
}
