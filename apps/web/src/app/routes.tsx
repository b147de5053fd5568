import type { RouteObject } from '../lib/router/index.ts';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import { fr } from '../locales/fr/index.ts';
import { ErrorScreen } from './error-screen.tsx';
import { HomeRedirect } from './guards/home-redirect.tsx';
import { PublicOnly } from './guards/public-only.tsx';
import { RequireAdmin } from './guards/require-admin.tsx';
import { RequireAuth } from './guards/require-auth.tsx';
import { sessionResetRedirect } from './guards/session-reset-redirect.ts';

// Every screen is its own chunk, so signing in downloads the login screen and nothing else.
export const routes: RouteObject[] = [
  {
    redirect: sessionResetRedirect,
    errorElement: <ErrorScreen />,
    fallbackElement: <FullPageSpinner label={fr.common.loading} />,
    children: [
      {
        element: <PublicOnly />,
        children: [
          {
            path: 'login',
            lazy: async () => ({ Component: (await import('./routes/login-route.tsx')).LoginRoute }),
          },
          {
            path: 'reset-password',
            lazy: async () => ({
              Component: (await import('./routes/reset-password-route.tsx')).ResetPasswordRoute,
            }),
          },
          {
            path: 'invitation',
            lazy: async () => ({ Component: (await import('./routes/invitation-route.tsx')).InvitationRoute }),
          },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: async () => ({ Component: (await import('./layout/app-layout.tsx')).AppLayout }),
            children: [
              {
                path: 'dashboard',
                lazy: async () => ({ Component: (await import('./routes/dashboard-route.tsx')).DashboardRoute }),
              },
              {
                path: 'projects',
                lazy: async () => ({
                  Component: (await import('../features/projects/components/projects-page.tsx')).ProjectsPage,
                }),
              },
              {
                path: 'projects/:id',
                lazy: async () => ({
                  Component: (await import('../features/projects/components/project-detail-page.tsx'))
                    .ProjectDetailPage,
                }),
              },
              {
                path: 'tasks',
                lazy: async () => ({
                  Component: (await import('../features/tasks/components/tasks-page.tsx')).TasksPage,
                }),
              },
              {
                path: 'tasks/new',
                lazy: async () => ({
                  Component: (await import('../features/tasks/components/new-task-page.tsx')).NewTaskPage,
                }),
              },
              {
                path: 'security',
                lazy: async () => ({
                  Component: (await import('./routes/security-route.tsx')).SecurityRoute,
                }),
              },
              {
                path: 'sync',
                lazy: async () => ({
                  Component: (await import('../features/offline/components/sync-page.tsx')).SyncPage,
                }),
              },
              {
                path: 'projects/new',
                lazy: async () => ({ Component: (await import('./routes/new-project-route.tsx')).NewProjectRoute }),
              },
              {
                path: 'projects/board/new',
                lazy: async () => ({ Component: (await import('./routes/new-project-route.tsx')).NewBoardRoute }),
              },
              {
                path: 'activity',
                lazy: async () => ({
                  Component: (await import('../features/activity/components/activity-page.tsx')).ActivityPage,
                }),
              },
              {
                path: 'me',
                lazy: async () => ({ Component: (await import('../features/me/components/me-page.tsx')).MePage }),
              },
              {
                path: 'shortcuts',
                lazy: async () => ({
                  Component: (await import('../features/shortcuts/components/shortcuts-page.tsx'))
                    .ShortcutsPage,
                }),
              },
              {
                element: <RequireAdmin />,
                children: [
                  {
                    path: 'admin/members',
                    lazy: async () => ({
                      Component: (await import('../features/members/components/members-admin-page.tsx'))
                        .MembersAdminPage,
                    }),
                  },
                ],
              },
            ],
          },
        ],
      },
      { index: true, element: <HomeRedirect /> },
      { path: '*', element: <HomeRedirect /> },
    ],
  },
];
