import type { QueryClient } from '@tanstack/react-query';
import {
  activityPeopleQueryOptions,
  activityQueryOptions as journalQueryOptions,
  readActivityFilter,
} from '../features/activity/api/get-activity.ts';
import { activityQueryOptions } from '../features/dashboard/api/get-activity.ts';
import { dashboardQueryOptions } from '../features/dashboard/api/get-dashboard.ts';
import { trendsQueryOptions } from '../features/dashboard/api/get-trends.ts';
import { projectFilterQueryOptions } from '../features/dashboard/api/list-projects.ts';
import { OPENING_VIEW } from '../features/dashboard/opening-view.ts';
import { PATHS } from './guards/paths.ts';

type Ask = (queryClient: QueryClient, params: URLSearchParams) => Promise<unknown>[];

/**
 * What the screens that show the server's data ask first, with the same query keys and options as the
 * screens themselves, so a screen finds its answer (or the request on its way) in the cache instead of
 * asking again (the default stale time, 30 s, keeps it fresh until then). Screens whose queries are
 * never fresh (`staleTime: 0`, /security) are not here: they would ask twice.
 */
const FIRST_SCREEN_DATA: Record<string, Ask> = {
  [PATHS.dashboard]: (client) => [
    client.prefetchQuery(dashboardQueryOptions(OPENING_VIEW, true)),
    client.prefetchQuery(trendsQueryOptions(OPENING_VIEW.period, OPENING_VIEW.projectId, true)),
    client.prefetchQuery(activityQueryOptions(true)),
    client.prefetchQuery(projectFilterQueryOptions(true)),
  ],
  '/activity': (client, params) => [
    client.prefetchInfiniteQuery(journalQueryOptions(readActivityFilter(params))),
    client.prefetchQuery(activityPeopleQueryOptions()),
  ],
};

/**
 * Asks the first screen's own data as soon as the session is known good, beside the download of the
 * screen's code rather than after it: the screen used to ask only once its code had run (issue 17,
 * Lighthouse: one round trip less before its content).
 */
export function askFirstScreenData(queryClient: QueryClient, url: URL): void {
  if (!navigator.onLine) return;
  FIRST_SCREEN_DATA[url.pathname]?.(queryClient, url.searchParams);
}
