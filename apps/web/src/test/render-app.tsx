import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '../lib/router/index.ts';
import { Providers } from '../app/providers.tsx';
import { routes } from '../app/routes.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { setNavigator } from '../lib/redirects.ts';

/** The real route table in a memory router, wired like the app (navigator, providers). */
export function renderApp(initialPath: string, queryClient = createQueryClient()) {
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  setNavigator((to, options) => void router.navigate(to, options));
  const view = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, ...view };
}
