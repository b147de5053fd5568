import type { Page } from '@playwright/test';
import { expectNoViolationsInBothSchemes } from './support/axe.ts';
import { expect, expectDashboard, signIn, test } from './support/test.ts';
import { apiAs, uniqueName } from './support/work.ts';

// Issue 19 on a phone (360 × 740, touch), light and dark: the outbox on /sync while offline, then the
// 'Conflits' panel with a real conflict (this browser and the API retitle one task while the browser is
// offline). Axe is clean and the page never scrolls sideways, long titles included.

test.use({ serviceWorkers: 'allow', viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

const taskRow = (page: Page, title: string) => page.getByRole('row', { name: title, exact: true });

/** The page itself never scrolls sideways at 360 px (its own parts may scroll inside themselves). */
async function expectNoSidewaysScroll(page: Page, screen: string) {
  // A mobile browser zooms out to fit a too-wide page, which would widen innerWidth and hide the overflow.
  expect(await page.evaluate(() => window.innerWidth), screen).toBe(360);
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
      message: screen,
    })
    .toBeLessThanOrEqual(0);
}

test("at 360 px: the outbox offline on /sync, then a conflict with the server in 'Conflits'", async ({
  page,
  context,
  request,
  member,
}) => {
  // Offline, back online, a conflict and its resolution, on a phone-sized loaded machine.
  test.setTimeout(90_000);
  await page.emulateMedia({ colorScheme: 'light' });
  const api = await apiAs(request, member);
  const project = await api.createProject({ name: uniqueName('Téléphone'), description: 'Dans le train.' });
  // A pasted address: one long word that a narrow screen must wrap.
  const title = `${uniqueName('Relire')} https://exemple.fr/documents/compte-rendu-de-la-reunion-de-chantier-numero-42`;
  const task = await api.createTask({ title, project: project.id });
  await signIn(page, member);
  await expectDashboard(page, member);
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');

  await page.goto('/tasks');
  await expect(taskRow(page, title)).toBeVisible();
  await context.setOffline(true);
  const mine = `${title} (ici)`;
  const row = taskRow(page, title);
  await row.getByRole('button', { name: 'Modifier' }).tap();
  await row.getByRole('form', { name: 'Modifier' }).getByLabel('Titre').fill(mine);
  await row.getByRole('button', { name: 'Sauver' }).tap();
  await expect(taskRow(page, mine).getByText('En attente', { exact: true })).toBeVisible();

  // The outbox, offline: the waiting change with its state.
  await page.goto('/sync');
  await expect(page.getByRole('heading', { level: 1, name: 'Synchronisation' })).toBeVisible();
  await expect(
    page.getByRole('listitem').filter({ hasText: `Modification · Tâche « ${mine} »` }),
  ).toBeVisible();
  await expectNoSidewaysScroll(page, '/sync offline with a waiting change');
  await expectNoViolationsInBothSchemes(page, '/sync offline at 360 px');

  // Meanwhile someone else retitles the task on the server: back online, the edit clashes.
  const theirs = `${title} (là-bas)`;
  await api.updateTask(task.id, { title: theirs });
  await context.setOffline(false);
  const panel = page.getByRole('complementary', { name: 'Conflits' });
  await expect(panel.getByText('1 modification en conflit à résoudre.')).toBeVisible({ timeout: 20_000 });
  const item = panel.getByRole('listitem');
  await expect(item.getByRole('row', { name: `Titre ${mine} ${theirs}` })).toBeVisible();
  // The long values wrap; the column and field names stay whole words on one line each.
  for (const name of ['Champ', 'Ma version', 'Serveur', 'Titre']) {
    const lines = await item
      .locator('th')
      .filter({ hasText: new RegExp(`^${name}$`) })
      .evaluate((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      });
    expect(lines, `${name} on one line`).toBe(1);
  }
  await expectNoSidewaysScroll(page, "/sync and the 'Conflits' panel with one conflict");
  await expectNoViolationsInBothSchemes(page, "'Conflits' panel at 360 px");

  // The merge form is the widest part: it stays inside the screen too.
  await item.getByRole('button', { name: 'Fusionner…' }).tap();
  await expect(item.getByRole('group', { name: 'Titre' })).toBeVisible();
  await expectNoSidewaysScroll(page, "the 'Conflits' panel's merge editor");
  await expectNoViolationsInBothSchemes(page, 'merge editor at 360 px');
  await item.getByRole('button', { name: 'Annuler' }).tap();

  await item.getByRole('button', { name: 'Garder la version du serveur' }).tap();
  await expect(panel).toHaveCount(0);
  await page.goto('/tasks');
  await expect(taskRow(page, theirs)).toBeVisible();
  expect((await api.listTasks()).find((candidate) => candidate.id === task.id)?.title).toBe(theirs);
});
