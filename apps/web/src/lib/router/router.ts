import type { ComponentType } from 'react';
import {
  createBrowserHistory,
  createHashHistory,
  createMemoryHistory,
  createPath,
  parsePath,
  type Location,
  type RouterHistory,
} from './history.ts';
import { matchRoutes, type RouteMatch, type RouteObject } from './match-routes.ts';

export interface RouterState {
  /** False until the first screen's code has loaded: the root's fallback shows meanwhile. */
  initialized: boolean;
  location: Location;
  /** The branch shown, from the root down to the screen. */
  matches: RouteMatch[];
  /** Why the branch cannot show (its code failed to load, or no route matches), or null. */
  error: unknown;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface Router {
  readonly state: RouterState;
  readonly routes: readonly RouteObject[];
  /**
   * To an absolute path, to `?query` on the current path, or back and forth in the history (-1). Going to
   * the current address replaces it unless `replace: false` says otherwise.
   */
  navigate(to: string | number, options?: NavigateOptions): Promise<void>;
  subscribe(listener: () => void): () => void;
  createHref(to: string): string;
  /** The component a lazy route's module gave, once loaded. */
  componentOf(route: RouteObject): ComponentType | undefined;
  dispose(): void;
}

/** A chain of redirects longer than this is a loop in the table, not a journey. */
const MAX_REDIRECTS = 10;

type Move = 'initial' | 'push' | 'replace' | 'pop';

/**
 * The app's router: it matches the address against the route table, loads the code of the screens it
 * opens (each screen is its own chunk), and only then shows them, so the screen on view stays until the
 * next one can show at once. The latest navigation wins when they overlap. Decision 0043 says why this
 * replaced React Router's data router.
 */
export function createRouter(routes: readonly RouteObject[], history: RouterHistory): Router {
  const components = new Map<RouteObject, ComponentType>();
  const loading = new Map<RouteObject, Promise<void>>();
  const listeners = new Set<() => void>();
  let latest = 0;
  let state: RouterState = { initialized: false, location: history.location, matches: [], error: null };

  /** The load of a lazy route's module, or null when there is nothing to wait for. */
  const loadComponent = (route: RouteObject): Promise<void> | null => {
    if (!route.lazy || components.has(route)) return null;
    let pending = loading.get(route);
    if (!pending) {
      pending = route.lazy().then(
        (module) => void components.set(route, module.Component),
        (error: unknown) => {
          // Forgotten, so that the next navigation tries again (a chunk lost to a flaky network).
          loading.delete(route);
          throw error;
        },
      );
      loading.set(route, pending);
    }
    return pending;
  };

  /**
   * Moves to `path` once its screens' code is here: at once (in the same task) when it already is, as in a
   * test's table of plain elements, so that nothing waits a turn for nothing.
   */
  function go(path: string, move: Move, entryState: unknown, redirects = 0): Promise<void> {
    const navigation = ++latest;
    const target = parsePath(path);
    const matches = matchRoutes(routes, target.pathname);
    const url = new URL(createPath(target), window.location.origin);
    for (const { route } of matches ?? []) {
      const elsewhere = route.redirect?.(url);
      if (elsewhere != null && redirects < MAX_REDIRECTS) {
        // The address that redirected never stays in the history.
        return go(elsewhere, move === 'push' ? 'push' : 'replace', null, redirects + 1);
      }
    }
    const commit = (error: unknown) => {
      if (navigation !== latest) return;
      if (move === 'push') history.push(path, entryState);
      else if (move === 'replace') history.replace(path, entryState);
      state = { initialized: true, location: history.location, matches: matches ?? [], error };
      for (const listener of listeners) listener();
    };
    if (!matches) {
      commit(new Error(`No route matches ${target.pathname}`));
      return Promise.resolve();
    }
    const loads = matches.map(({ route }) => loadComponent(route)).filter((load) => load !== null);
    if (loads.length === 0) {
      commit(null);
      return Promise.resolve();
    }
    return Promise.all(loads).then(
      () => commit(null),
      (failure: unknown) => commit(failure),
    );
  }

  const unlisten = history.listen(() => void go(createPath(history.location), 'pop', history.location.state));
  void go(createPath(history.location), 'initial', history.location.state);

  return {
    get state() {
      return state;
    },
    routes,
    navigate(to, options = {}) {
      if (typeof to === 'number') {
        history.go(to);
        return Promise.resolve();
      }
      const path = to.startsWith('?') ? `${state.location.pathname}${to}` : to;
      // Going to the address on view replaces it, as in React Router: no entry that 'back' would repeat.
      const replace = options.replace ?? path === createPath(state.location);
      return go(path, replace ? 'replace' : 'push', options.state ?? null);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    createHref: (to) => history.createHref(to),
    componentOf: (route) => components.get(route),
    dispose: unlisten,
  };
}

export const createBrowserRouter = (routes: readonly RouteObject[]): Router =>
  createRouter(routes, createBrowserHistory());

export const createHashRouter = (routes: readonly RouteObject[]): Router =>
  createRouter(routes, createHashHistory());

export const createMemoryRouter = (
  routes: readonly RouteObject[],
  options: { initialEntries?: readonly string[] } = {},
): Router => createRouter(routes, createMemoryHistory(options.initialEntries));
