import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expectNoViolationsInBothSchemes } from './support/axe.ts';
import { expect, expectDashboard, signIn, test } from './support/test.ts';
import { apiAs, batchSent, uniqueName } from './support/work.ts';

// Issue 4, projects: create a project, find it by search, change its status, open it, add a task,
// delete it after the confirmation; axe on every screen and dialog, in light and in dark.

const DAY = 86_400_000;
const frenchDay = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
/** `YYYY-MM-DD`, as a date field takes it. */
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** A project's card in the list, found by its name (the card is an article named by its heading). */
const cardOf = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
/** The status badge beside a card's name (the status dropdown below holds the same words). */
const badgeOf = (page: Page, name: string, status: string) =>
  cardOf(page, name).locator('header').getByText(status, { exact: true });

test('a project from creation to deletion, axe on every screen in light and dark', async ({
  page,
  request,
  member,
  allowFailedRequest,
}) => {
  // Twelve axe runs and two reloads: longer than the default on a busy machine.
  test.setTimeout(75_000);
  // Another project of the same member, that the search must leave out.
  const other = await (
    await apiAs(request, member)
  ).createProject({
    name: uniqueName('Autre chantier'),
    description: 'Ne correspond pas à la recherche.',
  });
  const words = randomUUID().slice(0, 8);
  const name = uniqueName('Refonte du site');
  const description = `Pages produits et blog ${words}`;
  const deadline = new Date(Date.now() + 45 * DAY);

  await page.emulateMedia({ colorScheme: 'light' });
  await signIn(page, member);
  await expectDashboard(page, member);

  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: 'Projets' })
    .click();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Projets' })).toBeVisible();
  await expect(cardOf(page, other.name)).toBeVisible();

  // --- Create: every field is required.
  const toggle = page.getByRole('button', { name: 'Nouveau Projet' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const form = page.getByRole('form', { name: 'Nouveau projet' });
  await expect(form.getByLabel('Nom')).toBeFocused();
  await expectNoViolationsInBothSchemes(page, 'projects list, create form open');

  await form.getByLabel('Nom').fill(name);
  await form.getByRole('button', { name: 'Créer le projet' }).click();
  await expect(form.getByRole('alert')).toHaveText('Nom, description et échéance requis');
  await expect(form.getByLabel('Description')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Échéance')).toHaveAttribute('aria-invalid', 'true');
  await expectNoViolationsInBothSchemes(page, 'projects list, create form with errors');

  await form.getByLabel('Description').fill(description);
  await form.getByLabel('Échéance').fill(isoDay(deadline));
  await form.getByRole('button', { name: 'Créer le projet' }).click();
  await expect(form).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: `Projet « ${name} » créé.` })).toBeAttached();
  const card = cardOf(page, name);
  await expect(card).toBeVisible();
  await expect(card.getByText(description)).toBeVisible();
  await expect(badgeOf(page, name, 'Actif')).toBeVisible();
  await expect(card.getByLabel('Statut')).toHaveValue('active');
  await expect(card.getByText('0 tâche', { exact: true })).toBeVisible();
  await expect(card.getByText(/^Créé le \d{1,2} \p{L}+ \d{4}$/u)).toBeVisible();

  // --- Search on the description, then on the name: only this project is left.
  const search = page.getByRole('searchbox', { name: 'Rechercher un projet' });
  await search.fill(words.toUpperCase());
  await expect(card).toBeVisible();
  await expect(cardOf(page, other.name)).toHaveCount(0);
  await expect(page.getByText(/^1 projet sur \d+$/)).toBeVisible();
  await search.fill(name);
  await expect(card).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);
  await search.fill(`${name} introuvable`);
  await expect(page.getByText('Aucun projet ne correspond à ces critères.')).toBeVisible();
  await search.fill(name);

  // --- Status from the card's dropdown: shown at once, kept by the server, and filterable.
  const saved = batchSent(page);
  await card.getByLabel('Statut').selectOption({ label: 'En pause' });
  await expect(badgeOf(page, name, 'En pause')).toBeVisible();
  expect((await saved).ok()).toBe(true);
  const statusFilter = page.getByLabel('Filtrer par statut');
  await statusFilter.selectOption({ label: 'Terminé' });
  await expect(card).toHaveCount(0);
  await expect(page.getByText('Aucun projet ne correspond à ces critères.')).toBeVisible();
  await statusFilter.selectOption({ label: 'En pause' });
  await expect(card).toBeVisible();
  await page.reload();
  await expect(badgeOf(page, name, 'En pause')).toBeVisible();
  await expect(cardOf(page, name).getByLabel('Statut')).toHaveValue('on_hold');

  // --- Open it: its fields, then a task added with its title only.
  await cardOf(page, name).getByRole('link', { name: 'Ouvrir' }).click();
  await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}$/);
  const detailUrl = page.url();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByText('En pause', { exact: true })).toBeVisible();
  await expect(main.getByRole('definition').filter({ hasText: description })).toBeVisible();
  await expect(main.getByRole('definition').filter({ hasText: frenchDay.format(deadline) })).toBeVisible();
  const tasksSection = page.getByRole('region', { name: 'Tâches du projet' });
  await expect(tasksSection.getByText('Aucune tâche.')).toBeVisible();

  const taskTitle = uniqueName('Maquettes de la page d’accueil');
  const add = page.getByRole('button', { name: 'Ajouter' });
  await expect(add).toBeDisabled();
  await page.getByLabel('Titre de la tâche').fill('   ');
  await expect(add).toBeDisabled();
  await page.getByLabel('Titre de la tâche').fill(`  ${taskTitle} `);
  await add.click();
  await expect(
    page.getByRole('status').filter({ hasText: `Tâche « ${taskTitle} » ajoutée.` }),
  ).toBeAttached();
  await expect(page.getByLabel('Titre de la tâche')).toHaveValue('');
  const taskItem = tasksSection.getByRole('row', { name: taskTitle, exact: true });
  await expect(taskItem).toBeVisible();
  await expect(taskItem.getByRole('combobox', { name: /^Statut/ })).toHaveValue('todo');
  // The description repeats the title: a quick task has none of its own.
  await expect(taskItem.getByText(taskTitle, { exact: true })).toHaveCount(2);
  await expect(taskItem.getByText('Aucune', { exact: true })).toBeVisible();
  await expect(page.getByText('Progression : 0 %')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Tâches par statut' })).toContainText('À faire1');
  await expectNoViolationsInBothSchemes(page, 'project detail, with a task');

  // --- Its three views, keys 1, 2 and 3 as on /tasks, scoped to the project.
  await page.keyboard.press('1');
  await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}\?view=kanban$/);
  const todo = tasksSection.getByRole('region', { name: /^À faire \(/ });
  await expect(todo.getByRole('article', { name: taskTitle, exact: true })).toBeVisible();
  await expect(tasksSection.getByRole('article')).toHaveCount(1);
  await expectNoViolationsInBothSchemes(page, 'project detail, kanban');
  await page.keyboard.press('3');
  await expect(page).toHaveURL(/\?view=calendar$/);
  await expect(tasksSection.getByRole('button', { name: 'Mois suivant' })).toBeVisible();
  await expectNoViolationsInBothSchemes(page, 'project detail, calendar');
  await page.keyboard.press('2');
  await expect(page).toHaveURL(/\?view=list$/);
  await expect(taskItem).toBeVisible();

  await page.getByRole('link', { name: 'Tous les projets' }).click();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(cardOf(page, name).getByText('1 tâche', { exact: true })).toBeVisible();

  // --- Delete, after the confirmation: cancelled once, then confirmed.
  await page.getByRole('searchbox', { name: 'Rechercher un projet' }).fill(name);
  const remove = cardOf(page, name).getByRole('button', { name: 'Supprimer' });
  await remove.click();
  let dialog = page.getByRole('alertdialog', { name: 'Supprimer le projet' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAccessibleDescription(
    'Êtes-vous sûr de vouloir supprimer ce projet ? Cette action est irréversible.',
  );
  await expect(dialog.getByRole('button', { name: 'Annuler' })).toBeFocused();
  await expectNoViolationsInBothSchemes(page, 'projects list, delete confirmation open');
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(remove).toBeFocused();
  await expect(cardOf(page, name)).toBeVisible();

  await remove.click();
  dialog = page.getByRole('alertdialog', { name: 'Supprimer le projet' });
  await dialog.getByRole('button', { name: 'Supprimer' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(cardOf(page, name)).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: `Projet « ${name} » supprimé.` })).toBeAttached();
  await page.reload();
  await expect(cardOf(page, other.name)).toBeVisible();
  await expect(cardOf(page, name)).toHaveCount(0);

  // Its page is gone, and its task with it.
  allowFailedRequest(404, new RegExp(`/api/projects/${detailUrl.split('/').at(-1)}$`));
  await page.goto(detailUrl);
  await expect(page.getByText('Projet introuvable.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retour' })).toBeVisible();
  await page.goto('/tasks');
  await expect(page.getByRole('heading', { level: 1, name: 'Tâches' })).toBeVisible();
  await expect(page.getByText(/^\d+ tâches?$/)).toBeVisible();
  await expect(page.getByText(taskTitle)).toHaveCount(0);
});

test("'n b': the new project opens on its own kanban, its header counting its tasks", async ({
  page,
  member,
}) => {
  // Sign-in, a project, three tasks and the kanban: past the default 45 s on CI's loaded two cores.
  test.setTimeout(90_000);
  const name = uniqueName('Tableau kanban');
  await signIn(page, member);
  await expectDashboard(page, member);
  await page.goto('/projects/board/new');
  const form = page.getByRole('form', { name: 'Nouveau projet' });
  await form.getByLabel('Nom').fill(name);
  await form.getByLabel('Description').fill('Un tableau dès la création.');
  await form.getByLabel('Échéance').fill(isoDay(new Date(Date.now() + 30 * DAY)));
  await form.getByRole('button', { name: 'Créer le projet' }).click();
  await expect(page).toHaveURL(/\/projects\/(tmp-)?[0-9a-f-]{36}\?view=kanban$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'Vue' }).getByRole('button', { name: 'Kanban' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Aucune tâche.')).toBeVisible();
  await page.getByLabel('Titre de la tâche').fill('Première carte');
  await page.getByRole('button', { name: 'Ajouter' }).click();
  await expect(
    page
      .getByRole('region', { name: /^À faire \(1 tâche\)$/ })
      .getByRole('article', { name: 'Première carte' }),
  ).toBeVisible();
  await expect(page.getByRole('group', { name: 'Tâches par statut' })).toContainText('À faire1');
  // Once the server has it, the address is the project's real id, still on the kanban.
  await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}\?view=kanban$/);
});
