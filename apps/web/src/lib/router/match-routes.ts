import type { ComponentType, ReactNode } from 'react';

/** A screen's module, loaded when a navigation first needs it. */
export type LazyRoute = () => Promise<{ Component: ComponentType }>;

/**
 * One entry of the route table: a path (segments, `:param`, `*`), an index route (`index`), or a
 * layout without a path that wraps its children. Paths of children are relative to their parent's.
 */
export interface RouteObject {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  lazy?: LazyRoute;
  /** Where the app goes instead of this address, or null to stay; asked before the screen loads. */
  redirect?: (url: URL) => string | null;
  /** Shown when a screen of this branch fails to load or to render. */
  errorElement?: ReactNode;
  /** Shown while the first screen's code loads. */
  fallbackElement?: ReactNode;
  children?: RouteObject[];
}

export type Params = Record<string, string>;

/** One route of the matched branch, from the root down to the screen. */
export interface RouteMatch {
  route: RouteObject;
  params: Params;
}

interface Branch {
  routes: RouteObject[];
  segments: string[];
  score: number;
}

const segmentsOf = (path: string): string[] => path.split('/').filter((segment) => segment !== '');

/** Static segments outrank parameters, which outrank a splat, as in React Router: '/projects/new' before '/projects/:id'. */
function scoreOf(segments: readonly string[], index: boolean): number {
  let score = segments.length + (index ? 2 : 0);
  for (const segment of segments) {
    if (segment === '*') score -= 2;
    else if (segment.startsWith(':')) score += 3;
    else score += 10;
  }
  return score;
}

function flatten(routes: readonly RouteObject[], parent: Branch, out: Branch[]): Branch[] {
  for (const route of routes) {
    const branch: Branch = {
      routes: [...parent.routes, route],
      segments: [...parent.segments, ...segmentsOf(route.path ?? '')],
      score: 0,
    };
    if (route.children?.length) flatten(route.children, branch, out);
    // A layout (no path, not an index) only ever matches through its children.
    if (route.path !== undefined || route.index)
      out.push({ ...branch, score: scoreOf(branch.segments, !!route.index) });
  }
  return out;
}

function matchSegments(pattern: readonly string[], actual: readonly string[]): Params | null {
  const params: Params = {};
  for (const [position, segment] of pattern.entries()) {
    if (segment === '*') {
      params['*'] = actual.slice(position).join('/');
      return params;
    }
    const value = actual[position];
    if (value === undefined) return null;
    if (segment.startsWith(':')) params[segment.slice(1)] = safeDecode(value);
    else if (segment.toLowerCase() !== safeDecode(value).toLowerCase()) return null;
  }
  return pattern.length === actual.length ? params : null;
}

const safeDecode = (value: string): string => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

const rankedBranches = new WeakMap<readonly RouteObject[], Branch[]>();

/**
 * The branch of `routes` that `pathname` opens (trailing slash and letter case ignored), or null when none
 * does. Pure: the router and its tests share it.
 */
export function matchRoutes(routes: readonly RouteObject[], pathname: string): RouteMatch[] | null {
  let branches = rankedBranches.get(routes);
  if (!branches) {
    // A stable sort: among equal scores the table's order decides.
    branches = flatten(routes, { routes: [], segments: [], score: 0 }, []).sort((a, b) => b.score - a.score);
    rankedBranches.set(routes, branches);
  }
  const actual = segmentsOf(pathname);
  for (const branch of branches) {
    const params = matchSegments(branch.segments, actual);
    if (params) return branch.routes.map((route) => ({ route, params }));
  }
  return null;
}
