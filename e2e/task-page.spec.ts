import type { Page } from '@playwright/test';
import { chooseScheme, expectNoViolationsInBothSchemes } from './support/axe.ts';
import type { Member } from './support/members.ts';
import { expect, expectDashboard, signIn, test } from './support/test.ts';
import { apiAs, batchSent, uniqueName } from './support/work.ts';

// Issue 35, a task's own page: opened from the board it is a panel beside it on a desk (the board stays
// underneath, Esc closes it), a page with 'Retour' on a phone; the description is Markdown, shown
// rendered with safe links; a change shows in 'Historique'; an unknown task says so. Axe at 360 px touch
// and 1440 px, light and dark.

const UNKNOWN_TASK = '/tasks/6f1c1e4e-0000-4000-8000-000000000000';

async function taskOfOwn(page: Page, request: Parameters<typeof apiAs>[0], member: Member) {
  const api = await apiAs(request, member);
  const project = await api.createProject({
    name: uniqueName('Refonte du site'),
    description: 'Pour la page de tâche',
  });
  const task = await api.createTask({ title: uniqueName('Maquette de l’accueil'), project: project.id });
  await page.emulateMedia({ colorScheme: 'light' });
  await signIn(page, member);
  await expectDashboard(page, member);
  return { project, task };
}

test.describe('the task page at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('opened from the board: a panel beside it, Markdown description, a change in Historique, Esc closes', async ({
    page,
    request,
    member,
  }) => {
    // Four axe runs and several round trips through the outbox: longer than the default on a busy machine.
    test.setTimeout(75_000);
    const { project, task } = await taskOfOwn(page, request, member);
    await page.goto(`/tasks?view=kanban&project=${project.id}`);
    const cardLink = page.getByRole('article', { name: task.title }).getByRole('link', { name: task.title });
    await cardLink.click();

    await expect(page).toHaveURL(new RegExp(`/tasks/${task.id}$`));
    const panel = page.getByRole('complementary', { name: 'Tâche ouverte' });
    await expect(panel.getByRole('heading', { level: 2, name: task.title })).toBeVisible();
    // The board stays underneath, with its view and filter.
    await expect(page.getByRole('heading', { level: 1, name: 'Tâches' })).toBeVisible();
    await expect(
      page.getByRole('group', { name: 'Vue' }).getByRole('button', { name: 'Kanban' }),
    ).toHaveAttribute('aria-pressed', 'true');
    const history = panel.getByRole('region', { name: 'Historique' });
    await expect(history.getByText(`${member.username} a créé la tâche`)).toBeVisible();
    await expect(history.getByText(/^il y a \d+ [smhj] · \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toBeVisible();
    await expect(panel.getByText('Aucune description.')).toBeVisible();
    await expectNoViolationsInBothSchemes(page, 'task panel beside the board (1440 px)');

    // --- The description in Markdown: written, previewed, saved, shown rendered; no unsafe link.
    await panel.getByRole('button', { name: 'Modifier' }).click();
    const form = panel.getByRole('form', { name: 'Modifier' });
    await form
      .getByLabel('Description')
      .fill(
        '## Étapes\n\n- **Maquette** validée\n- [x] couleurs\n\nVoir [la charte](https://example.org/charte) et [ceci](javascript:alert(1)).',
      );
    await form.getByRole('tab', { name: 'Aperçu' }).click();
    await expect(form.getByRole('tab', { name: 'Aperçu' })).toHaveAttribute('aria-selected', 'true');
    await expect(form.locator('strong', { hasText: 'Maquette' })).toBeVisible();
    await expectNoViolationsInBothSchemes(page, 'task panel, description preview (1440 px)');
    const saved = batchSent(page);
    await form.getByRole('button', { name: 'Sauver' }).click();
    await saved;
    const description = panel.getByRole('region', { name: 'Description' });
    await expect(description.getByRole('heading', { name: 'Étapes' })).toBeVisible();
    await expect(description.locator('strong', { hasText: 'Maquette' })).toBeVisible();
    await expect(description.getByRole('checkbox')).toBeChecked();
    const link = description.getByRole('link', { name: 'la charte' });
    await expect(link).toHaveAttribute('href', 'https://example.org/charte');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    await expect(description.getByText('ceci', { exact: true })).toBeVisible();
    await expect(description.getByRole('link', { name: 'ceci' })).toHaveCount(0);

    // --- A field changed here goes through the outbox and shows in Historique, in French.
    const sent = batchSent(page);
    await panel
      .getByRole('combobox', { name: `Statut de « ${task.title} »` })
      .selectOption({ label: 'En cours' });
    await sent;
    await expect(history.getByText('Statut : À faire → En cours')).toBeVisible();
    await expect(
      history.getByRole('listitem').filter({ hasText: 'a modifié la tâche' }).first(),
    ).toContainText(member.username);
    // The board underneath has the card in its new column already.
    await expect(
      page.getByRole('region', { name: /^En cours \(/ }).getByRole('article', { name: task.title }),
    ).toBeVisible();

    // --- Esc closes the panel, back to the board as it was, the keyboard on the card's link.
    await panel.getByRole('heading', { level: 2, name: task.title }).click();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/tasks\\?view=kanban&project=${project.id}$`));
    await expect(
      page.getByRole('article', { name: task.title }).getByRole('link', { name: task.title }),
    ).toBeFocused();
  });

  test("an unknown task's address says 'Tâche introuvable.'", async ({ page, request, member }) => {
    await taskOfOwn(page, request, member);
    await page.goto(UNKNOWN_TASK);
    await expect(page.getByRole('heading', { level: 1, name: 'Tâche introuvable.' })).toBeVisible();
    await page.getByRole('button', { name: 'Retour' }).click();
    await expect(page).toHaveURL(/\/tasks$/);
  });
});

test.describe('the task page at 360 px, touch', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

  test("opened from the list it is a page with 'Retour', in dark too; an unknown task says so", async ({
    page,
    request,
    member,
  }) => {
    test.setTimeout(60_000);
    const { project, task } = await taskOfOwn(page, request, member);
    await chooseScheme(page, 'dark');
    await page.goto(`/tasks?view=list&project=${project.id}`);
    await page.getByRole('link', { name: task.title }).click();
    await expect(page).toHaveURL(new RegExp(`/tasks/${task.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: task.title })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Tâche ouverte' })).toHaveCount(0);
    await expect(
      page.getByRole('region', { name: 'Historique' }).getByText(`${member.username} a créé la tâche`),
    ).toBeVisible();
    await expectNoViolationsInBothSchemes(page, 'task page (360 px)');

    await page.getByRole('button', { name: 'Retour' }).click();
    await expect(page).toHaveURL(new RegExp(`/tasks\\?view=list&project=${project.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Tâches' })).toBeVisible();

    await page.goto(UNKNOWN_TASK);
    await expect(page.getByRole('heading', { level: 1, name: 'Tâche introuvable.' })).toBeVisible();
    await expectNoViolationsInBothSchemes(page, 'unknown task (360 px)');
  });
});
