import { randomUUID } from 'node:crypto';
import { request as apiRequest, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoViolationsInBothSchemes } from './support/axe.ts';
import { bearer, createMember, dataOf, signInByApi, type Member } from './support/members.ts';
import { startOwnServer, type OwnServer } from './support/own-server.ts';
import { expect, expectDashboard, signIn, test } from './support/test.ts';
import { apiAs, type ProjectRef } from './support/work.ts';

// Issue 40, a big project kept small for CI: 2,000 tasks on a server of the file's own (the shared one
// would hand those tasks to every other journey's device copy). Every view reaches its last task, the
// last card of a long kanban column moves by keyboard, and the search finds a word of a description and
// of a comment, with and without accents.

const TASKS = 2_000;
/** Operations per sync batch, the protocol's most. */
const BATCH_SIZE = 50;
const titleOf = (n: number) => `Tâche n°${String(n).padStart(4, '0')}`;
const LAST = titleOf(TASKS);
/** A task whose description holds a word found by the search, and one whose comment does. */
const DESCRIBED = 1_234;
const COMMENTED = 777;

test.describe.configure({ mode: 'serial', timeout: 5 * 60_000 });

let server: OwnServer;
let api: APIRequestContext;
let marie: Member;
let project: ProjectRef;

test.beforeAll(async () => {
  test.setTimeout(5 * 60_000);
  const id = randomUUID().slice(0, 8);
  server = await startOwnServer({ email: `admin-grand-${id}@e2e.test`, password: 'Jalon admin grand 2026!' });
  api = await apiRequest.newContext({ baseURL: server.baseURL });
  marie = await createMember(api);
  const work = await apiAs(api, marie);
  project = await work.createProject({ name: 'Salon du livre', description: 'Deux mille tâches.' });
  // Deadlines over the days of the current month, so the calendar holds every task in one month; the
  // last task alone on the 28th, the month's last day with a deadline.
  const now = new Date();
  const deadlineOf = (n: number) =>
    new Date(now.getFullYear(), now.getMonth(), n === TASKS ? 28 : 1 + (n % 27), 12).toISOString();
  const ids = await createThroughSync(
    Array.from({ length: TASKS }, (_, index) => ({
      title: titleOf(index + 1),
      project: project.id,
      deadline: deadlineOf(index + 1),
      description: index + 1 === DESCRIBED ? 'Prévoir les rallonges électriques du stand.' : '',
    })),
  );
  await work.comment(ids[COMMENTED - 1]!, 'Le traiteur préfère une livraison à l’aube.');
});

/** The tasks created as a device sends them, 50 to a batch: 40 requests instead of 2,000. */
async function createThroughSync(tasks: Array<Record<string, unknown>>): Promise<string[]> {
  const headers = bearer((await signInByApi(api, marie)).token);
  const me = await dataOf<{ user: { id: string } }>(await api.get('/api/auth/me', { headers }));
  const clientId = randomUUID();
  const ids: string[] = [];
  for (let start = 0; start < tasks.length; start += BATCH_SIZE) {
    const operations = tasks.slice(start, start + BATCH_SIZE).map((data, offset) => ({
      seq: start + offset + 1,
      entity: 'task',
      op: 'upsert',
      // A device names what it creates with a `tmp-` id; the answer gives the server's.
      id: `tmp-${randomUUID()}`,
      version: 0,
      data,
    }));
    const answer = await dataOf<{ applied: Array<{ seq: number; id: string }>; conflicts: unknown[] }>(
      await api.post('/api/sync/batch', {
        headers,
        data: { schemaVersion: 1, clientId, userId: me.user.id, operations },
      }),
    );
    expect(answer.conflicts).toEqual([]);
    ids.push(...answer.applied.sort((a, b) => a.seq - b.seq).map((applied) => applied.id));
  }
  return ids;
}

test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
});

/** Signed in on the journey's server, on the project's tasks in one view. */
async function openProjectTasks(page: Page, view: 'list' | 'kanban' | 'calendar') {
  await page.goto(`${server.baseURL}/login`);
  await signIn(page, marie);
  await expectDashboard(page, marie);
  await page.goto(`${server.baseURL}/tasks?project=${project.id}&view=${view}`);
  await expect(page.getByText(`${TASKS} tâches`, { exact: true })).toBeVisible({ timeout: 30_000 });
}

/** Scrolls `scroller` (the page when null) to its end until `target` is in view: rows mount as they come. */
async function scrollUntilVisible(page: Page, target: ReturnType<Page['getByRole']>, scroller?: string) {
  await expect(async () => {
    await page.evaluate((selector) => {
      const element = selector ? document.querySelector(selector) : document.scrollingElement;
      element?.scrollTo({ top: element.scrollHeight });
    }, scroller ?? null);
    await expect(target).toBeInViewport({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

test.describe('at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the list and the calendar reach their last task; the last card of a long column moves by keyboard; the search finds a description and a comment', async ({
    page,
  }) => {
    await openProjectTasks(page, 'list');
    // Sorted by title as a person would, by its header: the last row is the last task.
    await page.getByRole('columnheader', { name: /Titre/ }).getByRole('button').click();
    await expect(page).toHaveURL(/[?&]sort=title/);
    await scrollUntilVisible(page, page.getByRole('row', { name: LAST, exact: true }));

    // The kanban: every task is 'À faire', one column of 2,000 cards, scrolled to its end.
    await page.getByRole('group', { name: 'Vue' }).getByRole('button', { name: 'Kanban' }).click();
    const todo = page.locator('section.kanban__column[data-status="todo"]');
    const cards = todo.locator('.kanban__cards');
    await expect(todo.getByRole('button', { name: /^Déplacer « / }).first()).toBeVisible();
    await expect(async () => {
      await cards.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
      const atEnd = await cards.evaluate(
        (element) => element.scrollTop + element.clientHeight >= element.scrollHeight - 2,
      );
      expect(atEnd).toBe(true);
    }).toPass({ timeout: 30_000 });
    // The column scrolled to its end mounts its last cards: the last in the page is the column's last.
    const lastMove = todo.getByRole('button', { name: /^Déplacer « / }).last();
    await lastMove.scrollIntoViewIfNeeded();
    await expect(lastMove).toBeInViewport();
    const lastTitle = /^Déplacer « (.+) » vers$/.exec((await lastMove.getAttribute('aria-label')) ?? '')?.[1];
    expect(lastTitle, 'the last card names its task').toBeTruthy();
    await lastMove.focus();
    await page.keyboard.press('Enter');
    const menu = todo.getByRole('menu', { name: `Déplacer « ${lastTitle} » vers` });
    await expect(menu.getByRole('menuitem', { name: 'Terminée' })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('status').filter({ hasText: `« ${lastTitle} » déplacée vers Terminée.` }),
    ).toBeAttached();
    await expect(
      page.locator('section.kanban__column[data-status="done"]').getByText(lastTitle!, { exact: true }),
    ).toBeVisible();

    // The calendar: the 28th holds the last task alone; the 1st, 74 tasks: three, then the rest on demand.
    await page.getByRole('group', { name: 'Vue' }).getByRole('button', { name: 'Calendrier' }).click();
    const now = new Date();
    const dayName = (day: number) =>
      new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric' }).format(
        new Date(now.getFullYear(), now.getMonth(), day),
      );
    const cell = (day: number) => page.getByRole('cell', { name: new RegExp(`^${dayName(day)}`) });
    await expect(cell(28).getByRole('link', { name: LAST, exact: true })).toBeVisible();
    await expect(cell(1).getByRole('link')).toHaveCount(3);
    await cell(1)
      .getByRole('button', { name: `Afficher les 71 autres tâches du ${dayName(1)}` })
      .click();
    await expect(cell(1).getByRole('link')).toHaveCount(74);
    await expectNoViolationsInBothSchemes(page, 'calendar of 2,000 tasks, a busy day opened (1440 px)');

    // The search: a word of a description, then of a comment, with and without accents.
    const search = page.getByRole('combobox', { name: 'Rechercher', exact: true });
    for (const words of ['électriques', 'electriques']) {
      await search.fill(words);
      await expect(page.getByRole('option', { name: `Ouvrir la tâche ${titleOf(DESCRIBED)}` })).toBeVisible();
    }
    for (const words of ['préfère', 'prefere']) {
      await search.fill(words);
      await expect(
        page.getByRole('group', { name: 'Commentaires' }).getByRole('option', {
          name: `Ouvrir la tâche ${titleOf(COMMENTED)}`,
        }),
      ).toBeVisible();
    }
  });
});

test.describe('at 360 px, touch', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test("the calendar's agenda and the list reach their last task", async ({ page }) => {
    await openProjectTasks(page, 'calendar');
    // The agenda lists the month's days one under the other: the last task is on the last of them.
    const agenda = page.getByRole('list', { name: 'Échéances du mois' });
    await expect(agenda).toBeVisible();
    await scrollUntilVisible(page, agenda.getByRole('link', { name: LAST, exact: true }));

    await page.goto(`${server.baseURL}/tasks?project=${project.id}&view=list&sort=title`);
    await scrollUntilVisible(page, page.getByRole('row', { name: LAST, exact: true }));
  });
});
