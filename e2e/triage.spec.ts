// Issue 32: triage on a phone (360 x 740, touch) and a readable task table on a desk (1440 x 900). The
// tasks come first on a phone: six rows in the first screen, the page itself scrolls (no list in a box of
// its own), a row's status changes with one tap, creation waits behind 'Nouvelle tâche'.
import type { Page } from '@playwright/test';
import { expectNoViolationsInBothSchemes } from './support/axe.ts';
import { counter, seedProject } from './support/dashboard.ts';
import type { Member } from './support/members.ts';
import { expectNoPageOverflow, expectTouchTargets } from './support/screen-checks.ts';
import { expect, expectDashboard, signIn, test } from './support/test.ts';
import { apiAs } from './support/work.ts';

const PHONE = { width: 360, height: 740 };

const eightTasks = (request: Parameters<typeof seedProject>[0], member: Parameters<typeof seedProject>[1]) =>
  seedProject(request, member, {
    prefix: 'Tri',
    projectInDays: 20,
    tasks: Array.from({ length: 8 }, (_, index) => ({
      status: 'todo' as const,
      priority: 'medium' as const,
      progress: 0,
      inDays: index % 2 === 0 ? 5 + index : null,
    })),
  });

/**
 * The task rows whose whole box is in the first screen: of the page itself (/tasks), or of the list, scrolled
 * to its top just under the phone's top bar (a project's page, whose details come first).
 */
async function rowsInFirstScreen(page: Page, from: 'page' | 'list'): Promise<number> {
  await expect(page.getByRole('table', { name: 'Liste' }).getByRole('row').nth(1)).toBeVisible();
  // Other tests' members share the workspace: what they changed meanwhile may head the page, until closed.
  const digest = page.getByRole('region', { name: 'Pendant votre absence…' });
  if (await digest.isVisible()) await digest.getByRole('button', { name: 'Fermer le résumé' }).tap();
  await page.evaluate((from) => {
    const table = document.querySelector('[role="table"]')!;
    const bar = document.querySelector('.top-bar')!.getBoundingClientRect().bottom;
    window.scrollTo(0, from === 'page' ? 0 : table.getBoundingClientRect().top + window.scrollY - bar);
  }, from);
  const count = () =>
    page.evaluate((height) => {
      const bar = document.querySelector('.top-bar')!.getBoundingClientRect().bottom;
      return [...document.querySelectorAll('[role="row"][aria-rowindex]')]
        .filter((row) => row.getAttribute('aria-rowindex') !== '1')
        .filter((row) => {
          const box = row.getBoundingClientRect();
          return box.height > 0 && box.top >= bar && box.bottom <= height;
        }).length;
    }, PHONE.height);
  // The page scrolled, the virtualizer mounts the rows now in view in its next frame.
  await expect.poll(count).toBeGreaterThanOrEqual(6);
  return count();
}

/** Signs the member in as a person does, then opens `path`. */
async function signedInAt(page: Page, member: Member, path: string) {
  await signIn(page, member);
  await expectDashboard(page, member);
  await page.goto(path);
}

/** Elements of the page that scroll vertically on their own, beyond the page's own scroll. */
const innerScrollBoxes = (page: Page) =>
  page.locator('main').evaluate((main) =>
    [main, ...main.querySelectorAll('*')]
      .filter((element) => {
        const overflow = getComputedStyle(element).overflowY;
        return (
          (overflow === 'auto' || overflow === 'scroll') && element.scrollHeight > element.clientHeight + 1
        );
      })
      .map((element) => element.className || element.tagName),
  );

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test("/tasks shows six tasks in its first screen, scrolls as a page, changes a status in one tap; creation behind 'Nouvelle tâche'", async ({
    page,
    request,
    member,
  }) => {
    const seeded = await eightTasks(request, member);
    await signedInAt(page, member, `/tasks?project=${seeded.project.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Tâches' })).toBeVisible();

    expect(await rowsInFirstScreen(page, 'page')).toBeGreaterThanOrEqual(6);
    expect(await innerScrollBoxes(page)).toEqual([]);

    // One tap on the status moves the task to the next one; the server gets it.
    const first = seeded.tasks[0]!;
    const row = page.getByRole('row', { name: first.title, exact: true });
    await row
      .getByRole('button', { name: `Statut de « ${first.title} » : À faire. Passer à En cours` })
      .tap();
    await expect(row.getByRole('button', { name: /Statut de .* : En cours\./ })).toBeVisible();
    const api = await apiAs(request, member);
    await expect
      .poll(async () => (await api.listTasks()).find((task) => task.id === first.id)?.status)
      .toBe('in_progress');

    // The form to create a task waits behind its button.
    await expect(page.getByLabel('Titre', { exact: true })).toBeHidden();
    const open = page.getByRole('button', { name: 'Nouvelle tâche' });
    await expect(open).toHaveAttribute('aria-expanded', 'false');
    await open.tap();
    await expect(open).toHaveAttribute('aria-expanded', 'true');
    await expectTouchTargets(page, '/tasks, rows and its creation form');
    await expectNoPageOverflow(page, '/tasks, rows and its creation form');
    await expectNoViolationsInBothSchemes(page, '/tasks on a phone, creation form open');
  });

  test("a project's list shows six tasks in a screen, in the page's own scroll", async ({
    page,
    request,
    member,
  }) => {
    const seeded = await eightTasks(request, member);
    await signedInAt(page, member, `/projects/${seeded.project.id}?view=list`);
    await expect(page.getByRole('heading', { level: 1, name: seeded.project.name })).toBeVisible();
    expect(await rowsInFirstScreen(page, 'list')).toBeGreaterThanOrEqual(6);
    expect(await innerScrollBoxes(page)).toEqual([]);
    await expectTouchTargets(page, "a project's task rows");
    await expectNoViolationsInBothSchemes(page, "a project's page on a phone");
    await page.getByRole('button', { name: 'Modifier le projet' }).tap();
    await expect(page.getByRole('form', { name: 'Modifier le projet' })).toBeVisible();
    await expectTouchTargets(page, "a project's edit form");
    await expectNoPageOverflow(page, "a project's edit form");
    await expectNoViolationsInBothSchemes(page, "a project's edit form on a phone");
  });

  test("the audit journal's rows are stacked, every value inside the screen", async ({ page, member }) => {
    await signedInAt(page, member, '/security');
    await page
      .getByRole('tablist', { name: 'Rubriques de sécurité' })
      .getByRole('tab', { name: "Journal d'audit", exact: true })
      .tap();
    const table = page.getByRole('table', { name: "Entrées du journal d'audit, les plus récentes d'abord" });
    await expect(table.locator('tbody tr').filter({ hasText: 'auth.login.succeeded' }).first()).toBeVisible();
    const pastTheEdge = await table
      .locator('tbody td')
      .evaluateAll(
        (cells, width) =>
          cells.filter((cell) => cell.getBoundingClientRect().right > width).map((cell) => cell.textContent),
        PHONE.width,
      );
    expect(pastTheEdge).toEqual([]);
    await expectNoPageOverflow(page, 'the audit journal on a phone');
    await expectNoViolationsInBothSchemes(page, 'the audit journal on a phone');
  });

  test("the dashboard's first screen shows its four counters", async ({ page, member }) => {
    await signIn(page, member);
    await expectDashboard(page, member);
    for (const name of ['Projets', 'Tâches actives', 'Prioritaires', 'En retard']) {
      const box = await counter(page, name).boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.y + box!.height, `${name} in the first screen`).toBeLessThanOrEqual(PHONE.height);
    }
  });
});

test.describe('on a desk', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("a project's name, description and deadline are edited on its page and reach the server", async ({
    page,
    request,
    member,
  }) => {
    const api = await apiAs(request, member);
    const project = await api.createProject({
      name: `Projet à renommer ${Date.now()}`,
      description: 'Avant.',
    });
    await signedInAt(page, member, `/projects/${project.id}`);
    await expect(page.getByRole('heading', { level: 1, name: project.name })).toBeVisible();
    await page.getByRole('button', { name: 'Modifier le projet' }).click();
    const form = page.getByRole('form', { name: 'Modifier le projet' });
    await expectNoViolationsInBothSchemes(page, "a project's edit form at 1440 px");
    const renamed = `${project.name} (renommé)`;
    await form.getByLabel('Nom').fill(renamed);
    await form.getByLabel('Description').fill('Après.');
    await form.getByLabel('Échéance').fill('2030-04-15');
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
    await expect(page.getByText('15 avril 2030')).toBeVisible();
    await expect
      .poll(async () => (await api.listProjects()).find((row) => row.id === project.id))
      .toMatchObject({ name: renamed, description: 'Après.' });
  });

  test('the /tasks table shows a 60-character title whole, and the full text of what it ellipses on hover and focus', async ({
    page,
    request,
    member,
  }) => {
    const api = await apiAs(request, member);
    const project = await api.createProject({
      name: `Projet au nom assez long pour ne pas tenir ${Date.now()}`,
      description: 'Un tableau lisible.',
    });
    const title = 'Préparer la revue trimestrielle des indicateurs de charge n1';
    expect(title).toHaveLength(60);
    await api.createTask({
      title,
      project: project.id,
      description: 'Une description qui prendrait la place du titre.',
    });
    await signedInAt(page, member, `/tasks?project=${project.id}`);
    const row = page.getByRole('row', { name: title, exact: true });
    const shown = row.getByText(title, { exact: true });
    await expect(shown).toBeVisible();
    expect(await shown.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    expect(await innerScrollBoxes(page)).toEqual([]);

    // The project's name, ellipsed, gives its full text on hover (title) and when focused.
    const projectName = row.getByText(project.name, { exact: true });
    await expect(projectName).toHaveAttribute('title', project.name);
    await projectName.focus();
    expect(await projectName.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await expectNoViolationsInBothSchemes(page, '/tasks table at 1440 px');
  });
});
