import type { QueryClient } from '@tanstack/react-query';
import { Router } from 'wouter';
import type { AppLocation } from '../lib/navigation.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { Providers } from './providers.tsx';
import { AppRoutes } from './routes.tsx';

/** The query client and the location (clean URLs or hash) come from main.tsx, which makes them before React starts. */
export function App({ queryClient, location }: { queryClient: QueryClient; location: AppLocation }) {
  return (
    <ErrorBoundary>
      <Providers queryClient={queryClient}>
        <Router hook={location.hook}>
          <AppRoutes />
        </Router>
      </Providers>
    </ErrorBoundary>
  );
}
