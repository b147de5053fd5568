import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { navigate as browserNavigate, useBrowserLocation } from 'wouter/use-browser-location';
import { navigate as hashNavigate, useHashLocation } from 'wouter/use-hash-location';

export interface NavigateOptions {
  replace?: boolean;
}

type Navigate = (to: string, options?: NavigateOptions) => void;

/** Where the app keeps its address: wouter's location hook, and the same navigation outside React. */
export interface AppLocation {
  hook: { (): [string, Navigate]; hrefs?: (href: string) => string };
  navigate: Navigate;
}

/** The index of the history entry on view: 0 for the entry the app was opened on. */
export function entryIndex(): number {
  const state: unknown = window.history.state;
  const idx = state !== null && typeof state === 'object' ? (state as { idx?: unknown }).idx : undefined;
  return typeof idx === 'number' ? idx : 0;
}

/**
 * Whether 'Retour' can go back within the app: the entry on view was pushed by the app. The index lives
 * in the entry's state, which the browser keeps across a reload.
 */
export const canGoBack = (): boolean => entryIndex() > 0;

const indexed =
  (navigate: (to: string, options: { replace: boolean; state: unknown }) => void): Navigate =>
  (to, { replace = false } = {}) =>
    navigate(to, { replace, state: { idx: replace ? entryIndex() : entryIndex() + 1 } });

function locationOf(useBase: () => [string, unknown], navigate: Navigate): AppLocation {
  const useAppLocation = (): [string, Navigate] => [useBase()[0], navigate];
  return { hook: useAppLocation, navigate };
}

/** Clean URLs, with the app's path in the address itself. */
export const browserLocation: AppLocation = locationOf(useBrowserLocation, indexed(browserNavigate));

/**
 * Hash mode (raw IP addresses): the path after `#`, the query before it (`/?view=list#/tasks`), as
 * wouter writes it. A path without a query gets an empty one, so that the previous screen's query does
 * not stay in the address (wouter leaves the query alone when the target has none).
 */
export const hashLocation: AppLocation = locationOf(
  useHashLocation,
  indexed((to, options) => hashNavigate(to.includes('?') ? to : `${to}?`, options)),
);
// A link's `href` in hash mode, for a new tab or a copied address.
hashLocation.hook.hrefs = (href) => `#${href}`;

export type NavigateFunction = (to: string | number, options?: NavigateOptions) => void;

/** Goes to a path, or back and forth in the history (`-1`). */
export function useNavigate(): NavigateFunction {
  const [, navigate] = useLocation();
  return useCallback(
    (to, options) => {
      if (typeof to === 'number') window.history.go(to);
      else navigate(to, options);
    },
    [navigate],
  );
}
