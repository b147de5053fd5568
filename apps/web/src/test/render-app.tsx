import { render } from '@testing-library/react';
import { App } from '../app/app.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { browserLocation, type AppLocation } from '../lib/navigation.ts';
import { setNavigator } from '../lib/redirects.ts';
import { startAt } from './test-router.ts';

/**
 * The whole app at `initialPath`, wired like main.tsx (navigator, providers, routes), with clean URLs or,
 * given `hashLocation`, in the hash mode of raw IP addresses.
 */
export function renderApp(
  initialPath: string,
  queryClient = createQueryClient(),
  location: AppLocation = browserLocation,
) {
  const router = startAt(initialPath, location);
  setNavigator((to, options) => location.navigate(to, options));
  const view = render(<App queryClient={queryClient} location={location} />);
  return { router, ...view };
}
