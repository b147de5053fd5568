import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { reloadColorScheme } from '../../features/preferences/theme-store.ts';
import { getSession, updateSession } from '../../lib/session-store.ts';
import { deleteOfflineStore } from '../../offline/indexeddb-store.ts';
import { makeMe, makeUser } from '../../test/fixtures.ts';
import { json, mockFetch, pathOf } from '../../test/http.ts';
import { renderApp } from '../../test/render-app.tsx';
import { hashLocation } from '../../lib/navigation.ts';
import { makeProject, projectId } from '../../test/work-fixtures.ts';
import { serveWork } from '../../test/work-server.ts';

// Discarding on sign-out deletes the person's IndexedDB database: here, only whether it was asked to.
vi.mock('../../offline/indexeddb-store.ts', async (original) => ({
  ...(await original<object>()),
  deleteOfflineStore: vi.fn(() => Promise.resolve()),
}));

/** The signed-in app over a server that answers the session routes and the offline engine's pulls and batches. */
function signedInApp(path = '/dashboard', location?: Parameters<typeof renderApp>[2]) {
  vi.mocked(deleteOfflineStore).mockClear();
  updateSession({
    token: 'tok-1',
    sessionId: 'sess-1',
    sessionExpiry: '2999-01-01T00:00:00.000Z',
    user: makeUser(),
  });
  const server = serveWork({
    handler: (call) => {
      if (pathOf(call) === '/auth/me') return json(makeMe());
      if (pathOf(call) === '/auth/logout') return json({ loggedOut: true });
      return undefined;
    },
  });
  return { calls: server.calls, server, ...renderApp(path, undefined, location) };
}

/** Leaves one status change unsent on this device: the network fails its batch. */
async function unsentEdit(server: ReturnType<typeof serveWork>) {
  const site = await screen.findByRole('article', { name: 'Site vitrine' });
  server.failNetwork(true);
  await userEvent.selectOptions(within(site).getByRole('combobox', { name: 'Statut' }), 'Terminé');
  await waitFor(() => expect(server.batches().length).toBeGreaterThan(0));
  expect(await screen.findByRole('status', { name: 'État de la connexion' })).toHaveTextContent(
    '1 modification en attente',
  );
}

describe('app shell', () => {
  it('toggles the theme, names the mode it switches to, and remembers it', async () => {
    reloadColorScheme();
    signedInApp();
    const toggle = await screen.findByRole('button', { name: 'Mode sombre' });
    await userEvent.click(toggle);
    expect(toggle).toHaveAccessibleName('Mode clair');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('jalon:theme')).toBe('dark');
    await userEvent.click(toggle);
    expect(localStorage.getItem('jalon:theme')).toBe('light');
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('shows the connection state and follows the browser going offline', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    signedInApp();
    expect(await screen.findByRole('status', { name: 'État de la connexion' })).toHaveTextContent('En ligne');
    onLine.mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByRole('status', { name: 'État de la connexion' })).toHaveTextContent(
      'Pas de connexion internet',
    );
    // TanStack Query follows the same events: put the world back online for the next tests.
    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.getByRole('status', { name: 'État de la connexion' })).toHaveTextContent('En ligne');
  });

  it('does not show the Conflits panel when there is no conflict', async () => {
    signedInApp();
    await screen.findByRole('heading', { level: 1, name: 'Bonjour, alice' });
    expect(screen.queryByRole('heading', { name: 'Conflits' })).not.toBeInTheDocument();
  });

  it('signs out: revokes the session on the server, forgets it, and shows the login screen', async () => {
    const { calls, router } = signedInApp();
    await userEvent.click(await screen.findByRole('button', { name: 'Se déconnecter' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    const logout = calls.find((call) => pathOf(call) === '/auth/logout');
    expect(logout?.method).toBe('POST');
    expect(logout?.headers.get('Authorization')).toBe('Bearer tok-1');
    expect(getSession()).toEqual({
      token: null,
      tempToken: null,
      user: null,
      sessionId: null,
      sessionExpiry: null,
    });
  });

  it('signs out locally even when the server cannot be reached', async () => {
    updateSession({ token: 'tok-1', sessionId: 'sess-1', user: makeUser() });
    mockFetch((call) => {
      if (pathOf(call) === '/auth/me') return json(makeMe());
      throw new TypeError('Failed to fetch');
    });
    renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Se déconnecter' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeInTheDocument();
    expect(getSession().token).toBeNull();
  });

  it("asks before signing out with unsent changes: 'Annuler' stays, 'Garder pour cet utilisateur' keeps the copy", async () => {
    const { server, calls } = signedInApp('/projects');
    await unsentEdit(server);
    await userEvent.click(screen.getByRole('button', { name: 'Se déconnecter' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Modifications non envoyées' });
    expect(dialog).toHaveTextContent('1 modification n’a pas encore été envoyée au serveur.');
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(
      expect.arrayContaining(['Envoyer maintenant', 'Garder pour cet utilisateur', 'Abandonner', 'Annuler']),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.some((call) => pathOf(call) === '/auth/logout')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Se déconnecter' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Garder pour cet utilisateur' }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeInTheDocument();
    expect(calls.some((call) => pathOf(call) === '/auth/logout')).toBe(true);
    expect(deleteOfflineStore).not.toHaveBeenCalled();
  });

  it("the palette's 'Se déconnecter' asks the same question before signing out with unsent changes", async () => {
    const { server, calls } = signedInApp('/projects');
    await unsentEdit(server);
    await userEvent.keyboard('{Control>}k{/Control}');
    await userEvent.click(await screen.findByRole('option', { name: 'Se déconnecter' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Modifications non envoyées' });
    expect(dialog).toHaveTextContent('1 modification n’a pas encore été envoyée au serveur.');
    expect(calls.some((call) => pathOf(call) === '/auth/logout')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Garder pour cet utilisateur' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeInTheDocument();
    expect(calls.some((call) => pathOf(call) === '/auth/logout')).toBe(true);
  });

  it("'Abandonner' on sign-out deletes this person's offline database", async () => {
    const { server } = signedInApp('/projects');
    await unsentEdit(server);
    await userEvent.click(screen.getByRole('button', { name: 'Se déconnecter' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Abandonner' }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeInTheDocument();
    expect(deleteOfflineStore).toHaveBeenCalledWith(makeUser().id);
    expect(server.row('project', projectId(1))).toMatchObject({ status: makeProject().status });
  });

  it("'Envoyer maintenant' sends the unsent changes, then signs out; a failed send says so and stays", async () => {
    const { server, calls } = signedInApp('/projects');
    await unsentEdit(server);
    await userEvent.click(screen.getByRole('button', { name: 'Se déconnecter' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Modifications non envoyées' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer maintenant' }));
    expect(
      await within(dialog).findByText(/L’envoi a échoué : les modifications sont gardées sur cet appareil\./),
    ).toBeInTheDocument();
    expect(calls.some((call) => pathOf(call) === '/auth/logout')).toBe(false);

    server.failNetwork(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer maintenant' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeInTheDocument();
    expect(server.row('project', projectId(1))).toMatchObject({ status: 'completed' });
    expect(deleteOfflineStore).not.toHaveBeenCalled();
  });

  it('toasts the outcome of background writes: a failed send, then the waiting change sent', async () => {
    const { server } = signedInApp('/projects');
    await unsentEdit(server);
    const toasts = () => screen.getAllByRole('status').find((region) => region.classList.contains('toasts'));
    await waitFor(() => expect(toasts()).toHaveTextContent('L’envoi a échoué : nouvel essai automatique.'));
    server.failNetwork(false);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(toasts()).toHaveTextContent('1 modification en attente envoyée.'));
  });

  it("'Aller au contenu' puts the keyboard on the screen and leaves the address alone, under the hash router too", async () => {
    const user = userEvent.setup();
    // Served from a raw IP address, the app routes in the hash: '#main' would be read as an address.
    const { router } = signedInApp('/projects', hashLocation);
    expect(await screen.findByRole('heading', { level: 1, name: 'Projets' })).toBeInTheDocument();
    await user.keyboard('{Tab}');
    const skip = screen.getByRole('link', { name: 'Aller au contenu' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    expect(window.location.hash).toBe('#/projects');
    expect(router.state.location.pathname).toBe('/projects');
    expect(screen.getByRole('heading', { level: 1, name: 'Projets' })).toBeInTheDocument();
  });

  it('shows the keyboard shortcuts help, its search box and the empty text', async () => {
    signedInApp('/shortcuts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Raccourcis clavier' })).toBeInTheDocument();
    for (const name of ['Navigation', 'Actions', 'Vue projet']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(screen.getByRole('row', { name: 'g puis d Aller au tableau de bord' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: '3 Vue calendrier' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Rechercher un raccourci' })).toBeInTheDocument();
    expect(screen.getByText("Aucune tâche pour l'instant.")).toBeInTheDocument();
  });

  it.each([
    ['/tasks/new', 'Nouvelle tâche'],
    ['/projects/42', 'Projets'],
  ])('%s opens its screen inside the shell', async (path, heading) => {
    signedInApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Navigation principale' })).toBeInTheDocument();
  });
});
