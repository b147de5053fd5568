import type { Page } from '@playwright/test';
import { expectNoViolationsInBothSchemes } from './support/axe.ts';
import type { Member } from './support/members.ts';
import { expect, expectDashboard, signIn, test } from './support/test.ts';
import { apiAs, batchSent, uniqueName } from './support/work.ts';

// Issue 4, tasks: add a task, move it across the kanban columns with the mouse and with the keyboard,
// see it on its deadline in the calendar, edit it inline, and the /tasks/new form; the three views
// switched with the buttons and with the keys 1, 2 and 3; axe on every screen and menu, in light and in dark.

const frenchDay = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const frenchMonth = new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Signed in, the system in light (each axe check then adds the dark scheme). */
async function signInLight(page: Page, member: Member) {
  await page.emulateMedia({ colorScheme: 'light' });
  await signIn(page, member);
  await expectDashboard(page, member);
}

/** Signed in, on 'Tâches' reached from the navigation. */
async function openTasks(page: Page, member: Member) {
  await signInLight(page, member);
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

test('a new task moves across the kanban columns with the mouse and with the keyboard', async ({
  page,
  request,
  member,
}) => {
  // Ten axe runs (five states, light and dark) and a reload: longer than the default on a busy machine.
  test.setTimeout(75_000);
  const project = await (
    await apiAs(request, member)
  ).createProject({
    name: uniqueName('Application mobile'),
    description: 'Première version iOS et Android.',
  });
  const title = uniqueName('Écran de connexion');
  await openTasks(page, member);
  await expectNoViolationsInBothSchemes(page, 'tasks, list view');

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
  const row = page.getByRole('row', { name: title, exact: true });
  await expect(row.getByText('Avec « Se souvenir de moi ».', { exact: true })).toBeVisible();
  await expect(row.getByRole('combobox', { name: `Statut de « ${title} »` })).toHaveValue('todo');

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
      'Glissez une carte vers une autre colonne, ou choisissez sa colonne avec son bouton « Déplacer vers… ».',
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
  await expectNoViolationsInBothSchemes(page, 'tasks, kanban view');

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

  // --- With the keyboard: its 'Déplacer … vers' menu button, then the arrows and Enter.
  const move = (label: string) => card(label).getByRole('button', { name: `Déplacer « ${title} » vers` });
  await move('En cours').focus();
  await page.keyboard.press('Enter');
  const menu = card('En cours').getByRole('menu', { name: `Déplacer « ${title} » vers` });
  await expect(menu.getByRole('menuitem')).toHaveText(['À faire', 'En revue', 'Terminée']);
  await expect(menu.getByRole('menuitem', { name: 'À faire' })).toBeFocused();
  await expectNoViolationsInBothSchemes(page, 'tasks, kanban with the move menu open');
  saved = taskSaved(page);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(card('En revue')).toBeVisible();
  await expect(card('En cours')).toHaveCount(0);
  await expect(
    page.getByRole('status').filter({ hasText: `« ${title} » déplacée vers En revue.` }),
  ).toBeAttached();
  expect((await saved).ok()).toBe(true);

  saved = taskSaved(page);
  await move('En revue').focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
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
  test.setTimeout(75_000);
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
  const deadline = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 15, 12));
  await api.updateTask(task.id, { deadline: deadline.toISOString(), estimatedMinutes: 45 });

  await openTasks(page, member);
  await expect(viewButton(page, 'Liste')).toHaveAttribute('aria-pressed', 'true');
  const row = page.getByRole('row', { name: title, exact: true });
  await expect(row.getByText('Toutes celles du trimestre.')).toBeVisible();
  await expect(row.getByText('~45 min', { exact: true })).toBeVisible();
  await expect(row.getByText(frenchDay.format(deadline), { exact: true })).toBeVisible();

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
  await expectNoViolationsInBothSchemes(page, 'tasks, calendar view with the task');
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
  await expectNoViolationsInBothSchemes(page, 'tasks, inline edit open');

  // A blank title cannot be saved; Escape gives up and puts the keyboard back on 'Modifier'.
  await edit.getByLabel('Titre').fill('  ');
  await expect(edit.getByRole('button', { name: 'Sauver' })).toBeDisabled();
  await edit.getByLabel('Titre').press('Escape');
  await expect(edit).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Modifier' })).toBeFocused();
  await expect(row.getByText(title, { exact: true })).toBeVisible();

  // 'Annuler' gives up as well.
  await row.getByRole('button', { name: 'Modifier' }).click();
  await edit.getByLabel('Titre').fill('Pas gardé');
  await edit.getByRole('button', { name: 'Annuler' }).click();
  await expect(edit).toHaveCount(0);
  await expect(page.getByRole('row', { name: 'Pas gardé' })).toHaveCount(0);

  const renamed = `${title} (relance 2)`;
  await row.getByRole('button', { name: 'Modifier' }).click();
  await edit.getByLabel('Titre').fill(`  ${renamed} `);
  await edit.getByLabel('Description').fill('Seulement celles de plus de 30 jours.');
  const saved = taskSaved(page);
  await edit.getByRole('button', { name: 'Sauver' }).click();
  const edited = page.getByRole('row', { name: renamed, exact: true });
  await expect(edited.getByText(renamed, { exact: true })).toBeVisible();
  await expect(edited.getByText('Seulement celles de plus de 30 jours.')).toBeVisible();
  await expect(edited.getByRole('button', { name: 'Modifier' })).toBeFocused();
  expect((await saved).ok()).toBe(true);

  await page.reload();
  await expect(page.getByRole('row', { name: renamed, exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: title, exact: true })).toHaveCount(0);
  await expect(page.getByRole('row', { name: renamed, exact: true }).getByText('~45 min')).toBeVisible();
});

test("/tasks/new: title and project required, 'Créé', then home", async ({ page, request, member }) => {
  const project = await (
    await apiAs(request, member)
  ).createProject({
    name: uniqueName('Conformité RGPD'),
    description: 'Registre des traitements.',
  });
  const title = uniqueName('Purger les comptes inactifs');
  await signInLight(page, member);

  await page.goto('/tasks/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Nouvelle tâche' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Nouvelle tâche' });
  await expect(form.getByLabel('Titre')).toBeFocused();
  const projectSelect = form.getByLabel('Projet');
  await expect(projectSelect.getByRole('option', { name: project.name })).toBeAttached();
  await expect(projectSelect).toHaveValue('');
  await expectNoViolationsInBothSchemes(page, 'new task form');

  await form.getByRole('button', { name: 'Créer' }).click();
  await expect(form.getByRole('alert')).toHaveText('Titre et projet requis');
  await expect(form.getByLabel('Titre')).toHaveAttribute('aria-invalid', 'true');
  await expect(projectSelect).toHaveAttribute('aria-invalid', 'true');
  await expectNoViolationsInBothSchemes(page, 'new task form with the error');

  // A title alone is not enough.
  await form.getByLabel('Titre').fill(title);
  await form.getByRole('button', { name: 'Créer' }).click();
  await expect(form.getByRole('alert')).toHaveText('Titre et projet requis');
  await expect(form.getByLabel('Titre')).not.toHaveAttribute('aria-invalid');

  await projectSelect.selectOption({ label: project.name });
  await form.getByLabel('Description (facultative)').fill('Comptes sans connexion depuis trois ans.');
  // 'Créé' shows for only 600 to 800 ms before the page goes home: the form is read at the moment the
  // message appears (a DOM observer), so a starved test runner cannot miss it between two polls.
  const created = form.evaluate(
    (element) =>
      new Promise<{ status: string; alerts: number; disabled: boolean }>((resolve) => {
        const observer = new MutationObserver(() => {
          const status = element.querySelector('[role="status"]')?.textContent ?? '';
          if (status === '') return;
          observer.disconnect();
          const submit = element.querySelector<HTMLButtonElement>('button[type="submit"]');
          resolve({
            status,
            alerts: element.querySelectorAll('[role="alert"]').length,
            disabled: submit?.disabled ?? false,
          });
        });
        observer.observe(element, { subtree: true, childList: true, characterData: true, attributes: true });
      }),
  );
  await form.getByRole('button', { name: 'Créer' }).click();
  expect(await created).toEqual({ status: 'Créé', alerts: 0, disabled: true });
  // Then home: / sends a signed-in member to the dashboard.
  await expectDashboard(page, member);

  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: 'Tâches' })
    .click();
  const row = page.getByRole('row', { name: title, exact: true });
  await expect(row.getByText('Comptes sans connexion depuis trois ans.')).toBeVisible();
  await expect(row.getByRole('combobox', { name: /^Statut/ })).toHaveValue('todo');
});

// Issue 17: the list as a sortable table, filters kept in the address, status changed from a row, and
// the three views at a phone's and a desk's size, with no page-level horizontal scrolling.

/** How far the page itself scrolls sideways (0 when everything wide scrolls inside its own box). */
const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * The table's rows wholly in view, once the table's top is scrolled to the top of the window (the table
 * scrolls with the page: poll it, the rows scrolled into view mount in the next frame).
 */
const rowsInView = (page: Page) =>
  page.getByRole('table', { name: 'Liste' }).evaluate((table) => {
    table.scrollIntoView({ block: 'start' });
    const box = table.getBoundingClientRect();
    const bottom = Math.min(box.bottom, window.innerHeight);
    return Array.from(table.querySelectorAll('[role="row"][aria-label]')).filter((row) => {
      const rect = row.getBoundingClientRect();
      return rect.top >= box.top && rect.bottom <= bottom;
    }).length;
  });

for (const [label, size] of [
  ['360 x 740, touch', { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true }],
  ['1440 x 900', { viewport: { width: 1440, height: 900 } }],
] as const) {
  test.describe(`task table and filters at ${label}`, () => {
    test.use(size);
    const phone = size.viewport.width < 768;

    test('filter then reload, sort by a column, change a status from its row, the three views fit', async ({
      page,
      request,
      member,
    }) => {
      // Sixteen tasks, two reloads and six axe runs (three views, light and dark).
      test.setTimeout(90_000);
      const api = await apiAs(request, member);
      const project = await api.createProject({
        name: uniqueName('Tableau'),
        description: 'Tri et filtres.',
      });
      const tag = uniqueName('Ligne');
      // 'n°' keeps the number its own word: the search matches words inside words, and the tag's random
      // hex digits ('…a716…') would otherwise contain '16' and let all sixteen tasks through.
      const titleOf = (n: number) => `${tag} n°${String(n).padStart(2, '0')}`;
      await Promise.all(
        Array.from({ length: 16 }, (_, index) =>
          api.createTask({ title: titleOf(index + 1), project: project.id }),
        ),
      );
      await signInLight(page, member);
      await page.goto('/tasks');
      await expect(page.getByRole('heading', { level: 1, name: 'Tâches' })).toBeVisible();

      // --- Filters, kept in the address: a reload shows the same tasks.
      const filters = page.getByRole('search', { name: 'Filtres' });
      // On a phone the filters are folded behind 'Filtres', after a reload too (decision 0035).
      const unfoldFilters = async () => {
        if (phone) await page.getByRole('button', { name: /^Filtres/ }).click();
      };
      await unfoldFilters();
      await filters.getByLabel('Projet').selectOption({ label: project.name });
      await expect(page).toHaveURL(new RegExp(`[?&]project=${project.id}`));
      await expect(page.getByText('16 tâches', { exact: true })).toBeVisible();
      await filters.getByLabel('Rechercher').fill(titleOf(16));
      await expect(page.getByText('1 tâche', { exact: true })).toBeVisible();
      await page.reload();
      await unfoldFilters();
      await expect(filters.getByLabel('Projet')).toHaveValue(project.id);
      await expect(filters.getByLabel('Rechercher')).toHaveValue(titleOf(16));
      await expect(page.getByText('1 tâche', { exact: true })).toBeVisible();
      await expect(page.getByRole('row', { name: titleOf(16), exact: true })).toBeVisible();
      await filters.getByLabel('Rechercher').fill('');
      await expect(page.getByText('16 tâches', { exact: true })).toBeVisible();
      // 'f' puts the keyboard on the filters.
      await page.getByRole('heading', { level: 1, name: 'Tâches' }).click();
      await page.keyboard.press('f');
      await expect(filters.getByLabel('Statut')).toBeFocused();

      // --- Sorted by title, then the other way; the order is in the address too.
      const table = page.getByRole('table', { name: 'Liste' });
      const titleHeader = table.getByRole('columnheader', { name: /^Titre/ });
      await titleHeader.getByRole('button').click();
      await expect(titleHeader).toHaveAttribute('aria-sort', 'ascending');
      await expect(table.getByRole('row').nth(1)).toHaveAccessibleName(titleOf(1));
      await titleHeader.getByRole('button').click();
      await expect(titleHeader).toHaveAttribute('aria-sort', 'descending');
      await expect(table.getByRole('row').nth(1)).toHaveAccessibleName(titleOf(16));
      await expect(page).toHaveURL(/[?&]sort=-title/);
      if (!phone) await expect.poll(() => rowsInView(page)).toBeGreaterThanOrEqual(15);

      // --- The status changed from the row (a select on a desk, one tap on a phone), an ordinary edit sent
      // to the server.
      const row = table.getByRole('row', { name: titleOf(16), exact: true });
      const status = row.getByRole('combobox', { name: `Statut de « ${titleOf(16)} »` });
      const statusStep = (now: string) =>
        row.getByRole('button', { name: new RegExp(`^Statut de .* : ${now}\\.`) });
      const saved = taskSaved(page);
      if (phone) await statusStep('À faire').tap();
      else await status.selectOption({ label: 'En cours' });
      await expect(
        page.getByRole('status').filter({ hasText: `« ${titleOf(16)} » : statut En cours.` }),
      ).toBeAttached();
      expect((await saved).ok()).toBe(true);
      await page.reload();
      if (phone) await expect(statusStep('En cours')).toBeVisible();
      else await expect(status).toHaveValue('in_progress');
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      await expectNoViolationsInBothSchemes(page, `tasks, table at ${label}`);

      // --- Kanban and calendar honour the filter, and fit the screen too.
      await page.keyboard.press('1');
      await expectView(page, 'Kanban', 'kanban');
      await expect(
        column(page, 'En cours').getByRole('article', { name: titleOf(16), exact: true }),
      ).toBeAttached();
      await expect(page.getByRole('heading', { level: 2, name: 'À faire (15 tâches)' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'En cours (1 tâche)' })).toBeAttached();
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      await expectNoViolationsInBothSchemes(page, `tasks, kanban at ${label}`);
      await page.keyboard.press('3');
      await expectView(page, 'Calendrier', 'calendar');
      if (phone) await expect(page.getByText('Aucune échéance ce mois-ci.')).toBeVisible();
      else await expect(page.getByRole('table').locator('caption')).toBeVisible();
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      await expectNoViolationsInBothSchemes(page, `tasks, calendar at ${label}`);
    });
  });
}
