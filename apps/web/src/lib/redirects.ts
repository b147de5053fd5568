import { REDIRECT } from '@jalon/contract/plain';

export type Navigator = (to: string, options: { replace: boolean }) => void;

// Until the router installs itself (and in the rare case it never does) a full page load still works.
const fallbackNavigator: Navigator = (to) => window.location.assign(to);

let navigator: Navigator = fallbackNavigator;
let lastNavigation: { to: string; at: number } | null = null;
let lastRedirect: { to: string; at: number } | null = null;

export function setNavigator(next: Navigator): void {
  navigator = next;
}

export function resetRedirectState(): void {
  navigator = fallbackNavigator;
  lastNavigation = null;
  lastRedirect = null;
}

/** The same target requested twice within 300 ms (two timers, two handlers) navigates once. */
export function navigateOnce(to: string, replace = false): boolean {
  const now = Date.now();
  if (lastNavigation && lastNavigation.to === to && now - lastNavigation.at < REDIRECT.doubleNavigationMs) {
    return false;
  }
  lastNavigation = { to, at: now };
  navigator(to, { replace });
  return true;
}

/**
 * Redirects caused by authentication (expired session, 401, forced enrolment). A burst of failing
 * calls must produce one redirect, not a history full of /login entries: nothing is repeated within
 * 400 ms, and the same target is held for 2 s.
 */
export function authRedirect(to: string): boolean {
  const now = Date.now();
  if (lastRedirect) {
    const elapsed = now - lastRedirect.at;
    if (elapsed < REDIRECT.guardMs) return false;
    if (lastRedirect.to === to && elapsed < REDIRECT.guardWindowMs) return false;
  }
  lastRedirect = { to, at: now };
  return navigateOnce(to, true);
}

/** True while an auth redirect is under way; guards wait instead of starting a second one. */
export function isAuthRedirectPending(): boolean {
  return lastRedirect !== null && Date.now() - lastRedirect.at < REDIRECT.guardWindowMs;
}

/** To another site (the organisation's identity provider): a full page load, never the app's router. */
export function leaveForSite(url: string): void {
  window.location.assign(url);
}
