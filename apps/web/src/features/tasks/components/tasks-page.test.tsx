import type { Task } from '@jalon/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch, pathOf, problem, type RecordedCall } from '../../../test/http.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { listBody, makeProject, makeTask, projectId, taskId } from '../../../test/work-fixtures.ts';
import { TasksPage } from './tasks-page.tsx';

type Handler = (call: RecordedCall) => Response | Promise<Response> | undefined;

function serve(tasks: Task[], handler: Handler = () => undefined): RecordedCall[] {
  return mockFetch((call) => {
    const answer = handler(call);
    if (answer) return answer;
    const path = pathOf(call);
    if (path === '/projects') return listBody([makeProject(), makeProject({ id: projectId(2), name: 'Interne' })]);
    if (path.startsWith('/tasks?')) return listBody(tasks);
    return problem(404, 'not_found');
  });
}

const renderTasks = (entry = '/tasks') => renderRoute(<TasksPage />, '/tasks', entry);
const patches = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'PATCH');

describe('task list', () => {
  it('shows the loading text, then each task with its French status, description and estimate', async () => {
    serve([
      makeTask({ status: 'done', estimatedMinutes: 45 }),
      makeTask({ id: taskId(2), title: '', status: 'in_progress' }),
      makeTask({ id: taskId(3), title: 'Revue', status: 'in_review' }),
      makeTask({ id: taskId(4), title: 'Plus tard', status: 'todo' }),
    ]);
    renderTasks();
    expect(screen.getByRole('heading', { level: 1, name: 'Tâches' })).toBeInTheDocument();
    expect(screen.getByText('Chargement des tâches locales…')).toBeInTheDocument();
    const first = await screen.findByRole('article', { name: 'Maquette accueil' });
    expect(within(first).getByText('Terminée')).toBeInTheDocument();
    expect(within(first).getByText('Première version de la page')).toBeInTheDocument();
    expect(within(first).getByText('Estimation: ~45 min')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Sans titre' })).getByText('En cours')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Revue' })).getByText('En revue')).toBeInTheDocument();
    const later = screen.getByRole('article', { name: 'Plus tard' });
    expect(within(later).getByText('À faire')).toBeInTheDocument();
    expect(within(later).queryByText(/Estimation/)).not.toBeInTheDocument();
  });

  it("says 'Aucune tâche.' when there is none", async () => {
    serve([]);
    renderTasks();
    expect(await screen.findByText('Aucune tâche.')).toBeInTheDocument();
  });

  it("says 'Erreur: {message}' when the list cannot load", async () => {
    serve([], (call) => (pathOf(call).startsWith('/tasks?') ? problem(403, 'forbidden') : undefined));
    renderTasks();
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur: Action non autorisée.');
  });

  it('reads every page of a long list', async () => {
    const calls = serve([], (call) => {
      const after = new URL(call.url, 'http://x').searchParams.get('after');
      if (!pathOf(call).startsWith('/tasks?')) return undefined;
      return after === 'p2' ? listBody([makeTask({ id: taskId(2), title: 'Ancienne' })]) : listBody([makeTask()], 'p2');
    });
    renderTasks();
    expect(await screen.findByRole('article', { name: 'Ancienne' })).toBeInTheDocument();
    expect(screen.getByText('2 tâches')).toBeInTheDocument();
    expect(calls.filter((call) => pathOf(call).startsWith('/tasks?'))).toHaveLength(2);
  });

  it('creates a task from the trimmed title and description, in the first project by default', async () => {
    const user = userEvent.setup();
    const calls = serve([], (call) =>
      call.method === 'POST' ? json(makeTask({ id: taskId(8), title: 'Nouvelle' }), { status: 201 }) : undefined,
    );
    renderTasks();
    const form = await screen.findByRole('form', { name: 'Nouvelle tâche' });
    const create = within(form).getByRole('button', { name: 'Créer' });
    await waitFor(() => expect(within(form).getByRole('combobox', { name: 'Projet' })).toHaveValue(projectId(1)));
    expect(create).toBeDisabled();
    await user.type(within(form).getByLabelText('Titre'), '   ');
    expect(create).toBeDisabled();
    await user.type(within(form).getByLabelText('Titre'), ' Nouvelle ');
    await user.type(within(form).getByLabelText('Description'), '  à faire vite ');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Projet' }), 'Interne');
    await user.click(create);
    expect(await screen.findByRole('article', { name: 'Nouvelle' })).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      title: 'Nouvelle',
      description: 'à faire vite',
      project: projectId(2),
    });
  });

  it("edits inline: 'Sauver' is disabled while the title is blank, 'Annuler' keeps the task, 'Sauver' sends PATCH", async () => {
    const user = userEvent.setup();
    const calls = serve([makeTask()], (call) =>
      call.method === 'PATCH' ? json(makeTask({ title: 'Accueil v2', description: 'Refaite', version: 2 })) : undefined,
    );
    renderTasks();
    const row = await screen.findByRole('article', { name: 'Maquette accueil' });
    await user.click(within(row).getByRole('button', { name: 'Modifier' }));
    const title = within(row).getByLabelText('Titre');
    expect(title).toHaveFocus();
    await user.clear(title);
    await user.type(title, '  ');
    expect(within(row).getByRole('button', { name: 'Sauver' })).toBeDisabled();
    await user.click(within(row).getByRole('button', { name: 'Annuler' }));
    expect(within(row).getByRole('heading', { name: 'Maquette accueil' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Modifier' })).toHaveFocus();
    expect(patches(calls)).toHaveLength(0);

    await user.click(within(row).getByRole('button', { name: 'Modifier' }));
    await user.clear(within(row).getByLabelText('Titre'));
    await user.type(within(row).getByLabelText('Titre'), ' Accueil v2 ');
    await user.clear(within(row).getByLabelText('Description'));
    await user.type(within(row).getByLabelText('Description'), 'Refaite');
    await user.click(within(row).getByRole('button', { name: 'Sauver' }));
    expect(await screen.findByRole('article', { name: 'Accueil v2' })).toBeInTheDocument();
    expect(patches(calls)[0]?.body).toEqual({ title: 'Accueil v2', description: 'Refaite' });
    expect(pathOf(patches(calls)[0]!)).toBe(`/tasks/${taskId(1)}`);
    expect(patches(calls)[0]?.headers.get('X-Entity-Version')).toBe('1');
  });

  it('sets a deadline and an estimate in the inline edit, sending only what changed', async () => {
    const user = userEvent.setup();
    const calls = serve([makeTask()], (call) =>
      call.method === 'PATCH' ? json(makeTask({ ...(call.body as object), version: 2 })) : undefined,
    );
    renderTasks();
    const row = await screen.findByRole('article', { name: 'Maquette accueil' });
    await user.click(within(row).getByRole('button', { name: 'Modifier' }));
    await user.type(within(row).getByLabelText('Échéance'), '2026-12-24');
    await user.type(within(row).getByLabelText('Estimation (minutes)'), '45');
    await user.click(within(row).getByRole('button', { name: 'Sauver' }));
    await screen.findByText('Estimation: ~45 min');
    const body = patches(calls)[0]?.body as { deadline: string; estimatedMinutes: number; title: string };
    expect(body.estimatedMinutes).toBe(45);
    expect(new Date(body.deadline).getDate()).toBe(24);
    expect(new Date(body.deadline).getHours()).toBe(23);
  });

  it('shows an edit at once and rolls it back when the server refuses it', async () => {
    const user = userEvent.setup();
    let refuse: (response: Response) => void = () => undefined;
    serve([makeTask()], (call) =>
      call.method === 'PATCH' ? new Promise<Response>((resolve) => (refuse = resolve)) : undefined,
    );
    renderTasks();
    const row = await screen.findByRole('article', { name: 'Maquette accueil' });
    await user.click(within(row).getByRole('button', { name: 'Modifier' }));
    await user.clear(within(row).getByLabelText('Titre'));
    await user.type(within(row).getByLabelText('Titre'), 'Titre optimiste');
    await user.click(within(row).getByRole('button', { name: 'Sauver' }));
    const optimistic = await screen.findByRole('article', { name: 'Titre optimiste' });
    expect(within(optimistic).getByText('Maj…')).toBeInTheDocument();
    refuse(problem(403, 'forbidden'));
    expect(await screen.findByRole('article', { name: 'Maquette accueil' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Titre optimiste' })).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('La modification n’a pas été enregistrée : Action non autorisée.');
  });

  it('shows a 409 as a conflict with the server version, and reloads it on request', async () => {
    const user = userEvent.setup();
    const server = makeTask({ title: 'Changée ailleurs', status: 'in_progress', version: 4 });
    serve([makeTask()], (call) =>
      call.method === 'PATCH'
        ? problem(409, 'version_conflict', { reason: 'version_mismatch', server, serverVersion: 4, client: { title: 'Moi' }, clientVersion: 1 })
        : undefined,
    );
    renderTasks();
    const row = await screen.findByRole('article', { name: 'Maquette accueil' });
    await user.click(within(row).getByRole('button', { name: 'Modifier' }));
    await user.clear(within(row).getByLabelText('Titre'));
    await user.type(within(row).getByLabelText('Titre'), 'Moi');
    await user.click(within(row).getByRole('button', { name: 'Sauver' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Conflit : cette tâche a été modifiée entre-temps.');
    expect(alert).toHaveTextContent('Version du serveur : 4, « Changée ailleurs », En cours.');
    expect(screen.getByRole('article', { name: 'Maquette accueil' })).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Recharger la tâche' }));
    expect(await screen.findByRole('article', { name: 'Changée ailleurs' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('mounts only the rows in view, even with 10,000 tasks', async () => {
    const many = Array.from({ length: 10_000 }, (_, index) => makeTask({ id: taskId(index + 1), title: `Tâche ${index + 1}` }));
    serve(many);
    renderTasks();
    // Parsing 10,000 tasks takes a while in jsdom on a busy machine: wait longer than the default second.
    const list = await screen.findByRole('list', { name: 'Liste' }, { timeout: 10_000 });
    expect(screen.getByText('10000 tâches')).toBeInTheDocument();
    const rows = within(list).getAllByRole('listitem');
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.length).toBeLessThan(30);
    expect(rows[0]).toHaveAttribute('aria-setsize', '10000');
    expect(rows[0]).toHaveAttribute('aria-posinset', '1');
  });
});

describe('task views', () => {
  it('switches between kanban, list and calendar with the buttons and the keys 1, 2 and 3, not while typing', async () => {
    const user = userEvent.setup();
    serve([makeTask()]);
    const { router } = renderTasks();
    await screen.findByRole('article', { name: 'Maquette accueil' });
    const views = screen.getByRole('group', { name: 'Vue' });
    expect(within(views).getByRole('button', { name: 'Liste' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(views).getByRole('button', { name: 'Kanban' }));
    expect(screen.getByRole('heading', { level: 2, name: /^À faire/ })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?view=kanban');

    await user.keyboard('3');
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(within(views).getByRole('button', { name: 'Calendrier' })).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('2');
    expect(screen.getByRole('list', { name: 'Liste' })).toBeInTheDocument();
    await user.keyboard('1');
    expect(screen.getByRole('heading', { level: 2, name: /^En cours/ })).toBeInTheDocument();

    // Typed into a field, the digit is text, not a shortcut.
    const title = screen.getByLabelText('Titre');
    await user.type(title, '3');
    expect(title).toHaveValue('3');
    expect(within(views).getByRole('button', { name: 'Kanban' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('moves a kanban card from the keyboard with PATCH {status} and announces it', async () => {
    const user = userEvent.setup();
    const calls = serve([makeTask()], (call) =>
      call.method === 'PATCH' ? json(makeTask({ status: 'in_progress', version: 2 })) : undefined,
    );
    renderTasks('/tasks?view=kanban');
    const todo = await screen.findByRole('region', { name: /^À faire/ });
    const move = within(todo).getByRole('combobox', { name: 'Déplacer « Maquette accueil » vers' });
    expect(within(move).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Déplacer vers…',
      'En cours',
      'En revue',
      'Terminée',
    ]);
    move.focus();
    await user.selectOptions(move, 'En cours');
    const doing = screen.getByRole('region', { name: /^En cours/ });
    expect(within(doing).getByRole('article', { name: 'Maquette accueil' })).toBeInTheDocument();
    expect(within(todo).queryByRole('article')).not.toBeInTheDocument();
    expect(screen.getByText('« Maquette accueil » déplacée vers En cours.')).toBeInTheDocument();
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    expect(patches(calls)[0]?.body).toEqual({ status: 'in_progress' });
    expect(patches(calls)[0]?.headers.get('X-Entity-Version')).toBe('1');
  });

  it('moves a card dragged with the mouse onto another column', async () => {
    const calls = serve([makeTask()], (call) =>
      call.method === 'PATCH' ? json(makeTask({ status: 'done', version: 2 })) : undefined,
    );
    renderTasks('/tasks?view=kanban');
    const card = await screen.findByRole('article', { name: 'Maquette accueil' });
    const done = screen.getByRole('region', { name: /^Terminée/ });
    fireEvent.dragStart(card);
    fireEvent.dragOver(done);
    fireEvent.drop(done);
    expect(await within(done).findByRole('article', { name: 'Maquette accueil' })).toBeInTheDocument();
    await waitFor(() => expect(patches(calls)[0]?.body).toEqual({ status: 'done' }));
  });

  it('puts each task on its deadline day in the calendar and pages through months', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-15T10:00:00.000Z'));
    const user = userEvent.setup();
    serve([
      makeTask({ deadline: '2030-01-20T23:59:59.999Z' }),
      makeTask({ id: taskId(2), title: 'Bilan', deadline: '2030-02-03T12:00:00.000Z' }),
      makeTask({ id: taskId(3), title: 'Sans date' }),
    ]);
    renderTasks('/tasks?view=calendar');
    const table = await screen.findByRole('table', { name: 'janvier 2030' });
    const day = within(table).getByRole('cell', { name: /^20 janvier 2030/ });
    expect(within(day).getByText('Maquette accueil')).toBeInTheDocument();
    expect(within(within(table).getByRole('cell', { name: /^19 janvier 2030/ })).queryByText('Maquette accueil')).toBeNull();
    expect(screen.getByText('1 tâche sans échéance n’apparaît pas dans le calendrier.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mois suivant' }));
    const february = screen.getByRole('table', { name: 'février 2030' });
    expect(within(within(february).getByRole('cell', { name: /^3 février 2030/ })).getByText('Bilan')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mois précédent' }));
    expect(screen.getByRole('table', { name: 'janvier 2030' })).toBeInTheDocument();
  });
});
