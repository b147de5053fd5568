import { lazy, Suspense, useLayoutEffect, type ComponentType, type ReactNode } from 'react';
import { Route, Switch, useLocation, useSearch } from 'wouter';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import { fr } from '../locales/fr/index.ts';
import { HomeRedirect } from './guards/home-redirect.tsx';
import { PublicOnly } from './guards/public-only.tsx';
import { RequireAdmin } from './guards/require-admin.tsx';
import { RequireAuth } from './guards/require-auth.tsx';
import { discardsSession, sessionResetRedirect } from './guards/session-reset-redirect.ts';
import { ScreenErrorBoundary } from './screen-error-boundary.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';
import { TaskPanelLocation, useOpenTaskPanel } from './task-panel-location.tsx';

/**
 * A screen's code, loaded the first time the person opens it, or as the app starts when the address opens
 * it (`preloadScreen`): each screen is its own chunk.
 */
function screen<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loading: Promise<ComponentType<Props>> | undefined;
  const preload = () => (loading ??= load());
  return Object.assign(
    lazy(async () => ({ default: await preload() })),
    { preload },
  );
}

const AppLayout = screen(async () => (await import('./layout/app-layout.tsx')).AppLayout);
const LoginRoute = screen(async () => (await import('./routes/login-route.tsx')).LoginRoute);
const SsoLandingRoute = screen(async () => (await import('./routes/login-route.tsx')).SsoLandingRoute);
const ResetPasswordRoute = screen(
  async () => (await import('./routes/reset-password-route.tsx')).ResetPasswordRoute,
);
const InvitationRoute = screen(async () => (await import('./routes/invitation-route.tsx')).InvitationRoute);
const DashboardRoute = screen(async () => (await import('./routes/dashboard-route.tsx')).DashboardRoute);
const ProjectsPage = screen(
  async () => (await import('../features/projects/components/projects-page.tsx')).ProjectsPage,
);
const ProjectDetailPage = screen(
  async () => (await import('../features/projects/components/project-detail-page.tsx')).ProjectDetailPage,
);
const NewProjectRoute = screen(async () => (await import('./routes/new-project-route.tsx')).NewProjectRoute);
const NewBoardRoute = screen(async () => (await import('./routes/new-project-route.tsx')).NewBoardRoute);
const TasksPage = screen(async () => (await import('../features/tasks/components/tasks-page.tsx')).TasksPage);
const NewTaskPage = screen(
  async () => (await import('../features/tasks/components/new-task-page.tsx')).NewTaskPage,
);
const TaskPage = screen(async () => (await import('../features/tasks/task-page/task-page.tsx')).TaskPage);
const TaskPanel = screen(async () => (await import('../features/tasks/task-page/task-panel.tsx')).TaskPanel);
const SecurityRoute = screen(async () => (await import('./routes/security-route.tsx')).SecurityRoute);
const SyncPage = screen(async () => (await import('../features/offline/components/sync-page.tsx')).SyncPage);
const ActivityPage = screen(
  async () => (await import('../features/activity/components/activity-page.tsx')).ActivityPage,
);
const NotificationsPage = screen(
  async () => (await import('../features/notifications/components/notifications-page.tsx')).NotificationsPage,
);
const MeRoute = screen(async () => (await import('./routes/me-route.tsx')).MeRoute);
const ShortcutsPage = screen(
  async () => (await import('../features/shortcuts/components/shortcuts-page.tsx')).ShortcutsPage,
);
const MembersAdminPage = screen(
  async () => (await import('../features/members/components/members-admin-page.tsx')).MembersAdminPage,
);
const IntegrationsPage = screen(
  async () => (await import('../features/integrations/index.ts')).IntegrationsPage,
);
const ImportExportPage = screen(
  async () => (await import('../features/import-export/index.ts')).ImportExportPage,
);

const spinner = <FullPageSpinner label={fr.common.loading} />;

/**
 * The signed-in screens an address can open first, in the order of <Screens> below (a static path before
 * a parameter), with the letter case and a trailing slash ignored as the router does.
 */
const FIRST_SCREENS: [RegExp, { preload: () => Promise<unknown> }][] = [
  [/^\/dashboard$/, DashboardRoute],
  [/^\/projects$/, ProjectsPage],
  [/^\/projects\/new$/, NewProjectRoute],
  [/^\/projects\/board\/new$/, NewBoardRoute],
  [/^\/projects\/[^/]+$/, ProjectDetailPage],
  [/^\/tasks$/, TasksPage],
  [/^\/tasks\/new$/, NewTaskPage],
  [/^\/tasks\/[^/]+$/, TaskPage],
  [/^\/security$/, SecurityRoute],
  [/^\/sync$/, SyncPage],
  [/^\/activity$/, ActivityPage],
  [/^\/me$/, MeRoute],
  [/^\/notifications$/, NotificationsPage],
  [/^\/shortcuts$/, ShortcutsPage],
];

// A chunk that fails to load fails again when its screen renders, which shows the error screen.
const quietly = (loading: Promise<unknown>) => void loading.catch(() => undefined);

/**
 * Asks the signed-in layout's code and the screen's beside the session check, as the app starts, for a
 * signed-in person: the router asks for them only once /me has answered and then the layout has rendered,
 * three round trips in a row before the screen's first content on a slow link (issue 33, Lighthouse).
 */
export function preloadScreen(pathname: string): void {
  const path = pathname.toLowerCase().replace(/(.)\/$/, '$1');
  const found = FIRST_SCREENS.find(([pattern]) => pattern.test(path))?.[1];
  if (!found) return;
  quietly(AppLayout.preload());
  quietly(found.preload());
}

/** /login and its siblings, for signed-out people. */
const Public = ({ children }: { children: ReactNode }) => <PublicOnly>{children}</PublicOnly>;

/** On a desk, the task opened from the screen, in a panel beside it (see task-panel-location.tsx). */
function TaskPanelSlot() {
  const panel = useOpenTaskPanel();
  return (
    panel && (
      <Suspense fallback={null}>
        <TaskPanel panel={panel} />
      </Suspense>
    )
  );
}

/** A signed-in screen inside the app's layout; the layout stays while the next screen's code loads. */
const SignedIn = ({ children }: { children: ReactNode }) => (
  <RequireAuth>
    <AppLayout>
      <Suspense fallback={spinner}>{children}</Suspense>
      <TaskPanelSlot />
    </AppLayout>
  </RequireAuth>
);

/**
 * The app's screens. Each `<Route>` is written out rather than mapped from a list: wouter's `<Switch>`
 * renders the matching one in the same place, so that going from one signed-in screen to another keeps
 * the guard and the layout mounted and only the screen changes. Static paths come before parameters
 * ('/projects/new' before '/projects/:id'); letter case and a trailing slash are ignored.
 */
function Screens() {
  return (
    <Switch>
      <Route path="/login">
        <Public>
          <LoginRoute />
        </Public>
      </Route>
      <Route path="/login/sso">
        <Public>
          <SsoLandingRoute />
        </Public>
      </Route>
      <Route path="/reset-password">
        <Public>
          <ResetPasswordRoute />
        </Public>
      </Route>
      <Route path="/invitation">
        <Public>
          <InvitationRoute />
        </Public>
      </Route>
      <Route path="/dashboard">
        <SignedIn>
          <DashboardRoute />
        </SignedIn>
      </Route>
      <Route path="/projects">
        <SignedIn>
          <ProjectsPage />
        </SignedIn>
      </Route>
      <Route path="/projects/new">
        <SignedIn>
          <NewProjectRoute />
        </SignedIn>
      </Route>
      <Route path="/projects/board/new">
        <SignedIn>
          <NewBoardRoute />
        </SignedIn>
      </Route>
      <Route path="/projects/:id">
        <SignedIn>
          <ProjectDetailPage />
        </SignedIn>
      </Route>
      <Route path="/tasks">
        <SignedIn>
          <TasksPage />
        </SignedIn>
      </Route>
      <Route path="/tasks/new">
        <SignedIn>
          <NewTaskPage />
        </SignedIn>
      </Route>
      <Route path="/tasks/:id">
        <SignedIn>
          <TaskPage />
        </SignedIn>
      </Route>
      <Route path="/security">
        <SignedIn>
          <SecurityRoute />
        </SignedIn>
      </Route>
      <Route path="/sync">
        <SignedIn>
          <SyncPage />
        </SignedIn>
      </Route>
      <Route path="/activity">
        <SignedIn>
          <ActivityPage />
        </SignedIn>
      </Route>
      <Route path="/me">
        <SignedIn>
          <MeRoute />
        </SignedIn>
      </Route>
      <Route path="/notifications">
        <SignedIn>
          <NotificationsPage />
        </SignedIn>
      </Route>
      <Route path="/shortcuts">
        <SignedIn>
          <ShortcutsPage />
        </SignedIn>
      </Route>
      <Route path="/admin/members">
        <SignedIn>
          <RequireAdmin>
            <MembersAdminPage />
          </RequireAdmin>
        </SignedIn>
      </Route>
      <Route path="/admin/integrations">
        <SignedIn>
          <RequireAdmin>
            <IntegrationsPage />
          </RequireAdmin>
        </SignedIn>
      </Route>
      <Route path="/admin/import-export">
        <SignedIn>
          <RequireAdmin>
            <ImportExportPage />
          </RequireAdmin>
        </SignedIn>
      </Route>
      {/* '/' and unknown paths. */}
      <Route>
        <HomeRedirect />
      </Route>
    </Switch>
  );
}

/**
 * `?forceLogin` or `?logout` on any address: the stored session is discarded and the app goes to /login,
 * in place of the address that asked (no history entry 'back' would repeat). Nothing of the screen renders.
 */
function SessionReset() {
  const search = useSearch();
  const [, navigate] = useLocation();
  useLayoutEffect(() => {
    const to = sessionResetRedirect(new URLSearchParams(search));
    if (to !== null) navigate(to, { replace: true });
  }, [search, navigate]);
  return null;
}

/** The routed app: a screen that fails to load or to render shows the error screen, until the next one. */
export function AppRoutes() {
  const asksForReset = discardsSession(new URLSearchParams(useSearch()));
  return (
    <ScreenErrorBoundary>
      <TaskPanelLocation>
        <ScrollToTop />
        <Suspense fallback={spinner}>{asksForReset ? <SessionReset /> : <Screens />}</Suspense>
      </TaskPanelLocation>
    </ScreenErrorBoundary>
  );
}
