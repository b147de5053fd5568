import type { Page } from '@playwright/test';
import { expect, expectDashboard, signIn, test } from './support/test.ts';
import { apiAs, uniqueName } from './support/work.ts';

// Issue 13: Ctrl+Z / Ctrl+Shift+Z take back the person's last task or project edit as a new write through
// the outbox, so the server sees the undo and the redo like any edit; inside a text field, Ctrl+Z is the
// browser's own undo of what was typed, not the app's.

/** What the shortcuts say in their polite live region (the task screen has its own beside it). */
const announced = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const column = (page: Page, status: string) =>
  page.locator(`section.kanban__column[data-status="${status}"]`);
const taskRow = (page: Page, title: string) => page.getByRole('row', { name: title, exact: true });
const rowStatus = (page: Page, title: string) =>
  taskRow(page, title).getByRole('combobox', { name: /^Statut/ });

/** The keyboard's way across the kanban: the card's 'Déplacer … vers' menu button, then a column. */
async function moveCard(page: Page, title: string, from: string, to: string) {
  const card = column(page, from);
  await card.getByRole('button', { name: `Déplacer « ${title} » vers` }).press('Enter');
  await card
    .getByRole('menu', { name: `Déplacer « ${title} » vers` })
    .getByRole('menuitem', { name: to })
    .press('Enter');
}

test('a task moved and retitled on screen: Ctrl+Z undoes each, on screen and on the server; Ctrl+Shift+Z redoes', async ({
  page,
  request,
  member,
}) => {
  const api = await apiAs(request, member);
  const project = await api.createProject({
    name: uniqueName('Annuler'),
    description: 'Ctrl+Z sur une tâche.',
  });
  const title = uniqueName('Relire le devis');
  const task = await api.createTask({ title, project: project.id });
  const onServer = async () => {
    const row = (await api.listTasks()).find((candidate) => candidate.id === task.id);
    return [row?.status, row?.title];
  };
  await signIn(page, member);
  await expectDashboard(page, member);

  // Moved on the kanban with its menu button (the keyboard's way): the card changes column.
  await page.goto('/tasks?view=kanban');
  await moveCard(page, title, 'todo', 'En cours');
  await expect(column(page, 'in_progress').getByRole('article', { name: title })).toBeVisible();
  await expect.poll(onServer).toEqual(['in_progress', title]);

  await page.keyboard.press('Control+z');
  await expect(announced(page, 'Modification annulée.')).toBeAttached();
  await expect(column(page, 'todo').getByRole('article', { name: title })).toBeVisible();
  await expect.poll(onServer).toEqual(['todo', title]);

  await page.keyboard.press('Control+Shift+Z');
  await expect(announced(page, 'Modification rétablie.')).toBeAttached();
  await expect(column(page, 'in_progress').getByRole('article', { name: title })).toBeVisible();
  await expect.poll(onServer).toEqual(['in_progress', title]);

  // Retitled in the list's inline edit (same page: the history is this tab's, forgotten on a reload):
  // undo brings the old title back, redo the new one.
  await page.getByRole('button', { name: /^Liste/ }).click();
  const renamed = `${title} (v2)`;
  const row = taskRow(page, title);
  await row.getByRole('button', { name: 'Modifier' }).click();
  await row.getByRole('form', { name: 'Modifier' }).getByLabel('Titre').fill(renamed);
  await row.getByRole('button', { name: 'Sauver' }).click();
  await expect(taskRow(page, renamed)).toBeVisible();
  await expect.poll(onServer).toEqual(['in_progress', renamed]);

  await page.keyboard.press('Control+z');
  await expect(taskRow(page, title)).toBeVisible();
  await expect.poll(onServer).toEqual(['in_progress', title]);
  // The edit before it, the move, is next in line.
  await page.keyboard.press('Control+z');
  await expect(rowStatus(page, title)).toHaveValue('todo');
  await expect.poll(onServer).toEqual(['todo', title]);
  await page.keyboard.press('Control+Shift+Z');
  await page.keyboard.press('Control+Shift+Z');
  await expect(taskRow(page, renamed)).toBeVisible();
  await expect.poll(onServer).toEqual(['in_progress', renamed]);
  await page.keyboard.press('Control+Shift+Z');
  await expect(announced(page, 'Rien à rétablir.')).toBeAttached();
});

test('Ctrl+Z in a text field undoes the typing, not the last edit', async ({ page, request, member }) => {
  const api = await apiAs(request, member);
  const project = await api.createProject({
    name: uniqueName('Champ'),
    description: 'Ctrl+Z dans un champ.',
  });
  const title = uniqueName('Préparer la démo');
  const task = await api.createTask({ title, project: project.id });
  await signIn(page, member);
  await expectDashboard(page, member);
  await page.goto('/tasks?view=kanban');
  await moveCard(page, title, 'todo', 'Terminée');
  await expect(column(page, 'done').getByRole('article', { name: title })).toBeVisible();

  // The app has an edit to undo; the field's Ctrl+Z must still only take back the typing.
  await page.goto('/tasks?view=list');
  const row = taskRow(page, title);
  await row.getByRole('button', { name: 'Modifier' }).click();
  const field = row.getByRole('form', { name: 'Modifier' }).getByLabel('Titre');
  await field.press('End');
  await field.pressSequentially(' bis');
  await expect(field).toHaveValue(`${title} bis`);
  // Chromium now and then cuts typed characters into more than one undo step (seen with two renderers
  // alike, with no script writing the field): the person presses Ctrl+Z until the typing is gone, at most
  // once per character typed. Were Ctrl+Z the app's, the field would keep ' bis'.
  for (let press = 0; press < ' bis'.length && (await field.inputValue()) !== title; press += 1) {
    await field.press('Control+z');
  }
  await expect(field).toHaveValue(title);
  await expect(field).toBeFocused();
  await expect(announced(page, 'Modification annulée.')).toHaveCount(0);
  // Nothing was written: the task is still done, here and on the server.
  await row.getByRole('button', { name: 'Annuler' }).click();
  await expect(rowStatus(page, title)).toHaveValue('done');
  expect((await api.listTasks()).find((candidate) => candidate.id === task.id)?.status).toBe('done');
});

test('a project’s status changed on /projects: Ctrl+Z from its select undoes it, Ctrl+Shift+Z redoes it', async ({
  page,
  request,
  member,
}) => {
  const api = await apiAs(request, member);
  const name = uniqueName('Projet réversible');
  const project = await api.createProject({ name, description: 'Ctrl+Z sur un projet.' });
  const statusOnServer = async () =>
    (await api.listProjects()).find((candidate) => candidate.id === project.id)?.status;
  await signIn(page, member);
  await expectDashboard(page, member);
  await page.goto('/projects');
  const card = page.getByRole('article', { name });
  const status = card.getByLabel('Statut');
  await status.focus();
  await status.selectOption('on_hold');
  await expect(card.getByText('En pause', { exact: true }).first()).toBeVisible();
  await expect.poll(statusOnServer).toBe('on_hold');

  // The focus is still on the select, which has no undo of its own: Ctrl+Z is the app's.
  await expect(status).toBeFocused();
  await page.keyboard.press('Control+z');
  await expect(announced(page, 'Modification annulée.')).toBeAttached();
  await expect(status).toHaveValue('active');
  await expect.poll(statusOnServer).toBe('active');
  await page.keyboard.press('Control+Shift+Z');
  await expect(status).toHaveValue('on_hold');
  await expect.poll(statusOnServer).toBe('on_hold');
});
