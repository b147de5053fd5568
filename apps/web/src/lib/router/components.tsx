import {
  Component,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type ErrorInfo,
  type MouseEvent,
  type ReactNode,
} from 'react';
import type { Location } from './history.ts';
import type { Params, RouteMatch } from './match-routes.ts';
import type { NavigateOptions, Router, RouterState } from './router.ts';

const RouterContext = createContext<Router | null>(null);
const LocationContext = createContext<Location | null>(null);

/** Where a component sits in the matched branch, and what the `<Outlet>` above it handed down. */
interface Frame {
  matches: RouteMatch[];
  depth: number;
  context: unknown;
}
const FrameContext = createContext<Frame>({ matches: [], depth: -1, context: undefined });

function useRouter(): Router {
  const router = useContext(RouterContext);
  if (!router) throw new Error('A route hook was used outside <RouterProvider>');
  return router;
}

function renderFrame(router: Router, frame: Frame): ReactNode {
  const match = frame.matches[frame.depth];
  if (!match) return null;
  const Screen = router.componentOf(match.route);
  // A route with neither element nor screen only frames its children.
  const element = match.route.element ?? (Screen ? <Screen /> : <Outlet />);
  return <FrameContext.Provider value={frame}>{element}</FrameContext.Provider>;
}

const errorElementOf = (matches: readonly RouteMatch[]): ReactNode =>
  matches.findLast(({ route }) => route.errorElement !== undefined)?.route.errorElement;

/** Shows the router's state: the first screen's fallback, then the matched branch, or its error element. */
export function RouterProvider({ router }: { router: Router }) {
  const state = useSyncExternalStore(
    router.subscribe,
    () => router.state,
    () => router.state,
  );
  return (
    <RouterContext.Provider value={router}>
      <LocationContext.Provider value={state.location}>{content(router, state)}</LocationContext.Provider>
    </RouterContext.Provider>
  );
}

function content(router: Router, state: RouterState): ReactNode {
  if (!state.initialized)
    return router.routes.find((route) => route.fallbackElement)?.fallbackElement ?? null;
  const errorElement = errorElementOf(state.matches);
  if (state.error !== null) {
    // With no error element in the branch, the app's own boundary shows the failure.
    if (errorElement === undefined) throw state.error;
    return errorElement;
  }
  const branch = renderFrame(router, { matches: state.matches, depth: 0, context: undefined });
  if (errorElement === undefined) return branch;
  return (
    <RouteErrorBoundary location={state.location} fallback={errorElement}>
      {branch}
    </RouteErrorBoundary>
  );
}

interface BoundaryProps {
  location: Location;
  fallback: ReactNode;
  children: ReactNode;
}

/** A screen that throws while rendering shows the error element; the next navigation tries again. */
class RouteErrorBoundary extends Component<BoundaryProps, { failed: boolean; location: Location }> {
  override state = { failed: false, location: this.props.location };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { failed: boolean; location: Location }) {
    return props.location === state.location ? null : { failed: false, location: props.location };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('A screen failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** Where a layout shows the route below it, handing it `context` (read with `useOutletContext`). */
export function Outlet({ context }: { context?: unknown }) {
  const router = useRouter();
  const frame = useContext(FrameContext);
  return renderFrame(router, { matches: frame.matches, depth: frame.depth + 1, context });
}

export const useOutletContext = <Context,>(): Context => useContext(FrameContext).context as Context;

export function useLocation(): Location {
  const location = useContext(LocationContext);
  if (!location) throw new Error('useLocation() was used outside <RouterProvider>');
  return location;
}

export const useParams = (): Params => useContext(FrameContext).matches.at(-1)?.params ?? {};

export type NavigateFunction = Router['navigate'];

export const useNavigate = (): NavigateFunction => useRouter().navigate;

/** Goes to `to` once rendered: a guard's way of sending the person elsewhere. */
export function Navigate({ to, replace = false, state }: { to: string } & NavigateOptions) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace, state });
  }, [navigate, to, replace, state]);
  return null;
}

type SearchParamsUpdate = URLSearchParams | ((current: URLSearchParams) => URLSearchParams);
export type SetSearchParams = (next: SearchParamsUpdate, options?: NavigateOptions) => void;

/** The query of the address, and a way to change it (on the same path) that leaves the rest alone. */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const router = useRouter();
  const { search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback<SetSearchParams>(
    (next, options) => {
      // From the router's latest address, so that two changes in a row both count.
      const current = new URLSearchParams(router.state.location.search);
      const query = (typeof next === 'function' ? next(current) : next).toString();
      void router.navigate(query ? `?${query}` : router.state.location.pathname, options);
    },
    [router],
  );
  return [params, setParams];
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string } & NavigateOptions;

const opensElsewhere = (event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean =>
  event.button !== 0 ||
  event.metaKey ||
  event.altKey ||
  event.ctrlKey ||
  event.shiftKey ||
  (target !== undefined && target !== '_self');

/**
 * A link the router follows without reloading the page; a modified or middle click opens it in a new tab
 * as any link would. A link to the current address replaces it rather than adding an entry (`navigate`).
 */
export function Link({ to, replace, state, onClick, target, ...anchor }: LinkProps) {
  const router = useRouter();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || opensElsewhere(event, target)) return;
    event.preventDefault();
    void router.navigate(to, { replace, state });
  };
  return <a {...anchor} target={target} href={router.createHref(to)} onClick={follow} />;
}
