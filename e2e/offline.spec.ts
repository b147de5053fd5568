import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expectNoViolations } from './support/axe.ts';
import { createMember, type Member } from './support/members.ts';
import { expect, expectDashboard, signIn, test } from './support/test.ts';
import { apiAs, batchSent, uniqueName } from './support/work.ts';

// Issue 19: the person on a train. Edits made offline show at once ('En attente'), reach the server
// once the network is back, with `tmp-` ids replaced and nothing doubled; clashes between two browsers
// land in 'Conflits', where each of the four ways out works; the outbox survives a reload, one tab sends
// for all, and two people on one browser never see each other's pending changes.

// The service worker is what keeps the app's screens on a reload or a first visit to a screen offline.
test.use({ serviceWorkers: 'allow' });

const connection = (page: Page) => page.getByRole('status', { name: 'État de la connexion' });
const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name }).click();
const taskRow = (page: Page, title: string) => page.getByRole('row', { name: title, exact: true });
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

async function signedIn(page: Page, member: Member) {
  await signIn(page, member);
  await expectDashboard(page, member);
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
}

/** The page is online and its outbox is empty: everything this browser did is on the server. */
async function expectAllSent(page: Page) {
  await expect(connection(page)).toHaveText('En ligne', { timeout: 20_000 });
}

async function editTitle(page: Page, from: string, to: string) {
  const row = taskRow(page, from);
  await row.getByRole('button', { name: 'Modifier' }).click();
  const edit = row.getByRole('form', { name: 'Modifier' });
  await edit.getByLabel('Titre').fill(to);
  await edit.getByRole('button', { name: 'Sauver' }).click();
}

/** One project of the member's with one task in it (made through the API), and the task list open. */
async function oneTaskOnTasks(
  page: Page,
  request: APIRequestContext,
  member: Member,
  project: { name: string; description: string },
  task: { title: string; description?: string },
) {
  const api = await apiAs(request, member);
  const { id } = await api.createProject(project);
  const made = await api.createTask({ ...task, project: id });
  await signedIn(page, member);
  await nav(page, 'Tâches');
  // The person has seen the task before the network goes: the device holds what it showed.
  await expect(taskRow(page, task.title)).toBeVisible();
  return { api, task: made };
}

test('offline, a project and two tasks are made, edited and moved; back online they reach the server once', async ({
  page,
  context,
  request,
  member,
}) => {
  await signedIn(page, member);
  await nav(page, 'Projets');
  await expect(page.getByText(/^\d+ projets?$/)).toBeVisible();

  await context.setOffline(true);
  await expect(connection(page)).toContainText('Pas de connexion internet');

  // --- A project, created offline: it opens under its temporary id.
  const name = uniqueName('Chantier du train');
  await page.getByRole('button', { name: 'Nouveau Projet' }).click();
  const form = page.getByRole('form', { name: 'Nouveau projet' });
  await form.getByLabel('Nom').fill(name);
  await form.getByLabel('Description').fill('Préparé sans réseau.');
  await form.getByLabel('Échéance').fill(isoDay(new Date(Date.now() + 20 * 86_400_000)));
  await form.getByRole('button', { name: 'Créer le projet' }).click();
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name }) });
  await expect(card.getByText('En attente', { exact: true })).toBeVisible();
  await expect(connection(page)).toContainText('1 modification en attente');
  await card.getByRole('link', { name: 'Ouvrir' }).click();
  await expect(page).toHaveURL(/\/projects\/tmp-[0-9a-f-]{36}$/);

  // --- Two tasks in it, from its quick form.
  const [first, second] = [uniqueName('Relire le devis'), uniqueName('Appeler le client')];
  for (const title of [first, second]) {
    await page.getByLabel('Titre de la tâche').fill(title);
    await page.getByRole('button', { name: 'Ajouter' }).click();
    await expect(
      page.getByRole('region', { name: 'Tâches du projet' }).getByRole('row', { name: title, exact: true }),
    ).toBeVisible();
  }

  // --- One edited in the list, the other moved across the kanban.
  await nav(page, 'Tâches');
  const edited = `${first} (relu)`;
  await editTitle(page, first, edited);
  await expect(taskRow(page, edited).getByText('En attente', { exact: true })).toBeVisible();
  await page.keyboard.press('1');
  const column = (label: string) => page.getByRole('region', { name: new RegExp(`^${label} \\(`) });
  const secondCard = column('À faire').getByRole('article', { name: second, exact: true });
  await secondCard.getByRole('button', { name: `Déplacer « ${second} » vers` }).click();
  await secondCard.getByRole('menuitem', { name: 'En cours' }).click();
  await expect(column('En cours').getByRole('article', { name: second, exact: true })).toBeVisible();
  await expect(connection(page)).toContainText('modifications en attente');
  await expectNoViolations(page, 'kanban with pending edits, offline');

  // --- A reload, still offline: the shell and the data are there, edits still waiting.
  await page.reload();
  await expect(column('En cours').getByRole('article', { name: second, exact: true })).toBeVisible();
  await expect(
    column('À faire')
      .getByRole('article', { name: edited, exact: true })
      .getByText('En attente', { exact: true }),
  ).toBeVisible();
  await expect(connection(page)).toContainText('Pas de connexion internet');

  // --- Back online: sent, `tmp-` ids replaced, everything on the server once.
  const sent = batchSent(page);
  await context.setOffline(false);
  expect((await sent).ok()).toBe(true);
  await expectAllSent(page);
  await expect(page.getByText('En attente', { exact: true })).toHaveCount(0);

  const api = await apiAs(request, member);
  const projects = (await api.listProjects()).filter((project) => project.name === name);
  expect(projects).toHaveLength(1);
  const tasks = (await api.listTasks()).filter((task) => task.project === projects[0]!.id);
  expect(tasks.map((task) => [task.title, task.status]).sort()).toEqual(
    [
      [edited, 'todo'],
      [second, 'in_progress'],
    ].sort(),
  );

  await nav(page, 'Projets');
  await page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name }) })
    .getByRole('link', { name: 'Ouvrir' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/projects/${projects[0]!.id}$`));
});

/** A second browser of the same member, signed in, on /tasks. */
async function secondBrowser(context: BrowserContext, member: Member): Promise<Page> {
  const page = await context.newPage();
  await signedIn(page, member);
  await nav(page, 'Tâches');
  return page;
}

test('two browsers edit one task offline: the same field clashes once, each way out works; different fields merge', async ({
  page,
  browser,
  context,
  request,
  member,
}) => {
  // Four conflicts and a merge, each through two browsers going offline and back: long on a loaded machine.
  test.setTimeout(120_000);
  const title = uniqueName('Plan de charge');
  const { api, task } = await oneTaskOnTasks(
    page,
    request,
    member,
    { name: uniqueName('Conflits'), description: 'Deux appareils.' },
    { title, description: 'Version commune.' },
  );
  const otherContext = await browser.newContext();
  const other = await secondBrowser(otherContext, member);
  await expect(taskRow(other, title)).toBeVisible();

  const panel = page.getByRole('complementary', { name: 'Conflits' });
  let current = title;
  // Each round: both browsers retitle the task offline; the other browser's edit lands first.
  const clash = async (round: number) => {
    const mine = `${title} — ici ${round}`;
    const theirs = `${title} — là ${round}`;
    await context.setOffline(true);
    await otherContext.setOffline(true);
    await editTitle(page, current, mine);
    await editTitle(other, current, theirs);
    await otherContext.setOffline(false);
    await expectAllSent(other);
    await context.setOffline(false);
    await expect(panel.getByRole('heading', { name: 'Conflits' })).toBeVisible({ timeout: 20_000 });
    await expect(panel.getByText('1 modification en conflit à résoudre.')).toBeVisible();
    const item = panel.getByRole('listitem');
    await expect(item).toHaveCount(1);
    await expect(item.getByRole('row', { name: `Titre ${mine} ${theirs}` })).toBeVisible();
    return { mine, theirs, item };
  };

  // 1. 'Marquer résolu': the server's title stays.
  let round = await clash(1);
  await expectNoViolations(page, 'Conflits panel with one conflict');
  await round.item.getByRole('button', { name: 'Marquer résolu' }).click();
  await expect(panel).toHaveCount(0);
  current = round.theirs;
  await page.reload();
  await expect(taskRow(page, current)).toBeVisible();

  // 2. 'Garder la version du serveur': shown at once.
  round = await clash(2);
  await round.item.getByRole('button', { name: 'Garder la version du serveur' }).click();
  await expect(taskRow(page, round.theirs)).toBeVisible();
  current = round.theirs;

  // 3. 'Renvoyer ma version': mine wins on the server.
  round = await clash(3);
  await round.item.getByRole('button', { name: 'Renvoyer ma version' }).click();
  await expectAllSent(page);
  await expect
    .poll(async () => (await api.listTasks()).find((row) => row.id === task.id)?.title)
    .toBe(round.mine);
  current = round.mine;
  await other.reload();
  await expect(taskRow(other, current)).toBeVisible();

  // 4. 'Fusionner…': for the clashing title, mine, the server's, or another value typed in a field; the
  // value typed is sent.
  round = await clash(4);
  await round.item.getByRole('button', { name: 'Fusionner…' }).click();
  const titleChoice = round.item.getByRole('group', { name: 'Titre' });
  await expect(titleChoice.getByRole('radio', { name: `Ma version : ${round.mine}` })).toBeChecked();
  await expect(
    titleChoice.getByRole('radio', { name: `Version du serveur : ${round.theirs}` }),
  ).toBeVisible();
  await titleChoice.getByRole('radio', { name: 'Autre valeur' }).check();
  const merged = `${title} — fusion`;
  await titleChoice.getByRole('textbox', { name: 'Autre valeur pour Titre' }).fill(merged);
  await round.item.getByRole('button', { name: 'Appliquer la fusion' }).click();
  await expect(panel).toHaveCount(0);
  await expectAllSent(page);
  await expect
    .poll(async () => (await api.listTasks()).find((row) => row.id === task.id)?.title)
    .toBe(merged);

  // Different fields: one browser retitles, the other describes; both kept, no conflict.
  await other.reload();
  await expect(taskRow(other, merged)).toBeVisible();
  await context.setOffline(true);
  await otherContext.setOffline(true);
  await editTitle(page, merged, `${merged} (titre)`);
  const row = taskRow(other, merged);
  await row.getByRole('button', { name: 'Modifier' }).click();
  await row.getByRole('form', { name: 'Modifier' }).getByLabel('Description').fill('Description d’ailleurs.');
  await row.getByRole('form', { name: 'Modifier' }).getByRole('button', { name: 'Sauver' }).click();
  await otherContext.setOffline(false);
  await expectAllSent(other);
  await context.setOffline(false);
  await expectAllSent(page);
  await expect(panel).toHaveCount(0);
  await expect
    .poll(async () => {
      const server = (await api.listTasks()).find((candidate) => candidate.id === task.id);
      return [server?.title, server?.description];
    })
    .toEqual([`${merged} (titre)`, 'Description d’ailleurs.']);
  await otherContext.close();
});

test('the outbox survives a reload, is listed with its state, and one tab sends for all', async ({
  page,
  context,
  request,
  member,
}) => {
  const title = uniqueName('Compte rendu');
  const onglets = { name: uniqueName('Onglets'), description: 'Deux onglets.' };
  const { api } = await oneTaskOnTasks(page, request, member, onglets, { title });

  // The network answers nothing for sending: the edit waits, across a reload.
  await page.route('**/api/sync/batch', (route) => route.abort('internetdisconnected'));
  const kept = `${title} (gardé)`;
  await editTitle(page, title, kept);
  // Recorded on the device first ('En attente' shows once the outbox holds it), then the reload.
  await expect(taskRow(page, kept).getByText('En attente', { exact: true })).toBeVisible();
  await page.reload();
  await expect(taskRow(page, kept).getByText('En attente', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Modifications en attente' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Synchronisation' })).toBeVisible();
  await expect(
    page.getByRole('listitem').filter({ hasText: `Modification · Tâche « ${kept} »` }),
  ).toBeVisible();
  await expectNoViolations(page, '/sync with a waiting change');

  // A second tab follows; only one of the two sends.
  const second = await context.newPage();
  const batches: string[] = [];
  for (const tab of [page, second])
    tab.on('request', (request) => {
      if (request.url().endsWith('/api/sync/batch')) batches.push(tab === page ? 'first' : 'second');
    });
  await second.goto('/tasks');
  await expect(taskRow(second, kept)).toBeVisible();
  await page.unroute('**/api/sync/batch');
  await page.getByRole('button', { name: 'Réessayer' }).click();
  await expectAllSent(page);
  await expect(connection(second)).toHaveText('En ligne', { timeout: 20_000 });
  expect(new Set(batches)).toEqual(new Set(['first']));
  await expect.poll(async () => (await api.listTasks()).filter((task) => task.title === kept).length).toBe(1);
});

test('signing out with pending changes asks; two people on one browser never see each other’s outbox', async ({
  page,
  context,
  request,
  member,
}) => {
  const title = uniqueName('Note privée');
  const shared = { name: uniqueName('Partagé'), description: 'Un navigateur.' };
  const { api } = await oneTaskOnTasks(page, request, member, shared, { title });
  await context.setOffline(true);
  const pending = `${title} (brouillon)`;
  await editTitle(page, title, pending);

  // The palette's 'Se déconnecter' asks the same question; 'Annuler' keeps the person signed in.
  await page.keyboard.press('Control+k');
  const search = page.getByRole('combobox', { name: 'Rechercher une commande, un projet ou une tâche' });
  await expect(search).toBeFocused();
  await page.keyboard.type('deconnecter');
  await page.getByRole('option', { name: 'Se déconnecter' }).click();
  const asked = page.getByRole('alertdialog', { name: 'Modifications non envoyées' });
  await expect(asked).toContainText('1 modification n’a pas encore été envoyée au serveur.');
  await asked.getByRole('button', { name: 'Annuler' }).click();
  await expect(asked).toBeHidden();
  await expect(page).toHaveURL(/\/tasks/);

  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Modifications non envoyées' });
  await expect(dialog).toContainText('1 modification n’a pas encore été envoyée au serveur.');
  await expect(dialog.getByRole('button', { name: 'Annuler' })).toBeFocused();
  await expectNoViolations(page, 'sign-out question');
  await dialog.getByRole('button', { name: 'Garder pour cet utilisateur' }).click();
  await expect(page).toHaveURL(/\/login/);
  await context.setOffline(false);

  // Someone else on the same browser: none of the first person's pending change.
  const someoneElse = await createMember(request);
  await signedIn(page, someoneElse);
  await nav(page, 'Tâches');
  await expect(page.getByText(pending)).toHaveCount(0);
  await page.goto('/sync');
  await expect(page.getByText('Aucune modification en attente.')).toBeVisible();
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(/\/login/);

  // The first person finds it again, and it goes.
  const sent = batchSent(page);
  await signedIn(page, member);
  expect((await sent).ok()).toBe(true);
  await expect.poll(async () => (await api.listTasks()).some((task) => task.title === pending)).toBe(true);
});

test('a tab closed while its batch is in flight loses nothing: the next tab resends it, applied once', async ({
  page,
  context,
  request,
  member,
}) => {
  const api = await apiAs(request, member);
  const project = await api.createProject({ name: uniqueName('Fermeture'), description: 'Un onglet fermé.' });
  const title = uniqueName('Bilan');
  const created = await api.createTask({ title, project: project.id });
  await signedIn(page, member);
  const follower = await context.newPage();
  await follower.goto('/tasks');
  await expect(taskRow(follower, title)).toBeVisible();

  // The first tab sends; its batch leaves but the answer never comes back before the tab is closed.
  await nav(page, 'Tâches');
  let reachedServer!: () => void;
  const inFlight = new Promise<void>((resolve) => (reachedServer = resolve));
  await page.route('**/api/sync/batch', async (route) => {
    await route.fetch();
    reachedServer();
  });
  const edited = `${title} (envoyé puis fermé)`;
  await editTitle(page, title, edited);
  await inFlight;
  await page.close();

  // The other tab takes the lock, resends the same operation, and the server applies it once.
  await expect(connection(follower)).toHaveText('En ligne', { timeout: 20_000 });
  await expect(taskRow(follower, edited)).toBeVisible();
  const tasks = (await api.listTasks()).filter((task) => task.project === project.id);
  // One version more than at its creation: the resent operation was not applied a second time.
  expect(tasks.map((task) => [task.title, task.version])).toEqual([[edited, created.version + 1]]);
});
