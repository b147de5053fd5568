import { useState, type ReactNode } from 'react';
import { Redirect } from 'wouter';
import { getSession } from '../../lib/session-store.ts';
import { PATHS } from './paths.ts';

/**
 * /login and /reset-password are for signed-out users. The decision is taken on arrival:
 * signing in on this page must not yank the user away before the login screen's own 100 ms redirect.
 */
export function PublicOnly({ children }: { children: ReactNode }) {
  const [signedInOnArrival] = useState(() => getSession().token !== null);
  if (signedInOnArrival) return <Redirect to={PATHS.dashboard} replace />;
  return children;
}
