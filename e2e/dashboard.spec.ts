import type { Page } from '@playwright/test';
import { expectNoViolationsInBothSchemes } from './support/axe.ts';
import {
  counter,
  expectedProgress,
  projectFilter,
  section,
  seedProject,
  toolbar,
  type Priority,
  type SeedTask,
  type Status,
} from './support/dashboard.ts';
import { expect, expectDashboard, signIn, test } from './support/test.ts';
import { uniqueName } from './support/work.ts';

// Issue 5, the dashboard home. Every member sees the whole instance and other files add projects and
// tasks meanwhile, so the numbers are checked on a project of this test, chosen in the header's
// filter (which scopes counters, charts, deadlines and recent tasks); unscoped, only what stays true
// whatever others add is checked.

const PRIORITY_LABEL: Record<Priority, string> = { high: 'Haute', medium: 'Moyenne', low: 'Basse' };
const STATUS_LABEL: Record<Status, string> = {
  done: 'Terminée',
  in_progress: 'En cours',
  in_review: 'En revue',
  todo: 'À faire',
};
const average = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const plural = (count: number, one: string, many: string) => `${count} ${count <= 1 ? one : many}`;

/** Every status, every priority, deadlines past, near and far, none; then plain fillers past 15. */
const KNOWN_TASKS: Omit<SeedTask, 'title'>[] = [
  { status: 'done', priority: 'high', progress: 0, inDays: -3 },
  { status: 'in_progress', priority: 'high', progress: 50, inDays: 1 },
  { status: 'in_review', priority: 'medium', progress: 80, inDays: -2 },
  { status: 'todo', priority: 'low', progress: 0, inDays: 4 },
  { status: 'todo', priority: 'high', progress: 0, inDays: -1 },
  { status: 'done', priority: 'medium', progress: 0, inDays: null },
  { status: 'in_progress', priority: 'low', progress: 30, inDays: 20 },
  ...Array.from({ length: 10 }, (_, index) => ({
    status: (index % 2 === 0 ? 'todo' : 'in_progress') as Status,
    priority: (index % 3 === 0 ? 'low' : 'medium') as Priority,
    progress: index % 2 === 0 ? 0 : 20,
    inDays: null,
  })),
];

async function openDashboard(page: Page, member: Parameters<typeof signIn>[1] & { username: string }) {
  await page.emulateMedia({ colorScheme: 'light' });
  await signIn(page, member);
  await expectDashboard(page, member);
  await expect(page.getByRole('list', { name: 'Indicateurs' })).toBeVisible();
}

test('every card shows the numbers of a known project, and the period changes the insights', async ({
  page,
  request,
  member,
}) => {
  test.setTimeout(60_000);
  const seeded = await seedProject(request, member, {
    prefix: 'Jeu connu',
    projectInDays: 10,
    tasks: KNOWN_TASKS,
  });
  const { tasks, project } = seeded;

  // --- The expected numbers, counted from the data set.
  const open = tasks.filter((task) => task.status !== 'done');
  const expected = {
    total: tasks.length,
    active: open.length,
    high: open.filter((task) => task.priority === 'high').length,
    overdue: open.filter((task) => task.inDays !== null && task.inDays < 0).length,
    byPriority: (['high', 'medium', 'low'] as const).map(
      (priority) => tasks.filter((task) => task.priority === priority).length,
    ),
    progress: expectedProgress(tasks),
  };
  // Upcoming: the project's own deadline and the open tasks' deadlines still ahead, earliest first.
  const upcoming = [
    { title: project.name, kind: 'Projet', days: seeded.projectInDays },
    ...open
      .filter((task) => task.inDays !== null && task.inDays >= 0)
      .map((task) => ({ title: task.title, kind: 'Tâche', days: task.inDays! })),
  ]
    .sort((a, b) => a.days - b.days)
    .slice(0, 8);
  const level = (days: number) =>
    days <= 2 ? 'dans 2 jours ou moins' : days <= 5 ? 'dans 5 jours ou moins' : 'plus tard';
  // Recent: newest first, 15 when a project is focused.
  const recent = [...tasks].reverse().slice(0, 15);

  await openDashboard(page, member);
  const firstTrends = page.waitForRequest(
    (req) => req.url().includes('/api/analytics/trends') && req.url().includes(`projectId=${project.id}`),
  );
  await projectFilter(page).selectOption({ label: project.name });
  await firstTrends;

  // --- Counters.
  await expect(counter(page, 'Projets').locator('.dash-counter__value')).toHaveText('1');
  await expect(counter(page, 'Projets')).toContainText('0 terminé');
  await expect(counter(page, 'Tâches actives').locator('.dash-counter__value')).toHaveText(
    String(expected.active),
  );
  await expect(counter(page, 'Tâches actives')).toContainText(`Sur ${expected.total} tâches`);
  await expect(counter(page, 'Prioritaires').locator('.dash-counter__value')).toHaveText(
    String(expected.high),
  );
  await expect(counter(page, 'En retard').locator('.dash-counter__value')).toHaveText(
    String(expected.overdue),
  );

  // --- The project's card: the only one once scoped.
  const cards = section(page, 'Projets en cours').getByRole('article');
  await expect(cards).toHaveCount(1);
  const card = cards.first();
  await expect(card.getByRole('heading', { name: project.name })).toBeVisible();
  await expect(card.getByText('Actif', { exact: true })).toBeVisible();
  await expect(card.getByText(`J-${seeded.projectInDays}`, { exact: true })).toBeVisible();
  await expect(card.getByText(`échéance dans ${seeded.projectInDays} jours`)).toBeAttached();
  await expect(card.getByText(plural(expected.total, 'tâche', 'tâches'), { exact: true })).toBeVisible();
  await expect(card.getByRole('img', { name: `Progression : ${expected.progress} %` })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Focus' })).toHaveAttribute('aria-pressed', 'true');

  // --- The charts' text alternatives.
  const statusTable = page.getByRole('table', { name: 'État des projets' });
  for (const [label, value] of [
    ['En cours', 1],
    ['Terminés', 0],
    ['Non démarrés', 0],
    ['En retard', 0],
  ] as const) {
    await expect(statusTable.getByRole('row', { name: label })).toHaveText(`${label}${value}`);
  }
  const priorityTable = page.getByRole('table', { name: 'Tâches par priorité' });
  for (const [index, label] of ['Haute', 'Moyenne', 'Basse'].entries()) {
    await expect(priorityTable.getByRole('row', { name: label })).toHaveText(
      `${label}${expected.byPriority[index]}`,
    );
  }

  // --- 'Échéances à venir': earliest first, each with its badge.
  const deadlines = section(page, 'Échéances à venir').getByRole('listitem');
  await expect(deadlines).toHaveCount(upcoming.length);
  for (const [index, item] of upcoming.entries()) {
    const row = deadlines.nth(index);
    await expect(row.getByRole('link', { name: item.title })).toBeVisible();
    await expect(row).toContainText(`J-${item.days}${level(item.days)}`);
    await expect(row).toContainText(`${item.kind} ·`);
  }

  // --- 'Tâches récentes': 15 newest of the project, then 'Annuler focus'.
  const recentSection = section(page, 'Tâches récentes');
  const recentItems = recentSection.getByRole('listitem');
  await expect(recentItems).toHaveCount(recent.length);
  for (const [index, task] of recent.entries()) {
    const row = recentItems.nth(index);
    await expect(row.getByText(task.title, { exact: true })).toBeVisible();
    await expect(row).toContainText(`Priorité ${PRIORITY_LABEL[task.priority]}`);
    await expect(row).toContainText(STATUS_LABEL[task.status]);
  }

  // --- Insights: 'Créations' counts this project's tasks, all made today; 7 days, then 14.
  const created = section(page, 'Insights')
    .getByRole('listitem')
    .filter({ has: page.getByText('Créations', { exact: true }) });
  await expect(created).toContainText(`${average.format(tasks.length / 7)} / jour`);
  await expect(created).toContainText(`sur 7 jours · Total : ${tasks.length}`);
  const fortnight = page.waitForRequest(
    (req) =>
      req.url().includes('/api/analytics/trends') &&
      new URL(req.url()).searchParams.get('days') === '14' &&
      new URL(req.url()).searchParams.get('projectId') === project.id,
  );
  await toolbar(page).getByLabel('Période').selectOption({ label: '14 jours' });
  await fortnight;
  await expect(created).toContainText(`${average.format(tasks.length / 14)} / jour`);
  await expect(created).toContainText(`sur 14 jours · Total : ${tasks.length}`);
  await expect(section(page, 'Insights').getByText(/^sur 7 jours/)).toHaveCount(0);

  // --- Unscoped again: 10 recent tasks (the instance has more), no 'Annuler focus'.
  await recentSection.getByRole('button', { name: 'Annuler focus' }).click();
  await expect(projectFilter(page)).toHaveValue('');
  await expect(toolbar(page).getByRole('button', { name: 'Effacer' })).toBeDisabled();
  await expect(recentItems).toHaveCount(10);
  await expect(recentSection.getByRole('button', { name: 'Annuler focus' })).toHaveCount(0);
  const total = Number(await counter(page, 'Tâches actives').locator('.dash-counter__value').textContent());
  expect(total).toBeGreaterThanOrEqual(expected.active);
});

test('Focus on a card scrolls to the recent tasks and filters them', async ({ page, request, member }) => {
  // Every task done: 100 %, so the card is among the six shown (newest first among equals).
  const seeded = await seedProject(request, member, {
    prefix: 'Chantier focus',
    projectInDays: 3,
    taskPrefix: 'Focus',
    tasks: [
      { status: 'done', priority: 'high', progress: 100, inDays: null },
      { status: 'done', priority: 'low', progress: 100, inDays: null },
    ],
  });
  await openDashboard(page, member);
  const card = section(page, 'Projets en cours').getByRole('article', { name: seeded.project.name });
  await expect(card).toBeVisible();
  await expect(card.getByRole('img', { name: 'Progression : 100 %' })).toBeVisible();
  await expect(card.getByText('J-3', { exact: true })).toBeVisible();

  await page.evaluate(() => window.scrollTo(0, 0));
  const recentSection = section(page, 'Tâches récentes');
  await expect(recentSection).not.toBeInViewport();
  await card.getByRole('button', { name: 'Focus' }).click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await expect(recentSection).toBeInViewport();
  await expect(projectFilter(page)).toHaveValue(seeded.project.id);
  await expect(card.getByRole('button', { name: 'Focus' })).toHaveAttribute('aria-pressed', 'true');
  await expect(recentSection.getByRole('listitem')).toHaveText(
    [...seeded.tasks].reverse().map((task) => new RegExp(task.title)),
  );
  await expect(counter(page, 'Projets').locator('.dash-counter__value')).toHaveText('1');
  await expect(counter(page, 'Projets')).toContainText('0 terminé');
  await expect(counter(page, 'Tâches actives')).toContainText('Sur 2 tâches');

  await toolbar(page).getByRole('button', { name: 'Effacer' }).click();
  await expect(projectFilter(page)).toHaveValue('');
  await expect(recentSection.getByRole('button', { name: 'Annuler focus' })).toHaveCount(0);
});

test('quick-create makes a project and a task that then appear', async ({ page, member }) => {
  const name = uniqueName('Projet rapide');
  const title = uniqueName('Tâche rapide');
  await openDashboard(page, member);

  const toggle = toolbar(page).getByRole('button', { name: 'Créer' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  const panel = page.getByRole('region', { name: 'Création rapide' });
  await expect(panel).toBeVisible();
  await expect(toolbar(page).getByRole('button', { name: 'Fermer' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(panel.getByRole('tab', { name: 'Projet' })).toHaveAttribute('aria-selected', 'true');

  // A project without description or deadline: ' – initialisation', 14 days ahead.
  await panel.getByRole('button', { name: 'Créer' }).click();
  await expect(panel.getByRole('alert')).toHaveText('Nom du projet requis');
  await panel.getByLabel('Nom du projet').fill(name);
  await panel.getByRole('button', { name: 'Créer' }).click();
  await expect(panel.getByRole('status')).toHaveText('Créé !');
  await expect(panel).toHaveCount(0);
  await expect(toolbar(page).getByRole('button', { name: 'Créer' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  await expect(projectFilter(page).getByRole('option', { name, exact: true })).toBeAttached();

  // A task in it.
  await toolbar(page).getByRole('button', { name: 'Créer' }).click();
  await panel.getByRole('tab', { name: 'Tâche' }).click();
  await panel.getByRole('button', { name: 'Créer' }).click();
  await expect(panel.getByRole('alert')).toHaveText('Titre et projet requis');
  await panel.getByLabel('Titre de la tâche').fill(title);
  await panel.getByRole('combobox', { name: 'Projet', exact: true }).selectOption({ label: name });
  await panel.getByRole('button', { name: 'Créer' }).click();
  // The form's own status (the label picker has one of its own beside it).
  await expect(panel.getByRole('status').filter({ hasText: 'Créé !' })).toHaveText('Créé !');
  await expect(panel).toHaveCount(0);

  await projectFilter(page).selectOption({ label: name });
  const card = section(page, 'Projets en cours').getByRole('article', { name });
  await expect(card.getByText(`${name} – initialisation`)).toBeVisible();
  await expect(card.getByText('J-14', { exact: true })).toBeVisible();
  await expect(card.getByText('1 tâche', { exact: true })).toBeVisible();
  const task = section(page, 'Tâches récentes').getByRole('listitem');
  await expect(task).toHaveCount(1);
  await expect(task.getByText(title, { exact: true })).toBeVisible();
  await expect(task.getByText(`${title} – description rapide`)).toBeVisible();
  await expect(task).toContainText('À faire');
});

const THEMES = [
  ['default', 'Bleu Pro'],
  ['emerald', 'Émeraude'],
  ['indigo', 'Indigo'],
  ['amber', 'Ambre'],
  ['rose', 'Rose'],
  ['slate', 'Ardoise'],
] as const;

test('each theme renders, and the preferences survive a reload and another browser', async ({
  page,
  member,
  browser,
}, testInfo) => {
  test.setTimeout(75_000);
  await openDashboard(page, member);
  const html = page.locator('html');
  const menuButton = toolbar(page).getByRole('button', { name: 'Thème et préférences' });
  await menuButton.click();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  const themes = page.getByRole('group', { name: 'Thème' });
  await expect(themes.getByRole('radio', { name: /Bleu Pro/ })).toBeChecked();
  await expect(html).not.toHaveAttribute('data-palette');

  const primaries = new Set<string>();
  for (const [key, label] of THEMES) {
    await themes.getByRole('radio', { name: new RegExp(`^${label} `) }).check();
    if (key === 'default') await expect(html).not.toHaveAttribute('data-palette');
    else await expect(html).toHaveAttribute('data-palette', key);
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--color-primary'),
    );
    primaries.add(primary.trim());
    await page.screenshot({ path: testInfo.outputPath(`theme-${key}.png`) });
  }
  // Six themes, six primary colours.
  expect(primaries.size).toBe(THEMES.length);

  // Rose, dark, animations at 35 %: saved on the server.
  await themes.getByRole('radio', { name: /^Rose / }).check();
  await page.getByRole('group', { name: 'Apparence' }).getByRole('radio', { name: 'Sombre' }).check();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  const saved = page.waitForResponse(
    async (response) =>
      response.request().method() === 'PUT' &&
      response.url().includes('/api/preferences') &&
      (response.request().postData() ?? '').includes('"animationIntensity":35'),
  );
  await page.getByLabel('Intensité des animations').fill('35');
  await expect(page.getByLabel('Intensité des animations')).toHaveAttribute('aria-valuetext', '35 %');
  expect((await saved).ok()).toBe(true);
  const intensity = () =>
    page.evaluate(() => document.documentElement.style.getPropertyValue('--motion-intensity'));
  expect(await intensity()).toBe('0.35');

  // --- Reload.
  await page.reload();
  await expectDashboard(page, member);
  await expect(html).toHaveAttribute('data-palette', 'rose');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  expect(await intensity()).toBe('0.35');
  await toolbar(page).getByRole('button', { name: 'Thème et préférences' }).click();
  await expect(themes.getByRole('radio', { name: /^Rose / })).toBeChecked();
  await expect(page.getByLabel('Intensité des animations')).toHaveValue('35');

  // --- Another browser: the same person signs in and finds the same choices.
  const other = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    locale: 'fr-FR',
    timezoneId: 'UTC',
    reducedMotion: 'reduce',
    colorScheme: 'light',
  });
  try {
    const second = await other.newPage();
    await signIn(second, member);
    await expectDashboard(second, member);
    const secondHtml = second.locator('html');
    await expect(secondHtml).toHaveAttribute('data-palette', 'rose');
    await expect(secondHtml).toHaveAttribute('data-theme', 'dark');
    await expect
      .poll(() =>
        second.evaluate(() => document.documentElement.style.getPropertyValue('--motion-intensity')),
      )
      .toBe('0.35');
    await second.screenshot({ path: testInfo.outputPath('theme-rose-second-browser.png') });
  } finally {
    await other.close();
  }
});

test('axe on the dashboard, quick-create and preferences open, light and dark', async ({
  page,
  request,
  member,
}) => {
  // Eight axe runs (four states, light and dark) on the heaviest screen: past the default on CI's two cores.
  test.setTimeout(90_000);
  await seedProject(request, member, {
    prefix: 'Chantier axe',
    projectInDays: 2,
    tasks: [
      { status: 'in_review', priority: 'high', progress: 40, inDays: -1 },
      { status: 'todo', priority: 'low', progress: 0, inDays: 4 },
    ],
  });
  await openDashboard(page, member);
  await expect(page.getByRole('table', { name: 'État des projets' })).toBeAttached();
  // The charts load once they near the screen: bring them in, so axe also sees them drawn.
  await page.getByRole('figure', { name: 'Tâches par priorité' }).scrollIntoViewIfNeeded();
  await expect(page.locator('.dash-chart canvas')).toHaveCount(2);
  await expectNoViolationsInBothSchemes(page, 'dashboard');

  await toolbar(page).getByRole('button', { name: 'Créer' }).click();
  const panel = page.getByRole('region', { name: 'Création rapide' });
  await expect(panel.getByLabel('Nom du projet')).toBeVisible();
  await expectNoViolationsInBothSchemes(page, 'dashboard, quick-create project');
  await panel.getByRole('tab', { name: 'Tâche' }).click();
  await expect(panel.getByRole('combobox', { name: 'Projet', exact: true })).not.toHaveAttribute(
    'aria-busy',
    'true',
  );
  await expectNoViolationsInBothSchemes(page, 'dashboard, quick-create task');
  await toolbar(page).getByRole('button', { name: 'Fermer' }).click();

  await toolbar(page).getByRole('button', { name: 'Thème et préférences' }).click();
  await expect(page.getByRole('group', { name: 'Thème' })).toBeVisible();
  await expectNoViolationsInBothSchemes(page, 'dashboard, preferences menu');
});

test('offline, the dashboard says so and loads nothing', async ({ page, context, member }) => {
  await openDashboard(page, member);
  const whileOffline: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/dashboard') || req.url().includes('/api/analytics/'))
      whileOffline.push(req.url());
  });
  await context.setOffline(true);
  await expect(
    page.getByRole('main').getByRole('status').filter({ hasText: 'Pas de connexion internet' }),
  ).toBeVisible();
  await expect(page.getByRole('list', { name: 'Indicateurs' })).toHaveCount(0);
  await toolbar(page).getByRole('button', { name: 'Actualiser' }).click();
  await toolbar(page).getByLabel('Période').selectOption({ label: '30 jours' });
  await page.waitForTimeout(500);
  expect(whileOffline).toEqual([]);

  await context.setOffline(false);
  await expect(page.getByText('Pas de connexion internet')).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Indicateurs' })).toBeVisible();
});

test('an answer that does not match the contract is refused, and the check runs in its worker', async ({
  page,
  member,
}) => {
  // A server (or something between it and the browser) answering the dashboard with the wrong shape.
  await page.route('**/api/dashboard', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ data: { counters: 'douze' } }),
    }),
  );
  await signIn(page, member);
  await expectDashboard(page, member);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Erreur de chargement', { timeout: 15_000 });
  await expect(alert).toContainText('Erreur inconnue');
  await expect(page.getByRole('list', { name: 'Indicateurs' })).toHaveCount(0);
  // Decision 0042: zod and the contract run in a dedicated worker, not on the page.
  expect(page.workers().map((worker) => new URL(worker.url()).pathname)).toContainEqual(
    expect.stringMatching(/^\/assets\/check-worker-[\w-]+\.js$/),
  );
});
