import { act } from '@testing-library/react';
import { browserLocation, hashLocation, type AppLocation, type NavigateOptions } from '../lib/navigation.ts';

/** The address a test reads and moves, in jsdom's own history: the app's history is the browser's. */
export interface TestRouter {
  readonly state: { readonly location: { pathname: string; search: string } };
  navigate(to: string | number, options?: NavigateOptions): Promise<void>;
}

/**
 * Opens `path` as the first entry of the app (nothing of the app's to go back to), with clean URLs or,
 * given `hashLocation`, in hash mode.
 */
export function startAt(path: string, location: AppLocation = browserLocation): TestRouter {
  window.history.replaceState(null, '', '/');
  location.navigate(path, { replace: true });
  const pathname = () =>
    location === hashLocation ? window.location.hash.slice(1) || '/' : window.location.pathname;
  return {
    state: {
      get location() {
        return { pathname: pathname(), search: window.location.search };
      },
    },
    async navigate(to, options) {
      await act(async () => {
        if (typeof to === 'number') window.history.go(to);
        else location.navigate(to, options);
      });
    },
  };
}
