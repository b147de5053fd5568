// Issue 17 on a phone (360 x 740, touch): /tasks' filters fold behind a 'Filtres' button so that the tasks
// come first; its name counts the filters that apply, which the address keeps across a reload.
import { seedProject } from './support/dashboard.ts';
import { expectNoPageOverflow, expectTouchTargets } from './support/screen-checks.ts';
import { expect, expectDashboard, signIn, test } from './support/test.ts';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

test("the filters open from 'Filtres' (or 'f'), which counts them; a reload keeps them, folded", async ({
  page,
  request,
  member,
}) => {
  const seeded = await seedProject(request, member, {
    prefix: 'Filtres',
    projectInDays: 10,
    tasks: [
      { status: 'todo', priority: 'high', progress: 0, inDays: null },
      { status: 'done', priority: 'low', progress: 100, inDays: null },
    ],
  });
  const done = seeded.tasks[1]!;
  await signIn(page, member);
  await expectDashboard(page, member);
  await page.goto('/tasks');
  await expect(page.getByRole('heading', { level: 1, name: 'Tâches' })).toBeVisible();
  const toggle = page.getByRole('button', { name: /^Filtres/ });
  const filters = page.getByRole('search', { name: 'Filtres' });
  await expect(toggle).toHaveAccessibleName('Filtres');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(filters).toBeHidden();

  // 'f' unfolds them with the keyboard on the first filter, as on a desk.
  await page.getByRole('heading', { level: 1, name: 'Tâches' }).click();
  await page.keyboard.press('f');
  await expect(filters.getByLabel('Statut')).toBeFocused();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expectTouchTargets(page, '/tasks with its filters open');
  await expectNoPageOverflow(page, '/tasks with its filters open');

  await filters.getByLabel('Projet').selectOption({ label: seeded.project.name });
  await expect(toggle).toHaveAccessibleName('Filtres (1)');
  await filters.getByLabel('Statut').selectOption({ label: 'Terminée' });
  await expect(toggle).toHaveAccessibleName('Filtres (2)');
  const row = page.getByRole('row', { name: done.title, exact: true });
  await expect(row).toBeVisible();
  await expect(page.getByText('1 tâche', { exact: true })).toBeVisible();

  // After a reload the list is still filtered; the button, folded again, says that two filters apply.
  await page.reload();
  await expect(row).toBeVisible();
  await expect(page.getByText('1 tâche', { exact: true })).toBeVisible();
  await expect(toggle).toHaveAccessibleName('Filtres (2)');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(filters.getByLabel('Statut')).toHaveValue('done');
  await filters.getByRole('button', { name: 'Réinitialiser les filtres' }).click();
  await expect(toggle).toHaveAccessibleName('Filtres');
});

test('a stacked row shows each value whole, under its label when both do not fit', async ({
  page,
  request,
  member,
}) => {
  const seeded = await seedProject(request, member, {
    prefix: 'Lignes',
    projectInDays: 40,
    tasks: [{ status: 'in_progress', priority: 'medium', progress: 30, inDays: 20 }],
  });
  const task = seeded.tasks[0]!;
  await signIn(page, member);
  await expectDashboard(page, member);
  await page.goto(`/tasks?view=list&project=${seeded.project.id}`);
  const row = page.getByRole('row', { name: task.title, exact: true });
  await row.scrollIntoViewIfNeeded();
  await expect(row).toBeVisible();
  // A month's name is wider than half a row beside 'Échéance :': it used to be cut ("25 novemb…").
  const clipped = await row
    .getByRole('cell')
    .evaluateAll((cells) =>
      cells.filter((cell) => cell.scrollWidth > cell.clientWidth + 1).map((cell) => cell.textContent),
    );
  expect(clipped).toEqual([]);
});
