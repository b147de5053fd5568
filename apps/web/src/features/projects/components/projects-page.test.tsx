import type { Project } from '@jalon/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { problem, type RecordedCall } from '../../../test/http.ts';
import { renderWorkRoute } from '../../../test/render-route.tsx';
import { makeProject, projectId } from '../../../test/work-fixtures.ts';
import { serveWork } from '../../../test/work-server.ts';
import { ConflictsPanel } from '../../offline/index.ts';
import { ProjectsPage } from './projects-page.tsx';

const projects: Project[] = [
  makeProject(),
  makeProject({
    id: projectId(2),
    name: 'Application mobile',
    description: 'Été 2030, iOS et Android',
    status: 'on_hold',
    taskCount: 1,
    createdAt: '2030-01-01T09:00:00.000Z',
  }),
  makeProject({
    id: projectId(3),
    name: 'Migration',
    description: 'Base de données',
    status: 'completed',
    permissions: { canDelete: false },
    createdAt: '2029-12-01T09:00:00.000Z',
  }),
];

/** A server holding `projects`, answering the engine's pulls and batches; what `handler` answers wins. */
const serve = (handler: (call: RecordedCall) => Response | undefined = () => undefined) =>
  serveWork({ projects, handler });

const renderPage = () =>
  renderWorkRoute(
    <>
      <ProjectsPage />
      <ConflictsPanel />
    </>,
    '/projects',
  );
const card = (name: string) => screen.getByRole('article', { name });
const cardNames = () =>
  screen.queryAllByRole('article').map((article) => within(article).getByRole('heading').textContent);

describe('projects list', () => {
  it('shows each project as a card with its status, description, creation date and task count', async () => {
    serve();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Projets' })).toBeInTheDocument();
    const site = await screen.findByRole('article', { name: 'Site vitrine' });
    expect(within(site).getByText('Actif', { selector: '.status-badge' })).toBeInTheDocument();
    expect(within(site).getByText('Refonte du site public')).toBeInTheDocument();
    expect(within(site).getByText('Créé le 2 janvier 2030')).toBeInTheDocument();
    expect(within(site).getByText('3 tâches')).toBeInTheDocument();
    expect(within(site).getByRole('link', { name: 'Ouvrir' })).toHaveAttribute(
      'href',
      `/projects/${projectId(1)}`,
    );
    expect(within(card('Application mobile')).getByText('1 tâche')).toBeInTheDocument();
    // Deleting is offered only where the server allows it.
    expect(within(site).getByRole('button', { name: 'Supprimer' })).toBeInTheDocument();
    expect(within(card('Migration')).queryByRole('button', { name: 'Supprimer' })).not.toBeInTheDocument();
  });

  it('filters by status and searches name and description, ignoring case and accents', async () => {
    const user = userEvent.setup();
    serve();
    renderPage();
    await screen.findByRole('article', { name: 'Site vitrine' });
    const filter = screen.getByRole('combobox', { name: 'Filtrer par statut' });
    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Tous', 'Actif', 'En pause', 'Terminé', 'Annulé']);
    await user.selectOptions(filter, 'En pause');
    expect(cardNames()).toEqual(['Application mobile']);
    await user.selectOptions(filter, 'Tous');
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher un projet' }), 'ete');
    expect(cardNames()).toEqual(['Application mobile']);
    await user.clear(screen.getByRole('searchbox', { name: 'Rechercher un projet' }));
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher un projet' }), 'DONNÉES');
    expect(cardNames()).toEqual(['Migration']);
    await user.selectOptions(filter, 'Actif');
    expect(cardNames()).toEqual([]);
    expect(screen.getByText('Aucun projet ne correspond à ces critères.')).toBeInTheDocument();
  });

  it('requires name, description and deadline, and sends the deadline as the end of the chosen day', async () => {
    const user = userEvent.setup();
    const server = serve();
    renderPage();
    const toggle = screen.getByRole('button', { name: 'Nouveau Projet' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.type(screen.getByLabelText('Nom'), 'Nouveau site');
    await user.click(screen.getByRole('button', { name: 'Créer le projet' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Nom, description et échéance requis');
    expect(screen.getByLabelText('Description')).toHaveAttribute('aria-invalid', 'true');
    expect(server.operations()).toHaveLength(0);

    await user.type(screen.getByLabelText('Description'), '  Vitrine  ');
    await user.type(screen.getByLabelText('Échéance'), '2030-02-28');
    await user.click(screen.getByRole('button', { name: 'Créer le projet' }));
    await waitFor(() => expect(screen.queryByLabelText('Nom')).not.toBeInTheDocument());
    expect(await screen.findByRole('article', { name: 'Nouveau site' })).toBeInTheDocument();
    await waitFor(() => expect(server.operations()).toHaveLength(1));
    expect(server.operations()[0]).toMatchObject({ entity: 'project', op: 'upsert', version: 0 });
    expect(server.operations()[0]?.data).toEqual({
      name: 'Nouveau site',
      description: 'Vitrine',
      deadline: '2030-02-28T23:59:59.999Z',
    });
  });

  it("changes a status at once, 'En attente' until the batch with its version and base is answered", async () => {
    const user = userEvent.setup();
    const server = serve();
    renderPage();
    const site = await screen.findByRole('article', { name: 'Site vitrine' });
    const release = server.hold();
    await user.selectOptions(within(site).getByRole('combobox', { name: 'Statut' }), 'Terminé');
    expect(await within(site).findByText('Terminé', { selector: '.status-badge' })).toBeInTheDocument();
    expect(within(site).getByText('En attente')).toBeInTheDocument();
    await waitFor(() => expect(server.operations()).toHaveLength(1));
    expect(server.operations()[0]).toMatchObject({
      entity: 'project',
      op: 'patch',
      id: projectId(1),
      version: 2,
      data: { status: 'completed' },
      base: { status: 'active' },
    });
    release();
    await waitFor(() => expect(within(site).queryByText('En attente')).not.toBeInTheDocument());
    expect(server.row('project', projectId(1))).toMatchObject({ status: 'completed', version: 3 });
  });

  it("shows a clash in the 'Conflits' panel instead of overwriting, and keeps the server's version on request", async () => {
    const user = userEvent.setup();
    const server = serve();
    renderPage();
    const site = await screen.findByRole('article', { name: 'Site vitrine' });
    server.write('project', projectId(1), { status: 'cancelled' });
    server.conflictOn((operation) => operation.entity === 'project', ['status']);
    await user.selectOptions(within(site).getByRole('combobox', { name: 'Statut' }), 'Terminé');
    const panel = await screen.findByRole('complementary', { name: 'Conflits' });
    expect(panel).toHaveTextContent('Projet');
    expect(panel).toHaveTextContent('Modifiée ailleurs entre-temps');
    expect(within(site).getByText('Conflit')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Garder la version du serveur' }));
    await waitFor(() =>
      expect(within(site).getByRole('combobox', { name: 'Statut' })).toHaveValue('cancelled'),
    );
    await waitFor(() =>
      expect(screen.queryByRole('complementary', { name: 'Conflits' })).not.toBeInTheDocument(),
    );
  });

  it('asks for confirmation with the exact sentence before deleting', async () => {
    const user = userEvent.setup();
    const server = serve();
    renderPage();
    const site = await screen.findByRole('article', { name: 'Site vitrine' });
    await user.click(within(site).getByRole('button', { name: 'Supprimer' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Supprimer le projet' });
    expect(dialog).toHaveTextContent(
      'Êtes-vous sûr de vouloir supprimer ce projet ? Cette action est irréversible.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(server.operations()).toHaveLength(0);

    await user.click(within(site).getByRole('button', { name: 'Supprimer' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Site vitrine' })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(server.operations()).toHaveLength(1));
    expect(server.operations()[0]).toMatchObject({
      entity: 'project',
      op: 'delete',
      id: projectId(1),
      version: 2,
    });
    await waitFor(() => expect(server.row('project', projectId(1))?.deletedAt).not.toBeNull());
  });

  it("says 'Erreur: {message}' in place of the page when the list cannot load", async () => {
    serve((call) => (call.method === 'GET' ? problem(500, 'internal_error') : undefined));
    renderPage();
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent(
      'Erreur: Le serveur a rencontré une erreur. Réessayez plus tard.',
    );
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });
});
