import { isSameSitePath } from '@jalon/contract/plain';

/** Where a sign-in lands when the person asked for no page in particular. */
const DEFAULT_LANDING = '/dashboard';

/**
 * The page a sign-in should land on: the one the person first asked for (`?returnTo=` of /login, kept
 * by the route guard), when it is a path of this site; anything else (another site, a mangled address)
 * is ignored, and the dashboard opens.
 */
export const landingAfterSignIn = (returnTo: string | null | undefined): string =>
  returnTo && isSameSitePath(returnTo) ? returnTo : DEFAULT_LANDING;

/** /login, remembering the page a signed-out person opened (a link to a task, say). */
export function loginReturningTo(path: string, search: string): string {
  const target = search ? `${path}?${search}` : path;
  if (target === DEFAULT_LANDING || !isSameSitePath(target)) return '/login';
  return `/login?${new URLSearchParams({ returnTo: target })}`;
}
