import type { Project } from '@jalon/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, pathOf, problem, type RecordedCall } from '../../../test/http.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { listBody, makeProject, projectId } from '../../../test/work-fixtures.ts';
import { ProjectsPage } from './projects-page.tsx';

const projects: Project[] = [
  makeProject(),
  makeProject({ id: projectId(2), name: 'Application mobile', description: 'Été 2030, iOS et Android', status: 'on_hold', taskCount: 1 }),
  makeProject({ id: projectId(3), name: 'Migration', description: 'Base de données', status: 'completed', permissions: { canDelete: false } }),
];

/** A server holding `projects`; what `handler` answers wins, and a created project joins the list. */
function serve(handler: (call: RecordedCall) => Response | undefined = () => undefined): RecordedCall[] {
  const rows = [...projects];
  return mockFetch(async (call) => {
    const answer = handler(call);
    if (answer?.status === 201) rows.unshift(((await answer.clone().json()) as { data: Project }).data);
    if (answer) return answer;
    if (pathOf(call) === '/projects' && call.method === 'GET') return listBody(rows);
    return problem(404, 'not_found');
  });
}

const renderPage = () => renderRoute(<ProjectsPage />, '/projects');
const card = (name: string) => screen.getByRole('article', { name });
const cardNames = () => screen.queryAllByRole('article').map((article) => within(article).getByRole('heading').textContent);

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
    expect(within(site).getByRole('link', { name: 'Ouvrir' })).toHaveAttribute('href', `/projects/${projectId(1)}`);
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
    expect(within(filter).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Tous',
      'Actif',
      'En pause',
      'Terminé',
      'Annulé',
    ]);
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
    const calls = serve((call) =>
      call.method === 'POST' ? json(makeProject({ id: projectId(9), name: 'Nouveau site' }), { status: 201 }) : undefined,
    );
    renderPage();
    const toggle = screen.getByRole('button', { name: 'Nouveau Projet' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.type(screen.getByLabelText('Nom'), 'Nouveau site');
    await user.click(screen.getByRole('button', { name: 'Créer le projet' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Nom, description et échéance requis');
    expect(screen.getByLabelText('Description')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.type(screen.getByLabelText('Description'), '  Vitrine  ');
    await user.type(screen.getByLabelText('Échéance'), '2030-02-28');
    await user.click(screen.getByRole('button', { name: 'Créer le projet' }));
    await waitFor(() => expect(screen.queryByLabelText('Nom')).not.toBeInTheDocument());
    const post = calls.find((call) => call.method === 'POST')!;
    expect(pathOf(post)).toBe('/projects');
    expect(post.body).toEqual({ name: 'Nouveau site', description: 'Vitrine', deadline: '2030-02-28T23:59:59.999Z' });
    expect(await screen.findByRole('article', { name: 'Nouveau site' })).toBeInTheDocument();
  });

  it('changes a status at once with PUT and X-Entity-Version, and keeps the server answer', async () => {
    const user = userEvent.setup();
    const calls = serve((call) =>
      call.method === 'PUT' ? json(makeProject({ status: 'completed', version: 3 })) : undefined,
    );
    renderPage();
    const site = await screen.findByRole('article', { name: 'Site vitrine' });
    await user.selectOptions(within(site).getByRole('combobox', { name: 'Statut' }), 'Terminé');
    expect(within(site).getByText('Terminé', { selector: '.status-badge' })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(pathOf(put)).toBe(`/projects/${projectId(1)}`);
    expect(put.body).toEqual({ status: 'completed' });
    expect(put.headers.get('X-Entity-Version')).toBe('2');
  });

  it('shows a conflict instead of overwriting, and reloads the server version on request', async () => {
    const user = userEvent.setup();
    const server = makeProject({ status: 'cancelled', version: 5 });
    serve((call) =>
      call.method === 'PUT'
        ? problem(409, 'version_conflict', { reason: 'version_mismatch', server, serverVersion: 5, client: { status: 'completed' }, clientVersion: 2 })
        : undefined,
    );
    renderPage();
    const site = await screen.findByRole('article', { name: 'Site vitrine' });
    await user.selectOptions(within(site).getByRole('combobox', { name: 'Statut' }), 'Terminé');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Conflit : ce projet a été modifié entre-temps.');
    expect(alert).toHaveTextContent('Version du serveur : 5, statut « Annulé ».');
    // The optimistic change was rolled back.
    expect(within(site).getByRole('combobox', { name: 'Statut' })).toHaveValue('active');
    await user.click(within(alert).getByRole('button', { name: 'Recharger le projet' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(within(site).getByRole('combobox', { name: 'Statut' })).toHaveValue('cancelled');
  });

  it('replaces the page with the error when an update fails', async () => {
    const user = userEvent.setup();
    serve((call) => (call.method === 'PUT' ? problem(403, 'forbidden') : undefined));
    renderPage();
    const site = await screen.findByRole('article', { name: 'Site vitrine' });
    await user.selectOptions(within(site).getByRole('combobox', { name: 'Statut' }), 'Annulé');
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur: Action non autorisée.');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('asks for confirmation with the exact sentence before deleting', async () => {
    const user = userEvent.setup();
    const calls = serve((call) => (call.method === 'DELETE' ? json({ id: projectId(1), deleted: true }) : undefined));
    renderPage();
    const site = await screen.findByRole('article', { name: 'Site vitrine' });
    await user.click(within(site).getByRole('button', { name: 'Supprimer' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Supprimer le projet' });
    expect(dialog).toHaveTextContent('Êtes-vous sûr de vouloir supprimer ce projet ? Cette action est irréversible.');
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(within(site).getByRole('button', { name: 'Supprimer' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Site vitrine' })).not.toBeInTheDocument());
    expect(pathOf(calls.find((call) => call.method === 'DELETE')!)).toBe(`/projects/${projectId(1)}`);
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
