import { createBrowserRouter, createHashRouter } from 'react-router';
import { shouldUseHashRouter } from '../lib/host.ts';
import { setNavigator } from '../lib/redirects.ts';
import { routes } from './routes.tsx';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** Hash routing on raw non-loopback IP addresses, clean URLs everywhere else (SPEC §2). */
export function createAppRouter(hostname: string = window.location.hostname): AppRouter {
  const router = shouldUseHashRouter(hostname) ? createHashRouter(routes) : createBrowserRouter(routes);
  // Redirects decided outside React (API client, session upkeep) go through the router, not a reload.
  setNavigator((to, options) => void router.navigate(to, options));
  return router;
}
