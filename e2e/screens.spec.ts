// Issue 17's sweep: every screen at 360 x 740 (touch), 768 x 1024 (touch, a tablet) and 1440 x 900, light
// and dark. On each: its h1, no emoji or symbol glyph, no page-level horizontal scroll, axe clean; on touch
// sizes 44 px targets; on the phone the h1 within the first 120 px. The signed-in screens show a seeded
// project (tasks of every status, one due today) so that the task views have something to lay out.
import type { Page } from '@playwright/test';
import { expectNoViolations } from './support/axe.ts';
import { enrolledAdmin, signInAdmin } from './support/admin.ts';
import { seedProject, type Seeded } from './support/dashboard.ts';
import { startOwnServer } from './support/own-server.ts';
import {
  expectNoIconGlyphs,
  expectNoPageOverflow,
  expectTitleNearTop,
  expectTouchTargets,
} from './support/screen-checks.ts';
import { expect, expectDashboard, signIn, test } from './support/test.ts';

const SIZES = {
  phone: { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true },
  tablet: { viewport: { width: 768, height: 1024 }, hasTouch: true, isMobile: true },
  desk: { viewport: { width: 1440, height: 900 }, hasTouch: false, isMobile: false },
} as const;
type Size = keyof typeof SIZES;
const SCHEMES = ['light', 'dark'] as const;

interface Screen {
  path: string;
  h1: string | RegExp;
  /** What shows that the screen has its content, beyond its title. */
  shows?: (page: Page) => Promise<void>;
}

const PUBLIC_SCREENS: Screen[] = [
  { path: '/login', h1: 'Connexion' },
  { path: '/reset-password?token=inconnu', h1: 'Réinitialiser le mot de passe' },
  { path: '/invitation?token=inconnu', h1: 'Rejoindre Jalon' },
];

/** The views of a task screen (/tasks or a project's page), each showing the seeded tasks its own way. */
function taskViews(path: string, h1: string | RegExp, seeded: Seeded): Screen[] {
  const [first] = seeded.tasks;
  const dueToday = seeded.tasks.find((task) => task.deadline !== null)!;
  const join = path.includes('?') ? '&' : '?';
  // The views share their screen's h1: the pressed switch says that the view asked for is the one shown.
  const view = (name: string, query: string, shows: (page: Page) => Promise<void>): Screen => ({
    path: `${path}${join}view=${query}`,
    h1,
    shows: async (page) => {
      await expect(page.getByRole('group', { name: 'Vue' }).getByRole('button', { name })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await shows(page);
    },
  });
  return [
    view('Kanban', 'kanban', (page) =>
      expect(page.getByRole('article', { name: first!.title, exact: true })).toBeVisible(),
    ),
    view('Liste', 'list', (page) =>
      expect(page.getByRole('row', { name: first!.title, exact: true })).toBeVisible(),
    ),
    view('Calendrier', 'calendar', (page) =>
      expect(page.getByText(dueToday.title, { exact: true })).toBeVisible(),
    ),
  ];
}

function signedInScreens(username: string, seeded: Seeded): Screen[] {
  const project = seeded.project;
  return [
    { path: '/dashboard', h1: `Bonjour, ${username}` },
    {
      path: '/projects',
      h1: 'Projets',
      shows: (page) => expect(page.getByRole('heading', { name: project.name })).toBeVisible(),
    },
    { path: '/projects/new', h1: 'Nouveau projet' },
    { path: '/projects/board/new', h1: 'Nouveau projet en kanban' },
    ...taskViews(`/projects/${project.id}`, project.name, seeded),
    // /tasks holds the whole workspace's tasks (every test's): the project filter keeps the seeded ones in view.
    ...taskViews(`/tasks?project=${project.id}`, 'Tâches', seeded),
    { path: '/tasks/new', h1: 'Nouvelle tâche' },
    { path: '/security', h1: 'Sécurité' },
    { path: '/me', h1: 'Mon profil' },
    { path: '/notifications', h1: 'Notifications' },
    { path: '/activity', h1: 'Activité' },
    { path: '/sync', h1: 'Synchronisation' },
    { path: '/shortcuts', h1: 'Raccourcis clavier' },
  ];
}

/**
 * Goes to `path` inside the running app, as its links do (history push, then the router reads it): the
 * device's copy of the work stays open between screens instead of loading again on every screen.
 */
async function openInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

async function checkScreen(page: Page, screen: Screen, size: Size, scheme: string, signedIn: boolean) {
  const where = `${screen.path} (${size}, ${scheme})`;
  await expect(
    page.getByRole('heading', { level: 1, name: screen.h1, exact: typeof screen.h1 === 'string' }),
  ).toBeVisible();
  await screen.shows?.(page);
  await expectNoIconGlyphs(page, where);
  await expectNoPageOverflow(page, where);
  if (SIZES[size].hasTouch) await expectTouchTargets(page, where);
  if (size === 'phone' && signedIn) await expectTitleNearTop(page, where);
  await expectNoViolations(page, where);
}

for (const size of Object.keys(SIZES) as Size[]) {
  for (const scheme of SCHEMES) {
    test.describe(`screens, ${size}, ${scheme}`, () => {
      test.use({ ...SIZES[size], colorScheme: scheme });

      test('public screens', async ({ page }) => {
        for (const screen of PUBLIC_SCREENS) {
          await page.goto(screen.path);
          await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
          await checkScreen(page, screen, size, scheme, false);
        }
      });

      test('signed-in screens, with a project and its tasks', async ({ page, request, member }) => {
        test.setTimeout(120_000); // eighteen screens, each with axe, on a shared machine
        const seeded = await seedProject(request, member, {
          prefix: 'Balayage',
          projectInDays: 20,
          tasks: [
            { status: 'todo', priority: 'high', progress: 0, inDays: null },
            { status: 'in_progress', priority: 'medium', progress: 40, inDays: 0 },
            { status: 'in_review', priority: 'low', progress: 80, inDays: null },
            { status: 'done', priority: 'medium', progress: 100, inDays: null },
          ],
        });
        await signIn(page, member);
        await expectDashboard(page, member);
        await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
        for (const screen of signedInScreens(member.username, seeded)) {
          await openInApp(page, screen.path);
          await checkScreen(page, screen, size, scheme, true);
        }
      });
    });
  }
}

// The administrators' screens need an administrator with 2FA: a server of its own (own-server.ts) whose
// first start creates one. One server for the six combinations keeps the sweep short.
test('/admin/members and /admin/integrations at every size, light and dark', async ({ browser }) => {
  test.setTimeout(240_000); // a server start, then twelve screens with axe
  const server = await startOwnServer({
    email: 'admin-balayage@e2e.test',
    password: 'Jalon admin balayage 2026!',
  });
  try {
    const admin = await enrolledAdmin(server);
    const screens: Screen[] = [
      {
        path: '/admin/members',
        h1: 'Membres',
        shows: (page) => expect(page.getByRole('row', { name: /\(vous\)/ })).toBeVisible(),
      },
      {
        path: '/admin/integrations',
        h1: 'Intégrations',
        shows: (page) => expect(page.getByRole('form', { name: 'Ajouter un webhook' })).toBeVisible(),
      },
    ];
    for (const size of Object.keys(SIZES) as Size[]) {
      const context = await browser.newContext({
        ...SIZES[size],
        colorScheme: 'light',
        baseURL: server.baseURL,
        locale: 'fr-FR',
        timezoneId: 'UTC',
        reducedMotion: 'reduce',
        serviceWorkers: 'block',
      });
      const page = await context.newPage();
      await signInAdmin(page, admin);
      for (const scheme of SCHEMES) {
        // The theme follows the system's scheme as the page loads it.
        if (scheme !== 'light') {
          await page.emulateMedia({ colorScheme: scheme });
          await page.reload();
        }
        for (const screen of screens) {
          await openInApp(page, screen.path);
          await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
          await checkScreen(page, screen, size, scheme, true);
        }
      }
      await context.close();
    }
  } finally {
    await server.stop();
  }
});
