// The app's router (decision 0043): React Router's names and behaviour for the part of it Jalon uses.
export {
  Link,
  Navigate,
  Outlet,
  RouterProvider,
  useLocation,
  useNavigate,
  useOutletContext,
  useParams,
  useSearchParams,
  type NavigateFunction,
  type SetSearchParams,
} from './components.tsx';
export type { Location } from './history.ts';
export type { RouteObject } from './match-routes.ts';
export {
  createBrowserRouter,
  createHashRouter,
  createMemoryRouter,
  type NavigateOptions,
  type Router,
} from './router.ts';
