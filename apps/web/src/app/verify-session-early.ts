import type { QueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '../features/auth/api/me.ts';
import { getSession } from '../lib/session-store.ts';
import { askFirstScreenData } from './first-screen-data.ts';
import { mustEnrolFirst } from './guards/must-enrol-first.ts';
import { discardsSession } from './guards/session-reset-redirect.ts';

/**
 * The guard's session check (GET /api/auth/me) asked as the app starts, beside the download of
 * the screen's code, instead of after it: the router renders the guard only once the route's chunks have
 * arrived and run, and a signed-in screen's first paint waited for both in turn (issue 17, Lighthouse).
 * The guard reads the same query, so the session is still checked once. Nothing is asked without a
 * session, nor when the address asks for the session to be discarded (`?forceLogin`, `?logout`: the root
 * route's redirect signs out instead).
 *
 * The first screen's own data (first-screen-data.ts) leaves either at the same time or once /me has
 * answered, as the screen's entry says. Leaving with /me, the person stored at sign-in tells whether they
 * are held to /security; if the server has since refused the session or the person, it answers those
 * reads as it answers /me (401 to the sign-in page, 403 to /security), and sends no data. After /me,
 * nothing more is asked for a refused session or an administrator held to /security.
 * Answers whether it asked: the app then also starts the screen's code (routes.tsx, preloadScreen).
 */
export function verifySessionEarly(
  queryClient: QueryClient,
  address: string = window.location.href,
): boolean {
  const { token, user } = getSession();
  if (token === null) return false;
  const url = new URL(address);
  const hashQuery = url.hash.includes('?') ? url.hash.slice(url.hash.indexOf('?')) : '';
  if (discardsSession(url.searchParams) || discardsSession(new URLSearchParams(hashQuery))) return false;
  queryClient.fetchQuery(meQueryOptions()).then(
    (me) => {
      if (!mustEnrolFirst(me.user, me.session)) askFirstScreenData(queryClient, url, 'after-session-check');
    },
    // A refused or failed check is the guard's to show; nothing more is asked.
    () => undefined,
  );
  if (user !== null && !mustEnrolFirst(user)) askFirstScreenData(queryClient, url, 'with-session-check');
  return true;
}
