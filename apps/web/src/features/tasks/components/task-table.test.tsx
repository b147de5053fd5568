import type { Member } from '@jalon/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, pathOf } from '../../../test/http.ts';
import { renderWorkRoute } from '../../../test/render-route.tsx';
import { makeProject, makeTask, projectId, taskId } from '../../../test/work-fixtures.ts';
import { serveWork, type WorkServerOptions } from '../../../test/work-server.ts';
import { TasksPage } from './tasks-page.tsx';

const MEMBERS: Member[] = [
  { id: 'u-anna', username: 'Anna Roux', role: 'member', active: true },
  { id: 'u-bruno', username: 'Bruno Parti', role: 'member', active: false },
];
const projects = [
  makeProject(),
  makeProject({ id: projectId(2), name: 'Interne', createdAt: '2030-01-01T09:00:00.000Z' }),
];
const tasks = [
  makeTask({
    id: taskId(1),
    title: 'Maquette accueil',
    status: 'todo',
    priority: 'high',
    assignee: 'u-anna',
    deadline: '2030-03-01T12:00:00.000Z',
  }),
  makeTask({
    id: taskId(2),
    title: 'Écrire la FAQ',
    description: 'Questions fréquentes',
    status: 'done',
    priority: 'low',
  }),
  makeTask({
    id: taskId(3),
    title: 'Budget',
    status: 'todo',
    priority: 'medium',
    project: projectId(2),
    assignee: 'u-bruno',
    deadline: '2030-01-20T12:00:00.000Z',
  }),
];
const serve = (options: WorkServerOptions = {}) =>
  serveWork({
    projects,
    tasks,
    handler: (call) => (pathOf(call) === '/members?include=deactivated' ? json(MEMBERS) : undefined),
    ...options,
  });
const renderTasks = (entry = '/tasks') => renderWorkRoute(<TasksPage />, '/tasks', entry);
const shownTitles = () =>
  within(screen.getByRole('table', { name: 'Liste' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.getAttribute('aria-label'));

describe('task filters', () => {
  it('narrows all three views, keeps each filter in the address, and resets them all', async () => {
    const user = userEvent.setup();
    serve();
    const { router } = renderTasks();
    await screen.findByRole('row', { name: 'Budget' });
    const filters = screen.getByRole('search', { name: 'Filtres' });

    await user.selectOptions(within(filters).getByLabelText('Statut'), 'À faire');
    expect(router.state.location.search).toBe('?status=todo');
    expect(shownTitles().sort()).toEqual(['Budget', 'Maquette accueil']);
    expect(screen.getByText('2 tâches')).toBeInTheDocument();

    await user.selectOptions(within(filters).getByLabelText('Projet'), 'Interne');
    expect(shownTitles()).toEqual(['Budget']);
    await user.selectOptions(within(filters).getByLabelText('Projet'), 'Tous');
    await waitFor(() =>
      expect(within(filters).getByRole('option', { name: 'Bruno Parti (désactivé)' })).toBeInTheDocument(),
    );
    await user.selectOptions(within(filters).getByLabelText('Assigné à'), 'Anna Roux');
    expect(shownTitles()).toEqual(['Maquette accueil']);
    expect(new URLSearchParams(router.state.location.search).get('assignee')).toBe('u-anna');

    // The kanban and the calendar show the same filtered tasks.
    await user.click(screen.getByRole('button', { name: 'Kanban' }));
    expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual([
      'Maquette accueil',
    ]);

    await user.click(screen.getByRole('button', { name: 'Réinitialiser les filtres' }));
    expect(router.state.location.search).toBe('?view=kanban');
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Réinitialiser les filtres' })).toBeDisabled();
  });

  it('opens with the filters of its address, as after a reload or from a shared link', async () => {
    serve();
    renderTasks('/tasks?q=frequentes&priority=low');
    await screen.findByRole('row', { name: 'Écrire la FAQ' });
    expect(shownTitles()).toEqual(['Écrire la FAQ']);
    const filters = screen.getByRole('search', { name: 'Filtres' });
    expect(within(filters).getByLabelText('Rechercher')).toHaveValue('frequentes');
    expect(within(filters).getByLabelText('Priorité')).toHaveDisplayValue('Basse');
  });

  it("says so when no task matches, and 'Non assigné' finds the tasks nobody holds", async () => {
    const user = userEvent.setup();
    serve();
    const { router } = renderTasks('/tasks?assignee=none');
    await screen.findByRole('row', { name: 'Écrire la FAQ' });
    expect(shownTitles()).toEqual(['Écrire la FAQ']);
    await user.type(screen.getByLabelText('Rechercher'), 'budget');
    expect(screen.getByText('Aucune tâche ne correspond aux filtres.')).toBeInTheDocument();
    // Typed key by key, each one a navigation: no letter is lost on the way to the address.
    expect(screen.getByLabelText('Rechercher')).toHaveValue('budget');
    expect(router.state.location.search).toBe('?assignee=none&q=budget');
  });
});

describe('task table', () => {
  it('sorts by a column header, ascending then descending, and says so with aria-sort', async () => {
    const user = userEvent.setup();
    serve();
    const { router } = renderTasks();
    await screen.findByRole('row', { name: 'Budget' });
    const deadline = screen.getByRole('columnheader', { name: /Échéance/ });
    expect(deadline).not.toHaveAttribute('aria-sort');

    await user.click(within(deadline).getByRole('button'));
    expect(deadline).toHaveAttribute('aria-sort', 'ascending');
    expect(shownTitles()).toEqual(['Budget', 'Maquette accueil', 'Écrire la FAQ']);
    expect(router.state.location.search).toBe('?sort=deadline');

    await user.click(within(deadline).getByRole('button'));
    expect(deadline).toHaveAttribute('aria-sort', 'descending');
    expect(shownTitles()).toEqual(['Maquette accueil', 'Budget', 'Écrire la FAQ']);

    const title = screen.getByRole('columnheader', { name: /Titre/ });
    await user.click(within(title).getByRole('button'));
    expect(title).toHaveAttribute('aria-sort', 'ascending');
    expect(deadline).not.toHaveAttribute('aria-sort');
    expect(shownTitles()).toEqual(['Budget', 'Écrire la FAQ', 'Maquette accueil']);
  });

  it('changes the status and the priority from the row, as edits through the outbox, and announces them', async () => {
    const user = userEvent.setup();
    const server = serve();
    renderTasks();
    const row = await screen.findByRole('row', { name: 'Budget' });
    const release = server.hold();
    await user.selectOptions(within(row).getByRole('combobox', { name: 'Statut de « Budget »' }), 'En revue');
    expect(within(row).getByRole('combobox', { name: 'Statut de « Budget »' })).toHaveDisplayValue(
      'En revue',
    );
    expect(await within(row).findByText('En attente')).toBeInTheDocument();
    expect(screen.getByText('« Budget » : statut En revue.')).toBeInTheDocument();
    await waitFor(() => expect(server.operations()).toHaveLength(1));
    expect(server.operations()[0]).toMatchObject({
      op: 'patch',
      id: taskId(3),
      data: { status: 'in_review' },
      base: { status: 'todo' },
    });
    release();
    await waitFor(() => expect(within(row).queryByText('En attente')).not.toBeInTheDocument());

    await user.selectOptions(within(row).getByRole('combobox', { name: 'Priorité de « Budget »' }), 'Haute');
    expect(screen.getByText('« Budget » : priorité Haute.')).toBeInTheDocument();
    await waitFor(() =>
      expect(server.row('task', taskId(3))).toMatchObject({ status: 'in_review', priority: 'high' }),
    );
  });
});
