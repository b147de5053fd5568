import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, pathOf, problem } from '../../../test/http.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { listBody, makeProject, makeTask, projectId, taskId } from '../../../test/work-fixtures.ts';
import { ProjectDetailPage } from './project-detail-page.tsx';

const renderDetail = (id: string = projectId(1)) =>
  renderRoute(<ProjectDetailPage />, '/projects/:id', `/projects/${id}`);

describe('project detail', () => {
  it('shows the project, its tasks with badges and dates, and adds a quick task whose description is its title', async () => {
    const user = userEvent.setup();
    const created = makeTask({ id: taskId(9), title: 'Relire les textes', description: 'Relire les textes' });
    const calls = mockFetch((call) => {
      const path = pathOf(call);
      if (path === `/projects/${projectId(1)}`) return json(makeProject());
      if (path.startsWith('/tasks?') && call.method === 'GET')
        return listBody([
          makeTask({ status: 'in_review', deadline: '2030-02-10T23:59:59.999Z' }),
          makeTask({ id: taskId(2), title: 'Tests', description: '', status: 'done' }),
        ]);
      if (path === '/tasks' && call.method === 'POST') return json(created, { status: 201 });
      return problem(404, 'not_found');
    });
    renderDetail();
    expect(screen.getByText('Chargement…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Site vitrine' })).toBeInTheDocument();
    expect(screen.getByText('Actif')).toBeInTheDocument();
    expect(screen.getByText('Refonte du site public')).toBeInTheDocument();
    expect(screen.getByText('31 mars 2030')).toBeInTheDocument();
    expect(screen.getByText('2 janvier 2030')).toBeInTheDocument();

    const list = await screen.findByRole('list', { name: 'Tâches du projet' });
    const first = within(list).getAllByRole('listitem')[0]!;
    expect(within(first).getByText('En revue')).toBeInTheDocument();
    expect(within(first).getByText('Première version de la page')).toBeInTheDocument();
    expect(within(first).getByText('Créée le 5 janvier 2030')).toBeInTheDocument();
    expect(within(first).getByText('Échéance : 10 février 2030')).toBeInTheDocument();
    expect(within(list).getByText('Terminée')).toBeInTheDocument();
    expect(within(list).getByText('Sans échéance')).toBeInTheDocument();
    const taskCall = calls.find((call) => pathOf(call).startsWith('/tasks?'))!;
    expect(new URL(taskCall.url, 'http://x').searchParams.get('projectId')).toBe(projectId(1));

    const add = screen.getByRole('button', { name: 'Ajouter' });
    expect(add).toBeDisabled();
    await user.type(screen.getByLabelText('Titre de la tâche'), '   ');
    expect(add).toBeDisabled();
    await user.type(screen.getByLabelText('Titre de la tâche'), 'Relire les textes  ');
    await user.click(add);
    await waitFor(() => expect(within(list).getByText('Relire les textes', { selector: 'h3' })).toBeInTheDocument());
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.body).toEqual({ title: 'Relire les textes', project: projectId(1), description: 'Relire les textes' });
    expect(screen.getByLabelText('Titre de la tâche')).toHaveValue('');
  });

  it("says 'Projet introuvable.' for an unknown project and offers the way back", async () => {
    const user = userEvent.setup();
    mockFetch(() => problem(404, 'not_found'));
    const { router } = renderDetail(projectId(7));
    expect(await screen.findByText('Projet introuvable.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retour' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Tous les projets' }));
    expect(router.state.location.pathname).toBe('/projects');
  });

  it("treats an id that is not one ('/projects/42') as unknown too", async () => {
    mockFetch(() => problem(400, 'validation_failed', { errors: [{ path: 'id', message: 'Invalid UUID' }] }));
    renderDetail('42');
    expect(await screen.findByText('Projet introuvable.')).toBeInTheDocument();
  });
});
