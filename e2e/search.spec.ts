import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoViolationsInBothSchemes } from './support/axe.ts';
import type { Member } from './support/members.ts';
import { expect, expectDashboard, signIn, test } from './support/test.ts';
import { apiAs } from './support/work.ts';

// Issue 40, the search: 'Rechercher' in the shell finds a task by a word of its description, with and
// without its accents ('élément' finds 'éléments', so does 'elements'), marks the word, and opens the
// task's page. `/` focuses it on a desk; on a phone the top bar's button opens it. Axe with the results
// open at 360 px touch and 1440 px, light and dark.

/** A word no other test writes: letters only, so the search reads it as one word. */
const uniqueWord = () =>
  `zq${randomUUID()
    .slice(0, 8)
    .replace(/[0-9]/g, (digit) => 'ghijklmnop'[Number(digit)]!)}`;

async function taskToFind(page: Page, request: APIRequestContext, member: Member) {
  const word = uniqueWord();
  const api = await apiAs(request, member);
  const project = await api.createProject({ name: `Entrepôt ${word}`, description: 'Le stock' });
  const task = await api.createTask({
    title: `Inventaire ${word}`,
    description: `Compter les éléments du rayon ${word} avant vendredi.`,
    project: project.id,
  });
  await page.emulateMedia({ colorScheme: 'light' });
  await signIn(page, member);
  await expectDashboard(page, member);
  return { word, task };
}

const searchField = (page: Page) => page.getByRole('combobox', { name: 'Rechercher', exact: true });

test.describe('the search at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('/ focuses it; a word of the description finds the task with or without accents, and opens it', async ({
    page,
    request,
    member,
  }) => {
    const { word, task } = await taskToFind(page, request, member);
    const option = page.getByRole('option', { name: `Ouvrir la tâche ${task.title}` });

    await page.keyboard.press('/');
    await expect(searchField(page)).toBeFocused();
    await page.keyboard.type(`élément ${word}`);
    await expect(option).toBeVisible();
    await expect(page.getByRole('group', { name: 'Tâches' })).toBeVisible();
    await expect(option.locator('.search-box__excerpt mark').first()).toHaveText('éléments');
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await expect(searchField(page)).toHaveAttribute(
      'aria-activedescendant',
      (await option.getAttribute('id'))!,
    );
    await expectNoViolationsInBothSchemes(page, 'search results (1440 px)');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/tasks/${task.id}$`));
    await expect(page.getByRole('heading', { level: 2, name: task.title })).toBeVisible();

    // Without its accents, by pointer this time.
    await searchField(page).fill(`elements ${word}`);
    await option.click();
    await expect(page).toHaveURL(new RegExp(`/tasks/${task.id}$`));
    await expect(searchField(page)).toHaveValue('');

    await searchField(page).fill(`introuvable ${word}`);
    await expect(page.getByText('Aucun résultat.')).toBeVisible();
  });
});

test.describe('the search at 360 px, touch', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

  test("the top bar's button opens it; a word without accents finds the task, which opens", async ({
    page,
    request,
    member,
  }) => {
    const { word, task } = await taskToFind(page, request, member);
    await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Rechercher' });
    await expect(searchField(page)).toBeFocused();
    await page.keyboard.type(`elements ${word}`);
    const option = dialog.getByRole('option', { name: `Ouvrir la tâche ${task.title}` });
    await expect(option).toBeVisible();
    await expect(option.locator('.search-box__excerpt mark').first()).toHaveText('éléments');
    await expectNoViolationsInBothSchemes(page, 'search results (360 px)');
    await option.tap();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/tasks/${task.id}$`));
    await expect(page.getByRole('heading', { name: task.title })).toBeVisible();
  });
});
