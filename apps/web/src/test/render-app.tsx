import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type Router } from '../lib/router/index.ts';
import { Providers } from '../app/providers.tsx';
import { routes } from '../app/routes.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { setNavigator } from '../lib/redirects.ts';

/**
 * The real route table in a memory router, wired like the app (navigator, providers). `makeRouter`
 * gives another kind (the hash router of raw IP addresses), which reads the window's address instead.
 */
export function renderApp(
  initialPath: string,
  queryClient = createQueryClient(),
  makeRouter: (table: typeof routes) => Router = (table) =>
    createMemoryRouter(table, { initialEntries: [initialPath] }),
) {
  const router = makeRouter(routes);
  setNavigator((to, options) => void router.navigate(to, options));
  const view = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, ...view };
}
