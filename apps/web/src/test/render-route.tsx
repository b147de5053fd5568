import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { createQueryClient } from '../lib/query-client.ts';

function Landed() {
  const { pathname, search } = useLocation();
  return <p>Page {`${pathname}${search}`}</p>;
}

/** One screen at `path`, with stand-ins that name the page the user lands on when it navigates away. */
export function renderRoute(element: ReactElement, path: string, initialEntry: string = path) {
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <Landed /> },
    ],
    { initialEntries: [initialEntry] },
  );
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, ...view };
}
