import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { reloadColorScheme } from '../../features/preferences/theme-store.ts';
import { getSession, updateSession } from '../../lib/session-store.ts';
import { makeMe, makeUser } from '../../test/fixtures.ts';
import { json, mockFetch, pathOf, problem } from '../../test/http.ts';
import { renderApp } from '../../test/render-app.tsx';

function signedInApp(path = '/dashboard') {
  updateSession({
    token: 'tok-1',
    sessionId: 'sess-1',
    sessionExpiry: '2999-01-01T00:00:00.000Z',
    user: makeUser(),
  });
  const calls = mockFetch((call) => {
    if (pathOf(call) === '/auth/me') return json(makeMe());
    if (pathOf(call) === '/auth/logout') return json({ loggedOut: true });
    return problem(404, 'not_found');
  });
  return { calls, ...renderApp(path) };
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
    expect(screen.getByRole('status', { name: 'État de la connexion' })).toHaveTextContent('Hors ligne');
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
