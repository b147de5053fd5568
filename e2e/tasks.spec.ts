import type { Page } from '@playwright/test';
import { chooseScheme, expectNoViolations, type Scheme } from './support/axe.ts';
import type { Member } from './support/members.ts';
import { expect, expectDashboard, signIn, test } from './support/test.ts';
import { apiAs, batchSent, uniqueName } from './support/work.ts';

// Issue 4, tasks: add a task, move it across the kanban columns with the mouse and with the keyboard,
// see it on its deadline in the calendar, edit it inline, and the /tasks/new form; the three views
// switched with the buttons and with the keys 1, 2 and 3; axe on every screen, in light and in dark.

const frenchDay = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const frenchMonth = new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Signed in (the system in light), in the chosen scheme. */
async function signInWith(page: Page, member: Member, scheme: Scheme) {
  await page.emulateMedia({ colorScheme: 'light' });
  await signIn(page, member);
  await expectDashboard(page, member);
  await chooseScheme(page, scheme);
}

/** Signed in, in the chosen scheme, on 'Tâches' reached from the navigation. */
async function openTasks(page: Page, member: Member, scheme: Scheme) {
  await signInWith(page, member, scheme);
  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: 'Tâches' })
    .click();
  await expect(page).toHaveURL(/\/tasks$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tâches' })).toBeVisible();
  await expect(page.getByText(/^\d+ tâches?$/)).toBeVisible();
}

const viewButton = (page: Page, name: 'Kanban' | 'Liste' | 'Calendrier') =>
  page.getByRole('group', { name: 'Vue' }).getByRole('button', { name });

async function expectView(page: Page, name: 'Kanban' | 'Liste' | 'Calendrier', query: string) {
  await expect(viewButton(page, name)).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(new RegExp(`[?&]view=${query}$`));
}

/** A kanban column, named by its heading ('À faire (1 tâche)'). */
const column = (page: Page, label: string) => page.getByRole('region', { name: new RegExp(`^${label} \\(`) });

/** Waits for the server to take a task change (the screen shows it before, from the outbox). */
const taskSaved = batchSent;

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`tasks, ${scheme} theme`, () => {
    test('a new task moves across the kanban columns with the mouse and with the keyboard', async ({
      page,
      request,
      member,
    }) => {
      const project = await (
        await apiAs(request, member)
      ).createProject({
        name: uniqueName('Application mobile'),
        description: 'Première version iOS et Android.',
      });
      const title = uniqueName('Écran de connexion');
      await openTasks(page, member, scheme);
      await expectNoViolations(page, `tasks, list view (${scheme})`);

      // --- 'Nouvelle tâche': blank titles are refused, the text is trimmed.
      const form = page.getByRole('form', { name: 'Nouvelle tâche' });
      const create = form.getByRole('button', { name: 'Créer' });
      await expect(create).toBeDisabled();
      await form.getByLabel('Titre').fill('   ');
      await expect(create).toBeDisabled();
      // A digit typed in a field is text, not the shortcut of a view.
      await form.getByLabel('Titre').fill('');
      await form.getByLabel('Titre').press('3');
      await expect(form.getByLabel('Titre')).toHaveValue('3');
      await expect(viewButton(page, 'Liste')).toHaveAttribute('aria-pressed', 'true');
      await form.getByLabel('Titre').fill(`  ${title}  `);
      await form.getByLabel('Description').fill(' Avec « Se souvenir de moi ». ');
      await form.getByLabel('Projet').selectOption({ label: project.name });
      await create.click();
      await expect(page.getByRole('status').filter({ hasText: `Tâche « ${title} » créée.` })).toBeAttached();
      await expect(form.getByLabel('Titre')).toHaveValue('');
      const row = page.getByRole('article', { name: title, exact: true });
      await expect(row.getByText('Avec « Se souvenir de moi ».', { exact: true })).toBeVisible();
      await expect(row.getByText('À faire', { exact: true })).toBeVisible();

      // --- The views, with the buttons and with the keys.
      await viewButton(page, 'Kanban').click();
      await expectView(page, 'Kanban', 'kanban');
      await page.keyboard.press('3');
      await expectView(page, 'Calendrier', 'calendar');
      await page.keyboard.press('2');
      await expectView(page, 'Liste', 'list');
      await page.keyboard.press('1');
      await expectView(page, 'Kanban', 'kanban');
      await expect(
        page.getByText(
          'Glissez une carte vers une autre colonne, ou choisissez sa colonne dans « Déplacer vers… ».',
        ),
      ).toBeVisible();
      for (const label of ['À faire', 'En cours', 'En revue', 'Terminée']) {
        await expect(
          page.getByRole('heading', { level: 2, name: new RegExp(`^${label} \\(\\d+ tâches?\\)$`) }),
        ).toBeVisible();
      }
      const card = (label: string) => column(page, label).getByRole('article', { name: title, exact: true });
      await expect(card('À faire')).toBeVisible();
      await expect(card('À faire').getByText('Moyenne', { exact: true })).toBeVisible();
      await expectNoViolations(page, `tasks, kanban view (${scheme})`);

      // --- With the mouse: drag the card from 'À faire' onto 'En cours'.
      // Dropped on the column's heading, in view with the card: a drag that has to scroll the page
      // first makes Chromium pick up whatever card then lies under the pointer.
      let saved = taskSaved(page);
      await card('À faire').dragTo(column(page, 'En cours').getByRole('heading', { level: 2 }));
      await expect(card('En cours')).toBeVisible();
      await expect(card('À faire')).toHaveCount(0);
      await expect(
        page.getByRole('status').filter({ hasText: `« ${title} » déplacée vers En cours.` }),
      ).toBeAttached();
      expect((await saved).ok()).toBe(true);

      // --- With the keyboard: focus its 'Déplacer … vers' control and pick a column by its first letter.
      const move = (label: string) =>
        card(label).getByRole('combobox', { name: `Déplacer « ${title} » vers` });
      await expect(move('En cours').getByRole('option')).toHaveText([
        'Déplacer vers…',
        'À faire',
        'En revue',
        'Terminée',
      ]);
      saved = taskSaved(page);
      await move('En cours').focus();
      await page.keyboard.press('e');
      await expect(card('En revue')).toBeVisible();
      await expect(card('En cours')).toHaveCount(0);
      await expect(
        page.getByRole('status').filter({ hasText: `« ${title} » déplacée vers En revue.` }),
      ).toBeAttached();
      expect((await saved).ok()).toBe(true);

      saved = taskSaved(page);
      await move('En revue').focus();
      await page.keyboard.press('t');
      await expect(card('Terminée')).toBeVisible();
      expect((await saved).ok()).toBe(true);

      // The server kept it: after a reload, the card is still where it was put, in the same view.
      await page.reload();
      await expectView(page, 'Kanban', 'kanban');
      await expect(card('Terminée')).toBeVisible();
      await expect(card('En revue')).toHaveCount(0);
    });

    test('a task on its deadline in the calendar, then edited inline in the list', async ({
      page,
      request,
      member,
    }) => {
      const api = await apiAs(request, member);
      const project = await api.createProject({
        name: uniqueName('Portail client'),
        description: 'Factures et tickets.',
      });
      const title = uniqueName('Relancer les factures');
      const task = await api.createTask({
        title,
        description: 'Toutes celles du trimestre.',
        project: project.id,
      });
      // No screen sets a task's deadline or estimate yet: the member sets them from another device.
      const now = new Date();
      // The light and dark runs share the workspace: each has its own day.
      const deadline = new Date(
        Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, scheme === 'light' ? 15 : 16, 12),
      );
      await api.updateTask(task.id, { deadline: deadline.toISOString(), estimatedMinutes: 45 });

      await openTasks(page, member, scheme);
      await expect(viewButton(page, 'Liste')).toHaveAttribute('aria-pressed', 'true');
      const row = page.getByRole('article', { name: title, exact: true });
      await expect(row.getByText('Toutes celles du trimestre.')).toBeVisible();
      await expect(row.getByText('Estimation: ~45 min', { exact: true })).toBeVisible();
      await expect(row.getByText(`Échéance : ${frenchDay.format(deadline)}`, { exact: true })).toBeVisible();

      // --- Calendar (key 3): this month first, the task on its day next month.
      await page.keyboard.press('3');
      await expectView(page, 'Calendrier', 'calendar');
      const caption = page.getByRole('table').locator('caption');
      await expect(caption).toHaveText(frenchMonth.format(now));
      await page.getByRole('button', { name: 'Mois suivant' }).click();
      await expect(caption).toHaveText(frenchMonth.format(deadline));
      const day = page.getByRole('cell', { name: new RegExp(`^${frenchDay.format(deadline)}\\b`) });
      const entry = day.getByRole('listitem').filter({ hasText: title });
      await expect(entry.getByText(title, { exact: true })).toBeVisible();
      await expect(entry.getByText('À faire', { exact: true })).toBeVisible();
      const dayBefore = new Date(deadline.getTime() - 86_400_000);
      await expect(
        page.getByRole('cell', { name: new RegExp(`^${frenchDay.format(dayBefore)}\\b`) }).getByText(title),
      ).toHaveCount(0);
      await expectNoViolations(page, `tasks, calendar view with the task (${scheme})`);
      await page.getByRole('button', { name: 'Ce mois-ci' }).click();
      await expect(caption).toHaveText(frenchMonth.format(now));

      // --- Back to the list with its button; 'Modifier' opens the inline edit.
      await viewButton(page, 'Liste').click();
      await expectView(page, 'Liste', 'list');
      await row.getByRole('button', { name: 'Modifier' }).click();
      const edit = row.getByRole('form', { name: 'Modifier' });
      await expect(edit.getByLabel('Titre')).toBeFocused();
      await expect(edit.getByLabel('Titre')).toHaveValue(title);
      await expect(edit.getByLabel('Description')).toHaveValue('Toutes celles du trimestre.');
      await expectNoViolations(page, `tasks, inline edit open (${scheme})`);

      // A blank title cannot be saved; Escape gives up and puts the keyboard back on 'Modifier'.
      await edit.getByLabel('Titre').fill('  ');
      await expect(edit.getByRole('button', { name: 'Sauver' })).toBeDisabled();
      await edit.getByLabel('Titre').press('Escape');
      await expect(edit).toHaveCount(0);
      await expect(row.getByRole('button', { name: 'Modifier' })).toBeFocused();
      await expect(row.getByRole('heading', { name: title })).toBeVisible();

      // 'Annuler' gives up as well.
      await row.getByRole('button', { name: 'Modifier' }).click();
      await edit.getByLabel('Titre').fill('Pas gardé');
      await edit.getByRole('button', { name: 'Annuler' }).click();
      await expect(edit).toHaveCount(0);
      await expect(page.getByRole('article', { name: 'Pas gardé' })).toHaveCount(0);

      const renamed = `${title} (relance 2)`;
      await row.getByRole('button', { name: 'Modifier' }).click();
      await edit.getByLabel('Titre').fill(`  ${renamed} `);
      await edit.getByLabel('Description').fill('Seulement celles de plus de 30 jours.');
      const saved = taskSaved(page);
      await edit.getByRole('button', { name: 'Sauver' }).click();
      const edited = page.getByRole('article', { name: renamed, exact: true });
      await expect(edited.getByRole('heading', { name: renamed })).toBeVisible();
      await expect(edited.getByText('Seulement celles de plus de 30 jours.')).toBeVisible();
      await expect(edited.getByRole('button', { name: 'Modifier' })).toBeFocused();
      expect((await saved).ok()).toBe(true);

      await page.reload();
      await expect(page.getByRole('article', { name: renamed, exact: true })).toBeVisible();
      await expect(page.getByRole('article', { name: title, exact: true })).toHaveCount(0);
      await expect(
        page.getByRole('article', { name: renamed, exact: true }).getByText('Estimation: ~45 min'),
      ).toBeVisible();
    });

    test("/tasks/new: title and project required, 'Créé', then home", async ({ page, request, member }) => {
      const project = await (
        await apiAs(request, member)
      ).createProject({
        name: uniqueName('Conformité RGPD'),
        description: 'Registre des traitements.',
      });
      const title = uniqueName('Purger les comptes inactifs');
      await signInWith(page, member, scheme);

      await page.goto('/tasks/new');
      await expect(page.getByRole('heading', { level: 1, name: 'Nouvelle tâche' })).toBeVisible();
      const form = page.getByRole('form', { name: 'Nouvelle tâche' });
      await expect(form.getByLabel('Titre')).toBeFocused();
      const projectSelect = form.getByLabel('Projet');
      await expect(projectSelect.getByRole('option', { name: project.name })).toBeAttached();
      await expect(projectSelect).toHaveValue('');
      await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
      await expectNoViolations(page, `new task form (${scheme})`);

      await form.getByRole('button', { name: 'Créer' }).click();
      await expect(form.getByRole('alert')).toHaveText('Titre et projet requis');
      await expect(form.getByLabel('Titre')).toHaveAttribute('aria-invalid', 'true');
      await expect(projectSelect).toHaveAttribute('aria-invalid', 'true');
      await expectNoViolations(page, `new task form with the error (${scheme})`);

      // A title alone is not enough.
      await form.getByLabel('Titre').fill(title);
      await form.getByRole('button', { name: 'Créer' }).click();
      await expect(form.getByRole('alert')).toHaveText('Titre et projet requis');
      await expect(form.getByLabel('Titre')).not.toHaveAttribute('aria-invalid');

      await projectSelect.selectOption({ label: project.name });
      await form.getByLabel('Description (facultative)').fill('Comptes sans connexion depuis trois ans.');
      await form.getByRole('button', { name: 'Créer' }).click();
      await expect(form.getByRole('status')).toHaveText('Créé');
      await expect(form.getByRole('alert')).toHaveCount(0);
      await expect(form.getByRole('button', { name: 'Créer' })).toBeDisabled();
      // Then home: / sends a signed-in member to the dashboard.
      await expectDashboard(page, member);

      await page
        .getByRole('navigation', { name: 'Navigation principale' })
        .getByRole('link', { name: 'Tâches' })
        .click();
      const row = page.getByRole('article', { name: title, exact: true });
      await expect(row.getByText('Comptes sans connexion depuis trois ans.')).toBeVisible();
      await expect(row.getByText('À faire', { exact: true })).toBeVisible();
    });
  });
}
