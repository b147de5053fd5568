import { createBrowserRouter, createHashRouter, type Router } from '../lib/router/index.ts';
import { shouldUseHashRouter } from '../lib/host.ts';
import { setNavigator } from '../lib/redirects.ts';
import { routes } from './routes.tsx';

/**
 * In hash mode a link written with a real path (the mailed reset link, a bookmark, `?forceLogin`)
 * would otherwise be ignored: move that path into the hash before the router reads it.
 */
export function adoptPathIntoHash(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string | null {
  if (location.hash.startsWith('#/')) return null;
  if (location.pathname === '/' && location.search === '') return null;
  return `/#${location.pathname}${location.search}`;
}

/** Hash routing on raw non-loopback IP addresses, clean URLs everywhere else (SPEC §2). */
export function createAppRouter(hostname: string = window.location.hostname): Router {
  let router: Router;
  if (shouldUseHashRouter(hostname)) {
    const adopted = adoptPathIntoHash(window.location);
    if (adopted !== null) window.history.replaceState(null, '', adopted);
    router = createHashRouter(routes);
  } else {
    router = createBrowserRouter(routes);
  }
  // Redirects decided outside React (API client, session upkeep) go through the router, not a reload.
  setNavigator((to, options) => void router.navigate(to, options));
  return router;
}
