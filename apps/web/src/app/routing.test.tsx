import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ProjectDetailPage } from '../features/projects/components/project-detail-page.tsx';
import { renderApp } from '../test/render-app.tsx';
import { renderWorkRoute } from '../test/render-route.tsx';
import { makeProject, projectId } from '../test/work-fixtures.ts';
import { serveWork } from '../test/work-server.ts';

// The invitation screen's code cannot be fetched, as when the network drops a chunk.
vi.mock('./routes/invitation-route.tsx', () =>
  Promise.reject(new Error('Failed to fetch dynamically imported module')),
);

/** What a person sees of the app's routing, through wouter: each behaviour the app relied on before it. */
describe('routing', () => {
  it("shows the spinner while a screen's code loads, then the screen", async () => {
    renderApp('/login');
    expect(screen.getByRole('status')).toHaveTextContent('Chargement…');
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeInTheDocument();
  });

  it('ignores letter case and a trailing slash in an address typed by hand', async () => {
    renderApp('/Login/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeInTheDocument();
  });

  it('shows the error screen when a screen cannot load, and the next address opens normally', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router } = renderApp('/invitation?token=abc');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Une erreur est survenue.' }),
    ).toBeInTheDocument();
    await router.navigate('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeInTheDocument();
  });

  it('?forceLogin leaves no entry in the history: Back goes to the screen before it', async () => {
    serveWork({});
    const { router } = renderApp('/reset-password?token=abc');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Réinitialiser le mot de passe' }),
    ).toBeInTheDocument();
    const entries = window.history.length;
    await router.navigate('/dashboard?forceLogin=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeInTheDocument();
    expect(router.state.location).toMatchObject({ pathname: '/login', search: '' });
    expect(window.history.length).toBe(entries + 1);
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/reset-password'));
  });
});

describe("'Retour'", () => {
  it('goes to the list when the project was opened directly', async () => {
    serveWork({ projects: [makeProject()] });
    const { router } = renderWorkRoute(<ProjectDetailPage />, '/projects/:id', `/projects/${projectId(1)}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Site vitrine' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retour' }));
    expect(router.state.location.pathname).toBe('/projects');
  });

  it('goes back where the person came from', async () => {
    serveWork({ projects: [makeProject()] });
    const { router } = renderWorkRoute(<ProjectDetailPage />, '/projects/:id', '/tasks?view=kanban');
    await router.navigate(`/projects/${projectId(1)}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Site vitrine' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retour' }));
    await waitFor(() =>
      expect(router.state.location).toMatchObject({ pathname: '/tasks', search: '?view=kanban' }),
    );
  });
});
