import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { pathOf, problem } from '../../../test/http.ts';
import { renderWorkRoute, renderWorkRouteWithShortcuts } from '../../../test/render-route.tsx';
import { makeProject, makeTask, projectId, taskId } from '../../../test/work-fixtures.ts';
import { serveWork, type WorkServerOptions } from '../../../test/work-server.ts';
import { useWorkEngine } from '../../../offline/work-context.tsx';
import { ConflictsPanel } from '../../offline/index.ts';
import { TasksPage } from './tasks-page.tsx';

const projects = [
  makeProject(),
  makeProject({ id: projectId(2), name: 'Interne', createdAt: '2030-01-01T09:00:00.000Z' }),
];
const serve = (options: WorkServerOptions = {}) => serveWork({ projects, ...options });

// The page with the layout's 'Conflits' panel beside it, as the signed-in layout shows them.
const renderTasks = (entry = '/tasks') =>
  renderWorkRouteWithShortcuts(
    <>
      <TasksPage />
      <ConflictsPanel />
    </>,
    '/tasks',
    entry,
  );

/** Stands for /projects/new: makes a project on this device, as a person would before coming here. */
function MakeProject({ name }: { name: string }) {
  const engine = useWorkEngine();
  const make = () =>
    void engine?.edit({
      op: 'create',
      entity: 'project',
      data: { name, description: '', deadline: '2030-03-31T23:59:59.999Z' },
    });
  return (
    <button type="button" onClick={make}>
      Créer {name}
    </button>
  );
}

/** A phone (every max-width query matches) on 15 January 2030: the calendar shows its agenda. */
function onPhoneInJanuary2030() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2030-01-15T10:00:00.000Z'));
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

describe('task list', () => {
  it('shows the loading text, then a table row per task with its status, priority, description and estimate', async () => {
    serve({
      tasks: [
        makeTask({ status: 'done', estimatedMinutes: 45, deadline: '2030-02-10T12:00:00.000Z' }),
        makeTask({ id: taskId(2), title: '', status: 'in_progress', priority: 'high' }),
        makeTask({ id: taskId(3), title: 'Revue', status: 'in_review', project: projectId(2) }),
        makeTask({ id: taskId(4), title: 'Plus tard', status: 'todo' }),
      ],
    });
    renderTasks();
    expect(screen.getByRole('heading', { level: 1, name: 'Tâches' })).toBeInTheDocument();
    expect(screen.getByText('Chargement des tâches locales…')).toBeInTheDocument();
    const first = await screen.findByRole('row', { name: 'Maquette accueil' });
    expect(
      within(first).getByRole('combobox', { name: 'Statut de « Maquette accueil »' }),
    ).toHaveDisplayValue('Terminée');
    expect(
      within(first).getByRole('combobox', { name: 'Priorité de « Maquette accueil »' }),
    ).toHaveDisplayValue('Moyenne');
    expect(within(first).getByText('Première version de la page')).toBeInTheDocument();
    expect(within(first).getByText('Site vitrine')).toBeInTheDocument();
    expect(within(first).getByText('10 février 2030')).toBeInTheDocument();
    expect(within(first).getByText('~45 min')).toBeInTheDocument();
    const untitled = screen.getByRole('row', { name: 'Sans titre' });
    expect(within(untitled).getByRole('combobox', { name: /^Statut/ })).toHaveDisplayValue('En cours');
    expect(within(untitled).getByRole('combobox', { name: /^Priorité/ })).toHaveDisplayValue('Haute');
    expect(within(screen.getByRole('row', { name: 'Revue' })).getByText('Interne')).toBeInTheDocument();
    const later = screen.getByRole('row', { name: 'Plus tard' });
    expect(within(later).getByRole('combobox', { name: /^Statut/ })).toHaveDisplayValue('À faire');
    expect(within(later).queryByText(/min$/)).not.toBeInTheDocument();
    expect(within(later).getByText('Aucune')).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual([
      'Statut',
      'Priorité',
      'Titre',
      'Étiquettes',
      'Projet',
      'Assigné à',
      'Échéance',
      'Estimation',
      'Actions',
    ]);
  });

  it("says 'Aucune tâche.' when there is none", async () => {
    serve();
    renderTasks();
    expect(await screen.findByText('Aucune tâche.')).toBeInTheDocument();
  });

  it("says 'Erreur: {message}' when the list cannot load", async () => {
    serve({
      handler: (call) => (pathOf(call).startsWith('/sync/changes?') ? problem(403, 'forbidden') : undefined),
    });
    renderTasks();
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur: Action non autorisée.');
  });

  it('reads every page of a long list', async () => {
    const page = (task: ReturnType<typeof makeTask>, hasMore: boolean) =>
      new Response(
        JSON.stringify({
          data: { project: hasMore ? [makeProject()] : [], label: [], task: [task], comment: [] },
          cursor: hasMore ? '1.p2' : '2..sig',
          hasMore,
          nextAfter: null,
          resetRequired: false,
        }),
        { status: 200, headers: { 'Content-Type': 'application/json' } },
      );
    const { calls } = serve({
      handler: (call) => {
        if (!pathOf(call).startsWith('/sync/changes?')) return undefined;
        return call.url.includes('since=1.p2')
          ? page(makeTask({ id: taskId(2), title: 'Ancienne' }), false)
          : page(makeTask(), true);
      },
    });
    renderTasks();
    expect(await screen.findByRole('row', { name: 'Ancienne' })).toBeInTheDocument();
    expect(screen.getByText('2 tâches')).toBeInTheDocument();
    expect(calls.filter((call) => pathOf(call).startsWith('/sync/changes?'))).toHaveLength(2);
  });

  it('creates a task from the trimmed title and description, in the project the person chose (none is chosen for them)', async () => {
    const user = userEvent.setup();
    const server = serve();
    renderTasks();
    const form = await screen.findByRole('form', { name: 'Nouvelle tâche' });
    const create = within(form).getByRole('button', { name: 'Créer' });
    await within(form).findByRole('option', { name: 'Interne' });
    expect(within(form).getByRole('combobox', { name: 'Projet' })).toHaveValue('');
    expect(create).toBeDisabled();
    await user.type(within(form).getByLabelText('Titre'), '   ');
    expect(create).toBeDisabled();
    await user.type(within(form).getByLabelText('Titre'), ' Nouvelle ');
    await user.type(within(form).getByLabelText('Description'), '  à faire vite ');
    expect(create).toBeDisabled();
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Projet' }), 'Interne');
    await user.click(create);
    expect(await screen.findByRole('row', { name: 'Nouvelle' })).toBeInTheDocument();
    await waitFor(() => expect(server.operations()).toHaveLength(1));
    const [sent] = server.operations();
    expect(sent).toMatchObject({ entity: 'task', op: 'upsert', version: 0 });
    expect(sent?.id).toMatch(/^tmp-/);
    expect(sent?.data).toEqual({ title: 'Nouvelle', description: 'à faire vite', project: projectId(2) });
    // Answered: the server holds it under the id the device chose, and the next pull shows it as a server row.
    await waitFor(() =>
      expect(server.row('task', sent!.id.slice(4))).toMatchObject({ title: 'Nouvelle', version: 1 }),
    );
  });

  it('keeps a project made on this device chosen once the server has it, and files the task under its server id', async () => {
    const user = userEvent.setup();
    const server = serve();
    renderWorkRoute(
      <>
        <TasksPage />
        <MakeProject name="Accueil" />
      </>,
      '/tasks',
    );
    const form = await screen.findByRole('form', { name: 'Nouvelle tâche' });
    const release = server.hold();
    await user.click(await screen.findByRole('button', { name: 'Créer Accueil' }));
    await user.selectOptions(await within(form).findByRole('combobox', { name: 'Projet' }), 'Accueil');
    const created = within(form).getByRole('option', { name: 'Accueil' }).getAttribute('value')!;
    expect(created).toMatch(/^tmp-/);
    release();
    await waitFor(() =>
      expect(within(form).getByRole('option', { name: 'Accueil' })).toHaveAttribute(
        'value',
        created.slice(4),
      ),
    );
    expect(within(form).getByRole('combobox', { name: 'Projet' })).toHaveValue(created.slice(4));
    await user.type(within(form).getByLabelText('Titre'), 'Préparer le poste');
    await user.click(within(form).getByRole('button', { name: 'Créer' }));
    await waitFor(() =>
      expect(server.operations().find((operation) => operation.entity === 'task')?.data).toMatchObject({
        title: 'Préparer le poste',
        project: created.slice(4),
      }),
    );
  });

  it('makes one task of a form submitted twice before it could re-render (a double click), and of a double click', async () => {
    const user = userEvent.setup();
    const server = serve();
    renderTasks(`/tasks?project=${projectId(2)}`);
    const form = await screen.findByRole('form', { name: 'Nouvelle tâche' });
    await waitFor(() =>
      expect(within(form).getByRole('combobox', { name: 'Projet' })).toHaveValue(projectId(2)),
    );
    await user.type(within(form).getByLabelText('Titre'), 'Une seule');
    fireEvent.submit(form);
    fireEvent.submit(form);
    expect(await screen.findByRole('row', { name: 'Une seule' })).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Titre'), 'Une autre');
    await user.dblClick(within(form).getByRole('button', { name: 'Créer' }));
    expect(await screen.findByRole('row', { name: 'Une autre' })).toBeInTheDocument();
    await waitFor(() =>
      expect(server.operations().map((operation) => operation.data?.title)).toEqual([
        'Une seule',
        'Une autre',
      ]),
    );
    expect(screen.getAllByRole('row', { name: /^Une (seule|autre)$/ })).toHaveLength(2);
  });

  it('keeps the inline edit of a task made on this device open, with what was typed, when the server takes it', async () => {
    const user = userEvent.setup();
    const server = serve();
    // The list filtered on a project: the form starts on that project.
    renderTasks(`/tasks?project=${projectId(1)}`);
    const form = await screen.findByRole('form', { name: 'Nouvelle tâche' });
    await waitFor(() =>
      expect(within(form).getByRole('combobox', { name: 'Projet' })).toHaveValue(projectId(1)),
    );
    const release = server.hold();
    await user.type(within(form).getByLabelText('Titre'), 'Brouillon');
    await user.click(within(form).getByRole('button', { name: 'Créer' }));
    const row = await screen.findByRole('row', { name: 'Brouillon' });
    await user.click(within(row).getByRole('button', { name: 'Modifier' }));
    await user.type(within(row).getByLabelText('Description'), 'Notée avant l’envoi');

    // The server creates it under the id the device chose: the row's id loses its `tmp-` prefix.
    release();
    await waitFor(() => expect(server.operations()).toHaveLength(1));
    await waitFor(() => expect(server.row('task', server.operations()[0]!.id.slice(4))).toBeDefined());
    await waitFor(() =>
      expect(
        within(screen.getByRole('row', { name: 'Brouillon' })).queryByText('En attente'),
      ).not.toBeInTheDocument(),
    );
    const edited = screen.getByRole('row', { name: 'Brouillon' });
    expect(within(edited).getByRole('form', { name: 'Modifier' })).toBeInTheDocument();
    expect(within(edited).getByLabelText('Description')).toHaveValue('Notée avant l’envoi');
  });

  it("edits inline: 'Sauver' is disabled while the title is blank, 'Annuler' keeps the task, 'Sauver' sends a patch", async () => {
    const user = userEvent.setup();
    const server = serve({ tasks: [makeTask()] });
    renderTasks();
    const row = await screen.findByRole('row', { name: 'Maquette accueil' });
    await user.click(within(row).getByRole('button', { name: 'Modifier' }));
    const title = within(row).getByLabelText('Titre');
    expect(title).toHaveFocus();
    await user.clear(title);
    await user.type(title, '  ');
    expect(within(row).getByRole('button', { name: 'Sauver' })).toBeDisabled();
    await user.click(within(row).getByRole('button', { name: 'Annuler' }));
    expect(within(row).queryByRole('form')).not.toBeInTheDocument();
    expect(within(row).getByText('Maquette accueil')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Modifier' })).toHaveFocus();
    expect(server.operations()).toHaveLength(0);

    await user.click(within(row).getByRole('button', { name: 'Modifier' }));
    await user.clear(within(row).getByLabelText('Titre'));
    await user.type(within(row).getByLabelText('Titre'), ' Accueil v2 ');
    await user.clear(within(row).getByLabelText('Description'));
    await user.type(within(row).getByLabelText('Description'), 'Refaite');
    await user.click(within(row).getByRole('button', { name: 'Sauver' }));
    expect(await screen.findByRole('row', { name: 'Accueil v2' })).toBeInTheDocument();
    await waitFor(() => expect(server.operations()).toHaveLength(1));
    expect(server.operations()[0]).toMatchObject({
      entity: 'task',
      op: 'patch',
      id: taskId(1),
      version: 1,
      data: { title: 'Accueil v2', description: 'Refaite' },
      base: { title: 'Maquette accueil', description: 'Première version de la page' },
    });
    await waitFor(() =>
      expect(server.row('task', taskId(1))).toMatchObject({ title: 'Accueil v2', version: 2 }),
    );
  });

  it('sets a deadline and an estimate in the inline edit, sending only what changed', async () => {
    const user = userEvent.setup();
    const server = serve({ tasks: [makeTask()] });
    renderTasks();
    const row = await screen.findByRole('row', { name: 'Maquette accueil' });
    await user.click(within(row).getByRole('button', { name: 'Modifier' }));
    await user.type(within(row).getByLabelText('Échéance'), '2026-12-24');
    await user.type(within(row).getByLabelText('Estimation (minutes)'), '45');
    await user.click(within(row).getByRole('button', { name: 'Sauver' }));
    await within(row).findByText('~45 min');
    await waitFor(() => expect(server.operations()).toHaveLength(1));
    const body = server.operations()[0]?.data as {
      deadline: string;
      estimatedMinutes: number;
      title?: string;
    };
    expect(Object.keys(body).sort()).toEqual(['deadline', 'estimatedMinutes']);
    expect(body.estimatedMinutes).toBe(45);
    expect(new Date(body.deadline).getDate()).toBe(24);
    expect(new Date(body.deadline).getHours()).toBe(23);
  });

  it("shows an edit at once, marked 'En attente' until the server has answered it", async () => {
    const user = userEvent.setup();
    const server = serve({ tasks: [makeTask()] });
    renderTasks();
    const row = await screen.findByRole('row', { name: 'Maquette accueil' });
    const release = server.hold();
    await user.click(within(row).getByRole('button', { name: 'Modifier' }));
    await user.clear(within(row).getByLabelText('Titre'));
    await user.type(within(row).getByLabelText('Titre'), 'Titre optimiste');
    await user.click(within(row).getByRole('button', { name: 'Sauver' }));
    const optimistic = await screen.findByRole('row', { name: 'Titre optimiste' });
    expect(within(optimistic).getByText('En attente')).toBeInTheDocument();
    release();
    await waitFor(() => expect(within(optimistic).queryByText('En attente')).not.toBeInTheDocument());
    expect(screen.getByRole('row', { name: 'Titre optimiste' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("keeps an edit 'En attente' on the device while the network is down", async () => {
    const user = userEvent.setup();
    const server = serve({ tasks: [makeTask()] });
    renderTasks();
    const row = await screen.findByRole('row', { name: 'Maquette accueil' });
    server.failNetwork(true);
    await user.click(within(row).getByRole('button', { name: 'Modifier' }));
    await user.clear(within(row).getByLabelText('Titre'));
    await user.type(within(row).getByLabelText('Titre'), 'Hors ligne');
    await user.click(within(row).getByRole('button', { name: 'Sauver' }));
    const edited = await screen.findByRole('row', { name: 'Hors ligne' });
    await waitFor(() => expect(server.batches().length).toBeGreaterThan(0));
    expect(within(edited).getByText('En attente')).toBeInTheDocument();
    expect(server.row('task', taskId(1))).toMatchObject({ title: 'Maquette accueil', version: 1 });
  });

  it("shows a clash in the 'Conflits' panel, marks the task 'Conflit', and keeps the server's version on request", async () => {
    const user = userEvent.setup();
    const server = serve({ tasks: [makeTask()] });
    renderTasks();
    const row = await screen.findByRole('row', { name: 'Maquette accueil' });
    server.write('task', taskId(1), { title: 'Changée ailleurs', status: 'in_progress' });
    server.conflictOn((operation) => operation.op === 'patch', ['title']);
    await user.click(within(row).getByRole('button', { name: 'Modifier' }));
    await user.clear(within(row).getByLabelText('Titre'));
    await user.type(within(row).getByLabelText('Titre'), 'Moi');
    await user.click(within(row).getByRole('button', { name: 'Sauver' }));
    const panel = await screen.findByRole('complementary', { name: 'Conflits' });
    expect(panel).toHaveTextContent('1 modification en conflit à résoudre.');
    expect(panel).toHaveTextContent('Modifiée ailleurs entre-temps');
    const fields = within(panel).getByRole('table');
    expect(within(fields).getByRole('row', { name: /^Titre / })).toHaveTextContent('Moi');
    expect(within(fields).getByRole('row', { name: /^Titre / })).toHaveTextContent('Changée ailleurs');
    expect(screen.getByText('Conflit').closest('[role="row"]')).toHaveAccessibleName(/Maquette accueil|Moi/);
    // No REST conflict alert any more: the clash waits in the panel.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Garder la version du serveur' }));
    expect(await screen.findByRole('row', { name: 'Changée ailleurs' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('complementary', { name: 'Conflits' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByText('Conflit')).not.toBeInTheDocument();
  });

  it('mounts only the rows in view, even with 10,000 tasks', async () => {
    const many = Array.from({ length: 10_000 }, (_, index) =>
      makeTask({ id: taskId(index + 1), title: `Tâche ${index + 1}` }),
    );
    serve({ tasks: many });
    renderTasks();
    // Parsing 10,000 tasks takes a while in jsdom on a busy machine: wait longer than the default second.
    const table = await screen.findByRole('table', { name: 'Liste' }, { timeout: 10_000 });
    expect(screen.getByText('10000 tâches')).toBeInTheDocument();
    expect(table).toHaveAttribute('aria-rowcount', '10001');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.length).toBeLessThan(40);
    expect(rows[0]).toHaveAttribute('aria-rowindex', '2');
    expect(rows[0]).toHaveAccessibleName(/^Tâche \d+$/);
  });
});

describe('task views', () => {
  it('switches between kanban, list and calendar with the buttons and the keys 1, 2 and 3, not while typing', async () => {
    const user = userEvent.setup();
    serve({ tasks: [makeTask()] });
    const { router } = renderTasks();
    await screen.findByRole('row', { name: 'Maquette accueil' });
    const views = screen.getByRole('group', { name: 'Vue' });
    expect(within(views).getByRole('button', { name: 'Liste' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(views).getByRole('button', { name: 'Kanban' }));
    expect(screen.getByRole('heading', { level: 2, name: /^À faire/ })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?view=kanban');

    await user.keyboard('3');
    expect(screen.getByRole('table', { name: /2\d{3}$/ })).toBeInTheDocument();
    expect(within(views).getByRole('button', { name: 'Calendrier' })).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('2');
    expect(screen.getByRole('table', { name: 'Liste' })).toBeInTheDocument();
    await user.keyboard('1');
    expect(screen.getByRole('heading', { level: 2, name: /^En cours/ })).toBeInTheDocument();

    // Typed into a field, the digit is text, not a shortcut.
    const title = screen.getByLabelText('Titre');
    await user.type(title, '3');
    expect(title).toHaveValue('3');
    expect(within(views).getByRole('button', { name: 'Kanban' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('table', { name: /2\d{3}$/ })).not.toBeInTheDocument();
  });

  it('shows a card’s labels as chips, by name, under “Étiquettes”', async () => {
    serve({
      tasks: [makeTask({ labels: ['label-1', 'label-2'] })],
      labels: [
        { id: 'label-1', name: 'Urgent', color: 'red', version: 0, deletedAt: null },
        { id: 'label-2', name: 'Client', color: 'blue', version: 0, deletedAt: null },
      ],
    });
    renderTasks('/tasks?view=kanban');
    const todo = await screen.findByRole('region', { name: /^À faire/ });
    const card = within(todo).getByRole('article', { name: 'Maquette accueil' });
    const chips = within(card).getByRole('list', { name: 'Étiquettes' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Urgent', 'Client']);
  });

  it("shows the kanban's hint while the device's copy opens, and the board under the same one hint", async () => {
    serve({ tasks: [makeTask({ status: 'todo' })] });
    renderTasks('/tasks?view=kanban');
    const hint = /^Glissez une carte vers une autre colonne/;
    expect(screen.getByText('Chargement des tâches locales…')).toBeInTheDocument();
    expect(screen.getByText(hint)).toBeInTheDocument();
    const todo = await screen.findByRole('region', { name: /^À faire/ });
    expect(within(todo).getByRole('article', { name: 'Maquette accueil' })).toBeInTheDocument();
    expect(screen.queryByText('Chargement des tâches locales…')).not.toBeInTheDocument();
    expect(screen.getAllByText(hint)).toHaveLength(1);
  });

  it("moves a kanban card from the keyboard at once, 'En attente' until answered, and announces it", async () => {
    const user = userEvent.setup();
    const server = serve({ tasks: [makeTask()] });
    renderTasks('/tasks?view=kanban');
    const todo = await screen.findByRole('region', { name: /^À faire/ });
    const move = within(todo).getByRole('button', { name: 'Déplacer « Maquette accueil » vers' });
    expect(move).toHaveAttribute('aria-expanded', 'false');
    const release = server.hold();
    move.focus();
    await user.keyboard('{Enter}');
    const menu = within(todo).getByRole('menu', { name: 'Déplacer « Maquette accueil » vers' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['En cours', 'En revue', 'Terminée']);
    expect(within(menu).getByRole('menuitem', { name: 'En cours' })).toHaveFocus();
    // Escape closes it and gives the keyboard back to the button; the arrows walk the choices.
    await user.keyboard('{Escape}');
    expect(within(todo).queryByRole('menu')).not.toBeInTheDocument();
    expect(move).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.keyboard('{ArrowDown}{ArrowUp}{ArrowUp}{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'En cours' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const doing = screen.getByRole('region', { name: /^En cours/ });
    const card = await within(doing).findByRole('article', { name: 'Maquette accueil' });
    expect(within(card).getByText('En attente')).toBeInTheDocument();
    expect(within(todo).queryByRole('article')).not.toBeInTheDocument();
    expect(screen.getByText('« Maquette accueil » déplacée vers En cours.')).toBeInTheDocument();
    await waitFor(() => expect(server.operations()).toHaveLength(1));
    expect(server.operations()[0]).toMatchObject({
      op: 'patch',
      id: taskId(1),
      version: 1,
      data: { status: 'in_progress' },
      base: { status: 'todo' },
    });
    release();
    await waitFor(() => expect(within(doing).queryByText('En attente')).not.toBeInTheDocument());
    expect(server.row('task', taskId(1))).toMatchObject({ status: 'in_progress', version: 2 });
  });

  it('moves a card dragged with the mouse onto another column', async () => {
    const server = serve({ tasks: [makeTask()] });
    renderTasks('/tasks?view=kanban');
    const card = await screen.findByRole('article', { name: 'Maquette accueil' });
    const done = screen.getByRole('region', { name: /^Terminée/ });
    fireEvent.dragStart(card);
    fireEvent.dragOver(done);
    fireEvent.drop(done);
    expect(await within(done).findByRole('article', { name: 'Maquette accueil' })).toBeInTheDocument();
    await waitFor(() =>
      expect(server.operations()[0]).toMatchObject({ op: 'patch', data: { status: 'done' } }),
    );
  });

  it('puts each task on its deadline day in the calendar and pages through months', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-15T10:00:00.000Z'));
    const user = userEvent.setup();
    serve({
      tasks: [
        makeTask({ deadline: '2030-01-20T23:59:59.999Z' }),
        makeTask({ id: taskId(2), title: 'Bilan', deadline: '2030-02-03T12:00:00.000Z' }),
        makeTask({ id: taskId(3), title: 'Sans date' }),
      ],
    });
    renderTasks('/tasks?view=calendar');
    const table = await screen.findByRole('table', { name: 'janvier 2030' });
    const day = within(table).getByRole('cell', { name: /^20 janvier 2030/ });
    expect(within(day).getByText('Maquette accueil')).toBeInTheDocument();
    expect(
      within(within(table).getByRole('cell', { name: /^19 janvier 2030/ })).queryByText('Maquette accueil'),
    ).toBeNull();
    expect(screen.getByText('1 tâche sans échéance n’apparaît pas dans le calendrier.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mois suivant' }));
    const february = screen.getByRole('table', { name: 'février 2030' });
    expect(
      within(within(february).getByRole('cell', { name: /^3 février 2030/ })).getByText('Bilan'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mois précédent' }));
    expect(screen.getByRole('table', { name: 'janvier 2030' })).toBeInTheDocument();
  });

  it("shows a busy day's first three tasks, and the others on demand, one day at a time", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-15T10:00:00.000Z'));
    const user = userEvent.setup();
    const titles = ['Affiche', 'Badges', 'Café', 'Dossier', 'Estrade'];
    serve({
      tasks: titles.map((title, index) =>
        makeTask({ id: taskId(index + 1), title, deadline: '2030-01-20T12:00:00.000Z' }),
      ),
    });
    renderTasks('/tasks?view=calendar');
    const table = await screen.findByRole('table', { name: 'janvier 2030' });
    const day = within(table).getByRole('cell', { name: /^20 janvier 2030/ });
    const shown = () =>
      within(day)
        .getAllByRole('link')
        .map((link) => link.textContent);
    expect(shown()).toHaveLength(3);

    const more = within(day).getByRole('button', { name: 'Afficher les 2 autres tâches du 20 janvier 2030' });
    expect(more).toHaveTextContent('+ 2 autres');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(shown().sort()).toEqual(titles);
    const fewer = within(day).getByRole('button', { name: 'Afficher moins de tâches le 20 janvier 2030' });
    expect(fewer).toHaveAttribute('aria-expanded', 'true');
    await user.click(fewer);
    expect(shown()).toHaveLength(3);
  });

  it('shows the month as an agenda list on a phone, where seven columns would not fit', async () => {
    onPhoneInJanuary2030();
    serve({
      tasks: [
        makeTask({ deadline: '2030-01-20T12:00:00.000Z' }),
        makeTask({ id: taskId(2), title: 'Bilan', deadline: '2030-01-03T12:00:00.000Z' }),
        makeTask({ id: taskId(3), title: 'Février', deadline: '2030-02-03T12:00:00.000Z' }),
      ],
    });
    renderTasks('/tasks?view=calendar');
    const agenda = await screen.findByRole('list', { name: 'Échéances du mois' });
    expect(screen.queryByRole('table', { name: 'janvier 2030' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'janvier 2030' })).toBeInTheDocument();
    const days = within(agenda)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(days).toEqual(['3 janvier 2030', '20 janvier 2030']);
    expect(within(agenda).queryByText('Février')).not.toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  it("mounts only the agenda's days in view, each saying its place in the month", async () => {
    onPhoneInJanuary2030();
    // A deadline on each of the month's 31 days: a big project's month.
    serve({
      tasks: Array.from({ length: 31 }, (_, day) =>
        makeTask({
          id: taskId(day + 1),
          title: `Tâche du ${day + 1}`,
          deadline: `2030-01-${String(day + 1).padStart(2, '0')}T12:00:00.000Z`,
        }),
      ),
    });
    renderTasks('/tasks?view=calendar');
    const agenda = await screen.findByRole('list', { name: 'Échéances du mois' });
    const days = within(agenda).getAllByRole('heading', { level: 3 });
    expect(days[0]).toHaveTextContent('1 janvier 2030');
    expect(days.length).toBeLessThan(31);
    expect(days[0]!.closest('li')).toHaveAttribute('aria-setsize', '31');
    expect(within(agenda).queryByText('Tâche du 31')).not.toBeInTheDocument();
    vi.unstubAllGlobals();
  });
});
