import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWorkRouteWithShortcuts } from '../../../test/render-route.tsx';
import { makeProject, makeTask, projectId, taskId } from '../../../test/work-fixtures.ts';
import { serveWork } from '../../../test/work-server.ts';
import { ProjectDetailPage } from './project-detail-page.tsx';

const renderDetail = (id: string = projectId(1)) =>
  renderWorkRouteWithShortcuts(<ProjectDetailPage />, '/projects/:id', `/projects/${id}`);

describe('project detail', () => {
  it("edits the project's name, description and deadline where it is shown, as one change through the outbox at its version", async () => {
    const user = userEvent.setup();
    const server = serveWork({ projects: [makeProject()] });
    renderDetail();
    expect(await screen.findByRole('heading', { level: 1, name: 'Site vitrine' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Modifier le projet' }));
    const form = screen.getByRole('form', { name: 'Modifier le projet' });
    const name = within(form).getByLabelText('Nom');
    expect(name).toHaveValue('Site vitrine');
    await user.clear(name);
    const save = within(form).getByRole('button', { name: 'Enregistrer' });
    expect(save).toBeDisabled();
    await user.type(name, ' Site public ');
    await user.clear(within(form).getByLabelText('Description'));
    await user.type(within(form).getByLabelText('Description'), 'Le site de tous');
    await user.clear(within(form).getByLabelText('Échéance'));
    await user.type(within(form).getByLabelText('Échéance'), '2030-04-15');
    await user.click(save);
    expect(await screen.findByRole('heading', { level: 1, name: 'Site public' })).toBeInTheDocument();
    expect(screen.getByText('Le site de tous')).toBeInTheDocument();
    expect(screen.getByText('15 avril 2030')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Modifier le projet' })).toHaveFocus();
    await waitFor(() => expect(server.operations()).toHaveLength(1));
    const [change] = server.operations();
    expect(change).toMatchObject({
      entity: 'project',
      op: 'patch',
      id: projectId(1),
      version: makeProject().version,
    });
    expect(change?.data).toMatchObject({ name: 'Site public', description: 'Le site de tous' });
    expect(String(change?.data?.deadline)).toMatch(/^2030-04-15T/);
  });

  it('refuses a deadline in year 0001 under its field, and sends nothing', async () => {
    const user = userEvent.setup();
    const server = serveWork({ projects: [makeProject()] });
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Modifier le projet' }));
    const form = screen.getByRole('form', { name: 'Modifier le projet' });
    const deadline = within(form).getByLabelText('Échéance');
    await user.clear(deadline);
    await user.type(deadline, '0001-01-01');
    const refusal = 'La date doit être comprise entre les années 1900 et 9999.';
    expect(deadline).toHaveAccessibleDescription(refusal);
    expect(deadline).toHaveAttribute('aria-invalid', 'true');
    const save = within(form).getByRole('button', { name: 'Enregistrer' });
    expect(save).toBeDisabled();
    await user.click(save);
    expect(server.operations()).toHaveLength(0);
  });

  it("leaves the project as it was on 'Annuler', and sends nothing", async () => {
    const user = userEvent.setup();
    const server = serveWork({ projects: [makeProject()] });
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Modifier le projet' }));
    await user.type(screen.getByLabelText('Nom'), ' bis');
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Site vitrine' })).toBeInTheDocument();
    expect(server.operations()).toHaveLength(0);
  });

  it('shows the project, its tasks with badges and dates, and adds a quick task whose description is its title', async () => {
    const user = userEvent.setup();
    const server = serveWork({
      projects: [makeProject()],
      tasks: [
        makeTask({ status: 'in_review', deadline: '2030-02-10T23:59:59.999Z' }),
        makeTask({
          id: taskId(2),
          title: 'Tests',
          description: '',
          status: 'done',
          createdAt: '2030-01-04T09:00:00.000Z',
        }),
        makeTask({ id: taskId(3), title: 'Ailleurs', project: projectId(2) }),
      ],
    });
    renderDetail();
    expect(screen.getByText('Chargement…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Site vitrine' })).toBeInTheDocument();
    expect(screen.getByText('Actif')).toBeInTheDocument();
    expect(screen.getByText('Refonte du site public')).toBeInTheDocument();
    expect(screen.getByText('31 mars 2030')).toBeInTheDocument();
    expect(screen.getByText('2 janvier 2030')).toBeInTheDocument();

    // Its progress and counters in the header, from the device's copy of its tasks.
    expect(screen.getByText('Progression : 40 %')).toBeInTheDocument();
    const counters = screen.getByRole('group', { name: 'Tâches par statut' });
    expect(counters).toHaveTextContent('Tâches2');
    expect(counters).toHaveTextContent('En revue1');
    expect(counters).toHaveTextContent('Terminée1');
    expect(counters).toHaveTextContent('À faire0');

    const list = await screen.findByRole('table', { name: 'Liste' });
    const first = within(list).getByRole('row', { name: 'Maquette accueil' });
    expect(within(first).getByRole('combobox', { name: /^Statut/ })).toHaveDisplayValue('En revue');
    expect(within(first).getByText('Première version de la page')).toBeInTheDocument();
    expect(within(first).getByText('10 février 2030')).toBeInTheDocument();
    expect(
      within(within(list).getByRole('row', { name: 'Tests' })).getByRole('combobox', { name: /^Statut/ }),
    ).toHaveDisplayValue('Terminée');
    // Only this project's tasks, from the device's copy of all of them.
    expect(within(list).getAllByRole('row')).toHaveLength(3);
    expect(within(list).queryByText('Ailleurs')).not.toBeInTheDocument();

    const add = screen.getByRole('button', { name: 'Ajouter' });
    expect(add).toBeDisabled();
    await user.type(screen.getByLabelText('Titre de la tâche'), '   ');
    expect(add).toBeDisabled();
    await user.type(screen.getByLabelText('Titre de la tâche'), 'Relire les textes  ');
    await user.click(add);
    await waitFor(() =>
      expect(within(list).getByRole('row', { name: 'Relire les textes' })).toBeInTheDocument(),
    );
    await waitFor(() => expect(server.operations()).toHaveLength(1));
    expect(server.operations()[0]).toMatchObject({ entity: 'task', op: 'upsert', version: 0 });
    expect(server.operations()[0]?.data).toEqual({
      title: 'Relire les textes',
      project: projectId(1),
      description: 'Relire les textes',
    });
    expect(screen.getByLabelText('Titre de la tâche')).toHaveValue('');
  });

  it('shows its tasks in the three views of the task screen (the list without a project column), switched with the keys 1, 2 and 3', async () => {
    const user = userEvent.setup();
    serveWork({
      projects: [makeProject()],
      tasks: [
        makeTask({ status: 'in_progress' }),
        makeTask({ id: taskId(3), title: 'Ailleurs', project: projectId(2) }),
      ],
    });
    const { router } = renderDetail();
    const list = await screen.findByRole('table', { name: 'Liste' });
    // Every row is this project's: the list has no project column, each row one cell per header.
    const headers = within(list)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'Statut',
      'Priorité',
      'Titre',
      'Étiquettes',
      'Assigné à',
      'Échéance',
      'Estimation',
      'Actions',
    ]);
    expect(within(screen.getByRole('row', { name: 'Maquette accueil' })).getAllByRole('cell')).toHaveLength(
      headers.length,
    );
    await user.keyboard('1');
    // The columns after the first render a frame after the board (RenderAfterPaint).
    const doing = await screen.findByRole('region', { name: /^En cours/ });
    expect(await within(doing).findByRole('article', { name: 'Maquette accueil' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Ailleurs' })).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?view=kanban');
    await user.keyboard('3');
    expect(screen.getByRole('group', { name: 'Vue' })).toContainElement(
      screen.getByRole('button', { name: 'Calendrier', pressed: true }),
    );
    await user.keyboard('2');
    expect(screen.getByRole('table', { name: 'Liste' })).toBeInTheDocument();
  });

  it("says 'Projet introuvable.' for an unknown project and offers the way back", async () => {
    const user = userEvent.setup();
    serveWork({ projects: [makeProject()] });
    const { router } = renderDetail(projectId(7));
    expect(await screen.findByText('Projet introuvable.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retour' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Tous les projets' }));
    expect(router.state.location.pathname).toBe('/projects');
  });

  it("treats an id that is not one ('/projects/42') as unknown too", async () => {
    serveWork({ projects: [makeProject()] });
    renderDetail('42');
    expect(await screen.findByText('Projet introuvable.')).toBeInTheDocument();
  });
});
