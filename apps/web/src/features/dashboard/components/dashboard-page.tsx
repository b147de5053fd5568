import { useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, useId, type ReactNode } from 'react';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { RenderAfterPaint } from '../../../components/ui/render-after-paint.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useSession } from '../../../lib/session-store.ts';
import { usePrefersReducedMotion } from '../../../lib/use-media-query.ts';
import { dashboard as dashboardText } from '../../../locales/fr/dashboard.ts';
import '../../../styles/dashboard.css';
import { activityQueryOptions } from '../api/get-activity.ts';
import { dashboardQueryOptions } from '../api/get-dashboard.ts';
import { EMPTY_TRENDS, trendsQueryOptions } from '../api/get-trends.ts';
import { projectFilterQueryOptions } from '../api/list-projects.ts';
import { useRefreshWhenServerChanges } from '../hooks/use-refresh-when-server-changes.ts';
import { OPENING_VIEW } from '../opening-view.ts';
import { scrollToElement } from '../smooth-scroll.ts';
import { ChartPanels } from './chart-panels.tsx';
import { CounterCards } from './counter-cards.tsx';
import { DashboardSkeleton } from './dashboard-skeleton.tsx';
import { DashboardToolbar } from './dashboard-toolbar.tsx';
import { InsightCards } from './insight-cards.tsx';
import { ProjectCards } from './project-cards.tsx';
import { QuickCreatePanel } from './quick-create-panel.tsx';
import { RecentActivity } from './recent-activity.tsx';
import { RecentTasks } from './recent-tasks.tsx';
import { StatusChips } from './status-chips.tsx';
import { UpcomingDeadlines } from './upcoming-deadlines.tsx';

const t = dashboardText;

const isRefreshable = (query: Query): boolean => query.queryKey[0] === 'dashboard';
// The same empty list on every render while a query is pending, so that the sections it feeds (memo) skip it.
const NOTHING_YET: never[] = [];

interface DashboardPageProps {
  /** The browser's view of connectivity: nothing is loaded while offline. */
  online: boolean;
  /** The theme and preferences menu, composed in by the route. */
  preferencesMenu?: ReactNode;
}

/** The dashboard home. */
export function DashboardPage({ online, preferencesMenu }: DashboardPageProps) {
  const user = useSession((session) => session.user);
  const username = user?.username.trim() || t.fallbackUsername;
  const queryClient = useQueryClient();
  const reducedMotion = usePrefersReducedMotion();
  const createPanelId = useId();
  const tasksRef = useRef<HTMLElement>(null);
  const cancelScroll = useRef<() => void>(() => undefined);

  const [period, setPeriod] = useState(OPENING_VIEW.period);
  const [projectId, setProjectId] = useState(OPENING_VIEW.projectId);
  const [status, setStatus] = useState(OPENING_VIEW.status);
  const [createOpen, setCreateOpen] = useState(false);

  const dashboard = useQuery(dashboardQueryOptions({ projectId, status }, online));
  const trends = useQuery(trendsQueryOptions(period, projectId, online));
  const activity = useQuery(activityQueryOptions(online));
  const projects = useQuery(projectFilterQueryOptions(online));

  useEffect(() => () => cancelScroll.current(), []);

  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ predicate: isRefreshable }),
    [queryClient],
  );
  const closeCreate = useCallback(() => setCreateOpen(false), [setCreateOpen]);
  useRefreshWhenServerChanges(refresh);

  const focusProject = useCallback(
    (id: string) => {
      setProjectId(id);
      const section = tasksRef.current;
      if (section) {
        cancelScroll.current();
        cancelScroll.current = scrollToElement(section, reducedMotion);
      }
    },
    [reducedMotion, setProjectId],
  );
  const clearFocus = useCallback(() => setProjectId(null), [setProjectId]);
  const toggleCreate = useCallback(() => setCreateOpen((open) => !open), [setCreateOpen]);

  const data = dashboard.data;
  // Each of the four answers arrives on its own and re-renders this page. The sections are memo'd and
  // relative dates count from the moment their answer came, so an answer re-renders only the sections that
  // show it: each whole-grid render was a long task on a phone at 4x (issue 17).
  const now = useMemo(() => new Date(dashboard.dataUpdatedAt), [dashboard.dataUpdatedAt]);
  const activityNow = useMemo(() => new Date(activity.dataUpdatedAt), [activity.dataUpdatedAt]);

  return (
    <div className="dashboard">
      <PageHeader title={t.greeting(username)}>
        <span className="dash-header-tint" aria-hidden="true" />
        <DashboardToolbar
          period={period}
          onPeriodChange={setPeriod}
          projects={projects.data ?? NOTHING_YET}
          projectId={projectId}
          onProjectChange={setProjectId}
          onRefresh={refresh}
          refreshing={dashboard.isFetching}
          createOpen={createOpen}
          createPanelId={createPanelId}
          onToggleCreate={toggleCreate}
          preferencesMenu={preferencesMenu}
        />
      </PageHeader>
      {createOpen && <QuickCreatePanel id={createPanelId} onCreated={refresh} onClose={closeCreate} />}
      {!online ? (
        <div className="alert alert--warning dash-offline" role="status">
          {t.offline}
        </div>
      ) : (
        <>
          {dashboard.isError && (
            <div className="alert alert--error" role="alert">
              <p>
                <strong>{t.loadError}</strong>
              </p>
              <p>{errorMessage(dashboard.error)}</p>
            </div>
          )}
          {dashboard.isPending && <DashboardSkeleton />}
          {data && (
            <div className="dash-grid">
              <StatusChips status={status} onChange={setStatus} />
              <CounterCards counters={data.counters} projectId={projectId} />
              {/* The sections below the counters render a frame later, and the lower half a frame after that,
                  each in a task of its own: on a phone at 4x, rendering and laying out the whole grid at once
                  was one long task (issue 17). */}
              <RenderAfterPaint>
                <div className="dash-row dash-row--wide-left">
                  <ProjectCards
                    projects={data.projects}
                    now={now}
                    focusedId={projectId}
                    onFocus={focusProject}
                  />
                  <UpcomingDeadlines items={data.upcoming} now={now} />
                </div>
                <ChartPanels dashboard={data} />
                <RenderAfterPaint>
                  <InsightCards trends={trends.data ?? EMPTY_TRENDS} period={period} />
                  <div className="dash-row">
                    <RecentActivity
                      entries={activity.data ?? NOTHING_YET}
                      now={activityNow}
                      loading={activity.isPending}
                    />
                    <RecentTasks
                      ref={tasksRef}
                      tasks={data.recentTasks}
                      focused={projectId !== null}
                      onClearFocus={clearFocus}
                    />
                  </div>
                </RenderAfterPaint>
              </RenderAfterPaint>
            </div>
          )}
        </>
      )}
    </div>
  );
}
