import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error.ts';

// A 4xx will not get better by asking again, and 401s already redirect; only transient failures retry.
const shouldRetry = (failureCount: number, error: unknown): boolean => {
  if (isApiError(error) && error.status !== null && error.status < 500) return false;
  if (isApiError(error) && error.kind === 'session_expired') return false;
  return failureCount < 2;
};

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      // Never paused while offline: project and task writes go to the outbox, which works offline, and
      // anything else (sign-out, a 2FA step) should try and say what happened rather than hang.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
