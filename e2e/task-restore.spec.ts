import type { APIRequestContext, Page } from '@playwright/test';
import { chooseScheme, expectNoViolationsInBothSchemes, type Scheme } from './support/axe.ts';
import { bearer, dataOf, signInByApi, type Member } from './support/members.ts';
import { expect, expectDashboard, signIn, test } from './support/test.ts';
import { apiAs, uniqueName } from './support/work.ts';

// Issues 35 and 37: a task deleted while its page is open says 'Tâche introuvable.' and offers
// 'Restaurer' to whoever may delete it; restored, it comes back with its comment and the sub-task deleted
// with it. At 1440 px and at 360 px touch, light and dark, axe.

/** A task with a comment and a sub-task, made through the API: the member on another device. */
async function taskWithFamily(request: APIRequestContext, member: Member) {
  const api = await apiAs(request, member);
  const headers = bearer((await signInByApi(request, member)).token);
  const project = await api.createProject({ name: uniqueName('Salon'), description: '' });
  const task = await api.createTask({ title: uniqueName('Monter le stand'), project: project.id });
  const subTask = await dataOf<{ id: string; title: string }>(
    await request.post('/api/tasks', {
      headers,
      data: { title: uniqueName('Réserver le camion'), project: project.id, parent: task.id },
    }),
  );
  await request.post(`/api/tasks/${task.id}/comments`, { headers, data: { body: 'Le devis est signé.' } });
  const remove = async () =>
    expect((await request.delete(`/api/tasks/${task.id}`, { headers })).ok()).toBe(true);
  return { task, subTask, remove };
}

/**
 * The open page's sections (files, history) read the task again on the event of its deletion, before the
 * device's copy drops it: the server answers 404, which the page shows as the deleted task.
 */
function allowDeletedTaskReads(allow: (status: number, url: RegExp) => void) {
  allow(404, /\/api\/tasks\/[0-9a-f-]+\/(attachments|activity)/);
}

async function deleteAndRestore(
  page: Page,
  request: APIRequestContext,
  member: Member,
  { scheme, touch }: { scheme: Scheme; touch: boolean },
) {
  const { task, subTask, remove } = await taskWithFamily(request, member);
  await signIn(page, member);
  await expectDashboard(page, member);
  await chooseScheme(page, scheme);
  await page.goto(`/tasks/${task.id}`);
  const thread = page.getByRole('region', { name: 'Commentaires' });
  await expect(thread.getByText('Le devis est signé.')).toBeVisible();

  // Deleted elsewhere: the event stream brings the deletion to the open page.
  await remove();
  await expect(page.getByRole('heading', { name: 'Tâche introuvable.' })).toBeVisible();
  await expect(page.getByText(`La tâche « ${task.title} » a été supprimée.`)).toBeVisible();
  await expectNoViolationsInBothSchemes(page, `deleted task page (${page.viewportSize()!.width} px)`);

  const restore = page.getByRole('button', { name: 'Restaurer' });
  if (touch) await restore.tap();
  else await restore.click();
  await expect(page.getByRole('heading', { name: task.title })).toBeVisible();
  await expect(thread.getByText('Le devis est signé.')).toBeVisible();
  await page.goto(`/tasks/${subTask.id}`);
  await expect(page.getByRole('heading', { name: subTask.title })).toBeVisible();
}

test.describe('restoring a task at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a task deleted while open comes back with its comment and sub-task (light)', async ({
    page,
    request,
    member,
    allowFailedRequest,
  }) => {
    test.setTimeout(90_000);
    allowDeletedTaskReads(allowFailedRequest);
    await deleteAndRestore(page, request, member, { scheme: 'light', touch: false });
  });
});

test.describe('restoring a task at 360 px, touch', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test('a task deleted while open comes back with its comment and sub-task (dark)', async ({
    page,
    request,
    member,
    allowFailedRequest,
  }) => {
    test.setTimeout(90_000);
    allowDeletedTaskReads(allowFailedRequest);
    await deleteAndRestore(page, request, member, { scheme: 'dark', touch: true });
  });
});
