import type { Page } from '@playwright/test';
import { chooseScheme, expectNoViolationsInBothSchemes } from './support/axe.ts';
import { expect, expectDashboard, signIn, test } from './support/test.ts';
import { apiAs, batchSent, uniqueName } from './support/work.ts';

// Issue 37 in the web app: two tasks labelled with the task page's picker (one label made on the fly,
// then chosen), /tasks filtered by it, and the filter kept across a reload (1440 px); a task broken into
// three sub-tasks on its page, ticked off, and '3/3' on its kanban card (360 px, touch). Axe in light and
// dark on each screen.

/** Types into the task page's label picker and takes the active option with Enter, as a keyboard user. */
async function chooseLabel(page: Page, text: string, option: string) {
  const field = page.getByRole('combobox', { name: 'Étiquettes' });
  await field.click();
  await field.pressSequentially(text);
  const active = page
    .getByRole('listbox', { name: 'Étiquettes proposées' })
    .getByRole('option', { name: option });
  await expect(active).toHaveAttribute('aria-selected', 'true');
  const sent = batchSent(page);
  await page.keyboard.press('Enter');
  expect((await sent).ok()).toBe(true);
  await expect(page.getByRole('list', { name: 'Étiquettes choisies' })).toContainText(text);
}

test.describe('labels at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('labels two tasks, filters /tasks by the label, and keeps the filter across a reload', async ({
    page,
    request,
    member,
  }) => {
    test.setTimeout(120_000);
    const api = await apiAs(request, member);
    const project = await api.createProject({ name: uniqueName('Salon'), description: '' });
    const [first, second, other] = await Promise.all(
      ['Réserver le stand', 'Imprimer les affiches', 'Envoyer les invitations'].map((title) =>
        api.createTask({ title: uniqueName(title), project: project.id }),
      ),
    );
    const name = uniqueName('Client');
    await signIn(page, member);
    await expectDashboard(page, member);
    await chooseScheme(page, 'light');

    await page.goto(`/tasks/${first!.id}`);
    await chooseLabel(page, name, `Créer l’étiquette « ${name} »`);
    await expectNoViolationsInBothSchemes(page, 'task page with its labels (1440 px)');
    await page.goto(`/tasks/${second!.id}`);
    await chooseLabel(page, name, name);

    await page.goto('/tasks?view=list');
    const filter = page.getByRole('combobox', { name: 'Étiquette', exact: true });
    await filter.selectOption({ label: name });
    await expect(page).toHaveURL(/[?&]label=[0-9a-f-]{36}/);
    const table = page.getByRole('table', { name: 'Liste' });
    await expect(table.getByRole('row', { name: first!.title })).toBeVisible();
    await expect(table.getByRole('row', { name: second!.title })).toBeVisible();
    await expect(table.getByRole('row', { name: other!.title })).toHaveCount(0);
    await expect(
      table.getByRole('row', { name: first!.title }).getByRole('list', { name: 'Étiquettes' }),
    ).toHaveText(name);
    await expect(table.getByRole('columnheader', { name: 'Étiquettes' })).toBeVisible();

    await page.reload();
    await expect(filter).toHaveValue(/[0-9a-f-]{36}/);
    await expect(filter.locator('option:checked')).toHaveText(name);
    await expect(table.getByRole('row', { name: second!.title })).toBeVisible();
    await expect(table.getByRole('row', { name: other!.title })).toHaveCount(0);
    await expectNoViolationsInBothSchemes(page, '/tasks filtered by a label (1440 px)');
  });
});

test.describe('sub-tasks at 360 px, touch', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test('breaks a task into three sub-tasks, ticks them off, and sees 3/3 on its card', async ({
    page,
    request,
    member,
  }) => {
    test.setTimeout(120_000);
    const api = await apiAs(request, member);
    const project = await api.createProject({ name: uniqueName('Stand'), description: '' });
    const parent = await api.createTask({ title: uniqueName('Monter le stand'), project: project.id });
    await signIn(page, member);
    await expectDashboard(page, member);
    await chooseScheme(page, 'dark');

    await page.goto(`/tasks/${parent.id}`);
    const section = page.getByRole('region', { name: /Sous-tâches/ });
    const field = section.getByRole('textbox', { name: 'Ajouter une sous-tâche' });
    await field.tap();
    for (const title of ['Réserver le camion', 'Charger les cloisons', 'Poser l’enseigne']) {
      await field.fill(title);
      await page.keyboard.press('Enter');
      await expect(field).toHaveValue('');
      await expect(section.getByRole('checkbox', { name: `« ${title} » terminée` })).toBeVisible();
    }
    await expect(section.getByRole('img', { name: '0 sous-tâche terminée sur 3' })).toHaveText('0/3');
    await expectNoViolationsInBothSchemes(page, 'task page with its sub-tasks (360 px)');
    for (const box of await section.getByRole('checkbox').all()) await box.tap();
    await expect(section.getByRole('img', { name: '3 sous-tâches terminées sur 3' })).toHaveText('3/3');
    await expect(section.getByText('En attente')).toHaveCount(0);

    await page.goto(`/projects/${project.id}?view=kanban`);
    const card = page.getByRole('article', { name: parent.title });
    await expect(card.getByRole('img', { name: '3 sous-tâches terminées sur 3' })).toHaveText('3/3');
    await expectNoViolationsInBothSchemes(page, 'a parent’s card with 3/3 (360 px)');
  });
});
