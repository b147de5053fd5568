import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Route, Router, Switch, useLocation, useSearch } from 'wouter';
import { GlobalShortcuts } from '../features/shortcuts/components/global-shortcuts.tsx';
import { browserLocation } from '../lib/navigation.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { openEngine } from '../offline/open-engine.ts';
import { WorkProvider } from '../offline/work-context.tsx';
import { startAt } from './test-router.ts';

/** A screen's engine keeps its copy in memory: every test starts from an empty device. */
const openInMemory = (userId: string) => openEngine(userId, false);
export const TEST_USER_ID = '00000000-0000-4000-a000-000000000001';

function Landed() {
  const [pathname] = useLocation();
  const search = useSearch();
  return <p>Page {`${pathname}${search && `?${search}`}`}</p>;
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

/** A work screen with the global shortcuts beside it, as the shell has them (1, 2 and 3 press its view switcher). */
export function renderWorkRouteWithShortcuts(
  element: ReactElement,
  path: string,
  initialEntry: string = path,
) {
  return renderWorkRoute(
    <>
      {element}
      <GlobalShortcuts />
    </>,
    path,
    initialEntry,
  );
}

function renderInRouter(
  element: ReactElement,
  path: string,
  initialEntry: string,
  wrap: (routed: ReactElement) => ReactElement,
) {
  const router = startAt(initialEntry);
  const routed = (
    <Router hook={browserLocation.hook}>
      <Switch>
        <Route path={path}>{element}</Route>
        <Route>
          <Landed />
        </Route>
      </Switch>
    </Router>
  );
  const view = render(<QueryClientProvider client={createQueryClient()}>{wrap(routed)}</QueryClientProvider>);
  return { router, ...view };
}
