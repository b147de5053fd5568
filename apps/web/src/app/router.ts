import { shouldUseHashRouter } from '../lib/host.ts';
import { browserLocation, hashLocation, type AppLocation } from '../lib/navigation.ts';
import { keepOpeningFragment } from '../lib/opening-fragment.ts';
import { setNavigator } from '../lib/redirects.ts';
import { sessionResetRedirect } from './guards/session-reset-redirect.ts';

/**
 * In hash mode the path lives after `#` and the query before it (`/?view=list#/tasks`). A link written
 * with a real path (the mailed reset link, a bookmark, `?forceLogin`) or with the query inside the hash
 * (an older bookmark) is rewritten to that form before the first screen reads it; null when it already is.
 */
export function adoptPathIntoHash(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string | null {
  if (location.hash.startsWith('#/')) {
    const queryAt = location.hash.indexOf('?');
    if (queryAt < 0) return null;
    return `/${location.hash.slice(queryAt)}${location.hash.slice(0, queryAt)}`;
  }
  if (location.pathname === '/' && location.search === '') return null;
  return `/${location.search}#${location.pathname}`;
}

/**
 * Hash routing on raw non-loopback IP addresses, clean URLs everywhere else (raw IP addresses have no fallback to index.html). An address that
 * asks for the session to be discarded (`?forceLogin`) is served before anything else reads the session.
 */
export function createAppLocation(hostname: string = window.location.hostname): AppLocation {
  let location = browserLocation;
  if (shouldUseHashRouter(hostname)) {
    // A fragment that is no route (the SSO hand-off's code) would be lost when the route moves into it.
    if (window.location.hash !== '' && !window.location.hash.startsWith('#/'))
      keepOpeningFragment(window.location.hash);
    const adopted = adoptPathIntoHash(window.location);
    if (adopted !== null) window.history.replaceState(null, '', adopted);
    location = hashLocation;
  }
  if (sessionResetRedirect(new URLSearchParams(window.location.search)) !== null) {
    location.navigate('/login', { replace: true });
  }
  // Redirects decided outside React (API client, session upkeep) go through the app's history, not a reload.
  setNavigator((to, options) => location.navigate(to, options));
  return location;
}
