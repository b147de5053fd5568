// Issue 32, "one click, one thing" and "dates refused, not bent": a double click on each create button
// makes exactly one (counted on the server, not only on the screen), a deadline typed in year 0001 is
// refused under its field, and the dashboard's 'En retard' opens the list of exactly that many tasks.
import type { Locator, Page } from '@playwright/test';
import { expectNoViolationsInBothSchemes } from './support/axe.ts';
import { counter, projectFilter, seedProject, toolbar } from './support/dashboard.ts';
import type { Member } from './support/members.ts';
import { expect, expectDashboard, signIn, test } from './support/test.ts';
import { apiAs, uniqueName } from './support/work.ts';

test.use({ viewport: { width: 1440, height: 900 } });

const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

async function signedIn(page: Page, member: Member) {
  await page.emulateMedia({ colorScheme: 'light' });
  await signIn(page, member);
  await expectDashboard(page, member);
}

/** Called once the page has nothing left to send: the tasks with this title the server holds. */
async function expectOneTask(api: Awaited<ReturnType<typeof apiAs>>, title: string) {
  await expect
    .poll(async () => (await api.listTasks()).filter((task) => task.title === title).length)
    .toBe(1);
}

async function expectOneProject(api: Awaited<ReturnType<typeof apiAs>>, name: string) {
  await expect
    .poll(async () => (await api.listProjects()).filter((project) => project.name === name).length)
    .toBe(1);
}

/** The page has nothing left to send: 'En ligne', not 'Envoi…' (the outbox is empty). */
const settled = (page: Page) =>
  expect(page.getByRole('status', { name: 'État de la connexion' })).toHaveText('En ligne', {
    timeout: 20_000,
  });

const doubleClick = (button: Locator) => button.dblclick();

test('a double click on each create button makes one project or task', async ({ page, request, member }) => {
  test.setTimeout(120_000);
  const api = await apiAs(request, member);
  const project = await api.createProject({ name: uniqueName('Projet des doubles clics'), description: 'x' });
  await signedIn(page, member);

  // Dashboard, quick project and quick task.
  const quickProject = uniqueName('Projet rapide');
  await toolbar(page).getByRole('button', { name: 'Créer' }).click();
  const panel = page.getByRole('region', { name: 'Création rapide' });
  await panel.getByLabel('Nom du projet').fill(quickProject);
  await doubleClick(panel.getByRole('button', { name: 'Créer' }));
  await expect(panel).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await settled(page);
  await expectOneProject(api, quickProject);

  const quickTask = uniqueName('Tâche rapide');
  await toolbar(page).getByRole('button', { name: 'Créer' }).click();
  await panel.getByRole('tab', { name: 'Tâche' }).click();
  await panel.getByLabel('Titre de la tâche').fill(quickTask);
  await panel.getByRole('combobox', { name: 'Projet', exact: true }).selectOption({ label: project.name });
  await doubleClick(panel.getByRole('button', { name: 'Créer' }));
  await expect(panel).toHaveCount(0);
  await settled(page);
  await expectOneTask(api, quickTask);

  // /projects, 'Nouveau Projet'.
  const listedProject = uniqueName('Projet de la liste');
  await page.goto('/projects');
  await page.getByRole('button', { name: 'Nouveau Projet' }).click();
  const projectForm = page.getByRole('form', { name: 'Nouveau projet' });
  await projectForm.getByLabel('Nom').fill(listedProject);
  await projectForm.getByLabel('Description').fill('Créé d’un double clic.');
  await projectForm.getByLabel('Échéance').fill(inAMonth());
  await doubleClick(projectForm.getByRole('button', { name: 'Créer le projet' }));
  await expect(
    page.getByRole('status').filter({ hasText: `Projet « ${listedProject} » créé.` }),
  ).toBeAttached();
  await settled(page);
  await expectOneProject(api, listedProject);

  // A project's page, 'Ajouter'.
  const projectTask = uniqueName('Tâche du projet');
  await page.goto(`/projects/${project.id}`);
  await page.getByLabel('Titre de la tâche').fill(projectTask);
  await doubleClick(page.getByRole('button', { name: 'Ajouter' }));
  await expect(
    page.getByRole('status').filter({ hasText: `Tâche « ${projectTask} » ajoutée.` }),
  ).toBeAttached();
  await settled(page);
  await expectOneTask(api, projectTask);

  // /tasks, its 'Nouvelle tâche' form: no project is chosen for the person, the list's filter is.
  const inlineTask = uniqueName('Tâche de la liste');
  await page.goto('/tasks');
  const inlineForm = page.getByRole('form', { name: 'Nouvelle tâche' });
  await expect(inlineForm.getByLabel('Projet').getByRole('option', { name: project.name })).toBeAttached();
  await expect(inlineForm.getByLabel('Projet')).toHaveValue('');
  await page.goto(`/tasks?project=${project.id}`);
  await expect(inlineForm.getByLabel('Projet')).toHaveValue(project.id);
  await inlineForm.getByLabel('Titre').fill(inlineTask);
  await doubleClick(inlineForm.getByRole('button', { name: 'Créer' }));
  await expect(page.getByRole('status').filter({ hasText: `Tâche « ${inlineTask} » créée.` })).toBeAttached();
  await settled(page);
  await expectOneTask(api, inlineTask);

  // /tasks/new.
  const pageTask = uniqueName('Tâche de la page');
  await page.goto('/tasks/new');
  const newForm = page.getByRole('form', { name: 'Nouvelle tâche' });
  await newForm.getByLabel('Titre').fill(pageTask);
  await newForm.getByLabel('Projet').selectOption({ label: project.name });
  await doubleClick(newForm.getByRole('button', { name: 'Créer' }));
  await expect(page).toHaveURL(/\/dashboard$/);
  await settled(page);
  await expectOneTask(api, pageTask);
});

test('a deadline typed in year 0001 is refused under its field, and nothing is created', async ({
  page,
  request,
  member,
}) => {
  const api = await apiAs(request, member);
  const name = uniqueName('Projet de l’an un');
  await signedIn(page, member);
  await page.goto('/projects');
  await page.getByRole('button', { name: 'Nouveau Projet' }).click();
  const form = page.getByRole('form', { name: 'Nouveau projet' });
  await form.getByLabel('Nom').fill(name);
  await form.getByLabel('Description').fill('Une date impossible.');
  // As a person types it in a French date field: day, month, then the year.
  await form.getByLabel('Échéance').click();
  await form.getByLabel('Échéance').pressSequentially('01010001');
  const message = 'La date doit être comprise entre les années 1900 et 9999.';
  await expect(form.getByLabel('Échéance')).toHaveAccessibleDescription(message);
  await expect(form.getByLabel('Échéance')).toHaveAttribute('aria-invalid', 'true');
  await form.getByRole('button', { name: 'Créer le projet' }).click();
  await expect(form.getByText(message)).toBeVisible();
  await expectNoViolationsInBothSchemes(page, 'new project, deadline in year 0001');
  expect((await api.listProjects()).filter((project) => project.name === name)).toHaveLength(0);

  // The dashboard's quick project: refused the same way, rather than given the default deadline.
  await page.goto('/dashboard');
  await toolbar(page).getByRole('button', { name: 'Créer' }).click();
  const panel = page.getByRole('region', { name: 'Création rapide' });
  await panel.getByLabel('Nom du projet').fill(name);
  await panel.getByLabel('Échéance').click();
  await panel.getByLabel('Échéance').pressSequentially('01010001');
  await panel.getByRole('button', { name: 'Créer' }).click();
  await expect(panel.getByLabel('Échéance')).toHaveAccessibleDescription(
    new RegExp(message.replace('.', '\\.')),
  );
  await expectNoViolationsInBothSchemes(page, 'dashboard quick project, deadline in year 0001');
  expect((await api.listProjects()).filter((project) => project.name === name)).toHaveLength(0);
});

for (const size of [
  { label: '1440 px', use: { viewport: { width: 1440, height: 900 } } },
  { label: '360 px (touch)', use: { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true } },
] as const) {
  test.describe(size.label, () => {
    test.use(size.use);

    test("each task counter opens the list of exactly its tasks; the late ones are marked 'En retard'", async ({
      page,
      request,
      member,
    }) => {
      const seeded = await seedProject(request, member, {
        prefix: 'Retards',
        projectInDays: 20,
        tasks: [
          { status: 'todo', priority: 'high', progress: 0, inDays: -3 }, // late
          { status: 'in_review', priority: 'low', progress: 50, inDays: -1 }, // late
          { status: 'done', priority: 'medium', progress: 100, inDays: -2 }, // passed, but done
          { status: 'todo', priority: 'medium', progress: 0, inDays: 3 },
          { status: 'todo', priority: 'low', progress: 0, inDays: null },
        ],
      });
      const late = seeded.tasks.filter(
        (task) => task.status !== 'done' && task.inDays !== null && task.inDays < 0,
      );
      await signedIn(page, member);
      await projectFilter(page).selectOption({ label: seeded.project.name });
      const overdue = counter(page, 'En retard');
      await expect(overdue).toContainText(String(late.length));
      await overdue.getByRole('link').click();

      await expect(page).toHaveURL(new RegExp(`/tasks\\?due=overdue&project=${seeded.project.id}$`));
      // By role: while /tasks was still loading, getByLabel matched another element named 'Échéance' (not a
      // field), and toHaveValue fails at once on such an element instead of waiting. On a phone the filter
      // sits folded behind 'Filtres', hence includeHidden.
      await expect(page.getByRole('combobox', { name: 'Échéance', includeHidden: true })).toHaveValue(
        'overdue',
      );
      const rows = page.getByRole('row').filter({ has: page.getByText('En retard', { exact: true }) });
      await expect(rows).toHaveCount(late.length);
      for (const task of late)
        await expect(page.getByRole('row', { name: task.title, exact: true })).toBeVisible();
      await expect(page.getByText(`${late.length} tâches`, { exact: true })).toBeVisible();
      await expectNoViolationsInBothSchemes(page, `tasks filtered 'En retard' (${size.label})`);

      // The kanban shows the due dates too, the late ones said in words.
      await page.goto(`/tasks?due=overdue&project=${seeded.project.id}&view=kanban`);
      const card = page.getByRole('article', { name: late[0]!.title });
      await expect(card.getByText(/^Échéance : /)).toBeVisible();
      await expect(card.getByText('En retard', { exact: true })).toBeVisible();
      await expectNoViolationsInBothSchemes(page, `kanban filtered 'En retard' (${size.label})`);

      // 'Tâches actives' and 'Prioritaires' lead to exactly their numbers too.
      for (const [label, count] of [
        ['Tâches actives', seeded.tasks.filter((task) => task.status !== 'done').length],
        [
          'Prioritaires',
          seeded.tasks.filter((task) => task.status !== 'done' && task.priority === 'high').length,
        ],
      ] as const) {
        await page.goto('/dashboard');
        await projectFilter(page).selectOption({ label: seeded.project.name });
        await expect(counter(page, label)).toContainText(String(count));
        await counter(page, label).getByRole('link').click();
        await expect(page).toHaveURL(new RegExp(`/tasks\\?status=active.*&project=${seeded.project.id}$`));
        await expect(
          page.getByText(count === 1 ? '1 tâche' : `${count} tâches`, { exact: true }),
        ).toBeVisible();
      }
    });
  });
}
