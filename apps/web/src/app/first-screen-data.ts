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

/** When a screen's reads leave: with the session check (GET /auth/me), or once it has answered. */
export type AskMoment = 'with-session-check' | 'after-session-check';

interface FirstScreenReads {
  moment: AskMoment;
  ask: Ask;
}

/**
 * What the screens that show the server's data ask first, with the same query keys and options as the
 * screens themselves, so a screen finds its answer (or the request on its way) in the cache instead of
 * asking again (the default stale time, 30 s, keeps it fresh until then). Screens whose queries are
 * never fresh (`staleTime: 0`, /security) are not here: they would ask twice.
 *
 * The moment follows what the screen shows first (measured with Lighthouse's slow link, issue 17):
 * /activity's journal is its content, so its reads leave with the session check (its largest content
 * came 300 ms earlier); the dashboard's header paints before its numbers, and its four reads sent that
 * early took the link from the screen's code (the header came 145 ms later), so they wait for /me.
 */
const FIRST_SCREEN_DATA: Record<string, FirstScreenReads> = {
  [PATHS.dashboard]: {
    moment: 'after-session-check',
    ask: (client) => [
      client.prefetchQuery(dashboardQueryOptions(OPENING_VIEW, true)),
      client.prefetchQuery(trendsQueryOptions(OPENING_VIEW.period, OPENING_VIEW.projectId, true)),
      client.prefetchQuery(activityQueryOptions(true)),
      client.prefetchQuery(projectFilterQueryOptions(true)),
    ],
  },
  '/activity': {
    moment: 'with-session-check',
    ask: (client, params) => [
      client.prefetchInfiniteQuery(journalQueryOptions(readActivityFilter(params))),
      client.prefetchQuery(activityPeopleQueryOptions()),
    ],
  },
};

/**
 * Asks the first screen's own data beside the download of the screen's code rather than after it: the
 * screen used to ask only once its code had run (issue 17, Lighthouse: a round trip less before its
 * content). Called at each `moment`; a screen's reads leave at the one it names.
 */
export function askFirstScreenData(queryClient: QueryClient, url: URL, moment: AskMoment): void {
  if (!navigator.onLine) return;
  const reads = FIRST_SCREEN_DATA[url.pathname];
  if (reads?.moment === moment) reads.ask(queryClient, url.searchParams);
}
