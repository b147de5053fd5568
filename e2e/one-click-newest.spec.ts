// create-once.spec.ts's "one click, one thing" on the newest screens: a double click on 'Tout marquer
// comme lu', on the label picker's 'Créer l’étiquette « … »', on 'Ajouter une sous-tâche' and on
// 'Restaurer' makes one of each, counted on the server (the import's is in import-export.spec.ts, whose
// administrator has a server of its own).
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { bearer, createMember, dataOf, signInByApi, userIdOf, type Member } from './support/members.ts';
import { expect, expectDashboard, signIn, test } from './support/test.ts';
import { apiAs, uniqueName } from './support/work.ts';

test.use({ viewport: { width: 1440, height: 900 } });

/** The member's own reads and writes, as another device of theirs would make them. */
async function serverOf(request: APIRequestContext, member: Member) {
  const headers = bearer((await signInByApi(request, member)).token);
  const get = async <T>(path: string) => dataOf<T>(await request.get(path, { headers }));
  return {
    unread: async () => (await get<{ unread: number }>('/api/notifications')).unread,
    labelsNamed: async (name: string) =>
      (await get<Array<{ id: string; name: string }>>('/api/labels')).filter((label) => label.name === name),
    task: (id: string) => get<{ labels: string[] }>(`/api/tasks/${id}`),
    subTasks: (id: string) => get<Array<{ title: string }>>(`/api/tasks?parent=${id}`),
    restores: async (id: string) =>
      (await get<{ items: Array<{ kind: string }> }>(`/api/tasks/${id}/activity`)).items.filter(
        (entry) => entry.kind === 'restored',
      ).length,
    deleteTask: async (id: string) =>
      expect((await request.delete(`/api/tasks/${id}`, { headers })).ok()).toBe(true),
  };
}

/** The requests the page sends that match, as they leave. */
function sent(page: Page, method: string, url: RegExp): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === method && url.test(request.url())) requests.push(request);
  });
  return requests;
}

/** The page has nothing left to send: 'En ligne', not 'Envoi…' (the outbox is empty). */
const settled = (page: Page) =>
  expect(page.getByRole('status', { name: 'État de la connexion' })).toHaveText('En ligne', {
    timeout: 20_000,
  });

async function signedIn(page: Page, member: Member) {
  await signIn(page, member);
  await expectDashboard(page, member);
}

test('a double click on ‘Tout marquer comme lu’ reads everything once', async ({
  page,
  request,
  member: bob,
}) => {
  const alice = await createMember(request, { username: uniqueName('Alice') });
  const alices = await apiAs(request, alice);
  const project = await alices.createProject({ name: uniqueName('Salon'), description: '' });
  const bobId = await userIdOf(request, bob);
  for (const title of ['Imprimer les badges', 'Réserver le traiteur'])
    await alices.createTask({ title: uniqueName(title), project: project.id, assignee: bobId });
  const server = await serverOf(request, bob);
  expect(await server.unread()).toBe(2);
  await signedIn(page, bob);
  await page.goto('/notifications');
  await expect(page.getByRole('link', { name: /^Non lue : / })).toHaveCount(2);

  const readAll = sent(page, 'POST', /\/api\/notifications\/read-all$/);
  const readOne = sent(page, 'POST', /\/api\/notifications\/[^/]+\/read$/);
  await page.getByRole('button', { name: 'Tout marquer comme lu' }).dblclick();
  await expect(page.getByRole('link', { name: /^Non lue : / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Tout marquer comme lu' })).toHaveCount(0);
  await expect.poll(() => server.unread()).toBe(0);
  expect(readAll).toHaveLength(1);
  expect(readOne).toHaveLength(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a double click on the picker’s ‘Créer l’étiquette’ makes one label, on the task once', async ({
  page,
  request,
  member,
}) => {
  const api = await apiAs(request, member);
  const project = await api.createProject({ name: uniqueName('Salon'), description: '' });
  const task = await api.createTask({ title: uniqueName('Réserver le stand'), project: project.id });
  const server = await serverOf(request, member);
  const name = uniqueName('Client');
  await signedIn(page, member);
  await page.goto(`/tasks/${task.id}`);

  const field = page.getByRole('combobox', { name: 'Étiquettes' });
  await field.click();
  await field.pressSequentially(name);
  await page
    .getByRole('listbox', { name: 'Étiquettes proposées' })
    .getByRole('option', { name: `Créer l’étiquette « ${name} »` })
    .dblclick();
  await expect(page.getByRole('list', { name: 'Étiquettes choisies' }).getByRole('listitem')).toHaveCount(1);
  await settled(page);
  await expect.poll(async () => (await server.labelsNamed(name)).length).toBe(1);
  const [label] = await server.labelsNamed(name);
  await expect.poll(async () => (await server.task(task.id)).labels).toEqual([label!.id]);
  await page.goto('/sync');
  await expect(page.getByText('Aucune modification en attente.')).toBeVisible();
});

test('a double click on ‘Ajouter une sous-tâche’ adds one sub-task', async ({ page, request, member }) => {
  const api = await apiAs(request, member);
  const project = await api.createProject({ name: uniqueName('Stand'), description: '' });
  const parent = await api.createTask({ title: uniqueName('Monter le stand'), project: project.id });
  const server = await serverOf(request, member);
  await signedIn(page, member);
  await page.goto(`/tasks/${parent.id}`);

  const section = page.getByRole('region', { name: /Sous-tâches/ });
  await section.getByRole('textbox', { name: 'Ajouter une sous-tâche' }).fill('Réserver le camion');
  await section.getByRole('button', { name: 'Ajouter une sous-tâche' }).dblclick();
  await expect(section.getByRole('checkbox', { name: '« Réserver le camion » terminée' })).toHaveCount(1);
  await settled(page);
  await expect
    .poll(async () => (await server.subTasks(parent.id)).map((task) => task.title))
    .toEqual(['Réserver le camion']);
  await expect(section.getByRole('checkbox')).toHaveCount(1);
});

test('a double click on ‘Restaurer’ restores the task once', async ({
  page,
  request,
  member,
  allowFailedRequest,
}) => {
  // The open page's sections read the task again as it is deleted (task-restore.spec.ts says why).
  allowFailedRequest(404, /\/api\/tasks\/[0-9a-f-]+\/(attachments|activity)/);
  const api = await apiAs(request, member);
  const project = await api.createProject({ name: uniqueName('Salon'), description: '' });
  const task = await api.createTask({ title: uniqueName('Monter le stand'), project: project.id });
  const server = await serverOf(request, member);
  await signedIn(page, member);
  await page.goto(`/tasks/${task.id}`);
  await expect(page.getByRole('heading', { name: task.title })).toBeVisible();
  await server.deleteTask(task.id);
  await expect(page.getByRole('heading', { name: 'Tâche introuvable.' })).toBeVisible();

  const restores = sent(page, 'POST', /\/api\/tasks\/[^/]+\/restore$/);
  await page.getByRole('button', { name: 'Restaurer' }).dblclick();
  await expect(page.getByRole('heading', { name: task.title })).toBeVisible();
  expect(await server.restores(task.id)).toBe(1);
  expect(restores).toHaveLength(1);
  await expect(page.getByRole('alert')).toHaveCount(0);
});
