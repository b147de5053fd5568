import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from '../lib/router/index.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { openEngine } from '../offline/open-engine.ts';
import { WorkProvider } from '../offline/work-context.tsx';

/** A screen's engine keeps its copy in memory: every test starts from an empty device. */
const openInMemory = (userId: string) => openEngine(userId, false);
export const TEST_USER_ID = '00000000-0000-4000-a000-000000000001';

function Landed() {
  const { pathname, search } = useLocation();
  return <p>Page {`${pathname}${search}`}</p>;
}

/** One screen at `path`, with stand-ins that name the page the user lands on when it navigates away. */
export function renderRoute(element: ReactElement, path: string, initialEntry: string = path) {
  return renderInRouter(element, path, initialEntry, (routed) => routed);
}

/** A screen of the person's work (projects, tasks), with the offline engine around it as the layout provides it. */
export function renderWorkRoute(element: ReactElement, path: string, initialEntry: string = path) {
  return renderInRouter(element, path, initialEntry, (routed) => (
    <WorkProvider userId={TEST_USER_ID} open={openInMemory}>
      {routed}
    </WorkProvider>
  ));
}

function renderInRouter(
  element: ReactElement,
  path: string,
  initialEntry: string,
  wrap: (routed: ReactElement) => ReactElement,
) {
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <Landed /> },
    ],
    { initialEntries: [initialEntry] },
  );
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      {wrap(<RouterProvider router={router} />)}
    </QueryClientProvider>,
  );
  return { router, ...view };
}
