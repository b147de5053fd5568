import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession, updateSession } from '../lib/session-store.ts';
import { makeMe, makeUser } from '../test/fixtures.ts';
import { json, mockFetch, pathOf, problem, type RecordedCall } from '../test/http.ts';
import { renderApp } from '../test/render-app.tsx';
import { serveWork } from '../test/work-server.ts';

const signIn = (role: 'admin' | 'member' = 'member') =>
  updateSession({
    token: 'tok-1',
    sessionId: 'sess-1',
    sessionExpiry: '2999-01-01T00:00:00.000Z',
    user: makeUser({ role }),
  });

/** A server that knows one user and answers the offline engine's pulls and batches; every call is recorded. */
function serve(me = makeMe()): RecordedCall[] {
  return serveWork({
    handler: (call) => {
      if (pathOf(call) === '/auth/me') return json(me);
      if (pathOf(call) === '/auth/logout') return json({ loggedOut: true });
      if (pathOf(call) === '/auth/methods') return json({ password: 'on', sso: null });
      return undefined;
    },
  }).calls;
}

const meCalls = (calls: RecordedCall[]) => calls.filter((call) => pathOf(call) === '/auth/me');
const storedSessionKeys = () =>
  ['token', 'tempToken', 'user', 'sessionId', 'sessionExpiry'].filter((key) =>
    localStorage.getItem(`jalon:${key}`),
  );

describe('route guard', () => {
  it('sends a signed-out visitor of a protected page to /login', async () => {
    const calls = serve();
    const { router } = renderApp('/tasks');
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    // Only the public question of what /login offers (the identity provider's button): nothing of a session.
    await waitFor(() => expect(calls.map(pathOf)).toEqual(['/auth/methods']));
  });

  it('remembers the page a signed-out visitor opened, for the sign-in to land there', async () => {
    serve();
    const { router } = renderApp('/tasks/task-1?view=table');
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('returnTo')).toBe(
      '/tasks/task-1?view=table',
    );
  });

  it('shows a spinner while verifying the session once, then the page', async () => {
    signIn();
    const calls = serve();
    renderApp('/dashboard');
    expect(await screen.findByText('Vérification de la session…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Bonjour, alice' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Navigation principale' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    for (const name of ['Projets', 'Tâches', 'Sécurité'])
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();

    await userEvent.click(within(nav).getByRole('link', { name: 'Projets' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Projets' })).toBeInTheDocument();
    expect(meCalls(calls)).toHaveLength(1);
  });

  it("falls back to 'Utilisateur' when the username is blank", async () => {
    signIn();
    serve(makeMe({ username: ' ' }));
    renderApp('/dashboard');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bonjour, Utilisateur' }),
    ).toBeInTheDocument();
  });

  it('forces an admin without 2FA to /security, whatever page was asked for', async () => {
    signIn('admin');
    serve(makeMe({ role: 'admin', twoFactorEnabled: false }));
    const { router } = renderApp('/projects');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sécurité' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/security');
    const nav = screen.getByRole('navigation', { name: 'Navigation principale' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Sécurité']);
    expect(screen.getByRole('button', { name: 'Se déconnecter' })).toBeInTheDocument();
  });

  it('lets an admin with 2FA go anywhere', async () => {
    signIn('admin');
    serve(makeMe({ role: 'admin', twoFactorEnabled: true }));
    renderApp('/tasks');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tâches' })).toBeInTheDocument();
  });

  it('opens /security, and only /security, with a temporary token alone', async () => {
    updateSession({ tempToken: 'temp-1', user: makeUser({ role: 'admin' }) });
    const calls = serve();
    const { router } = renderApp('/security');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sécurité' })).toBeInTheDocument();
    expect(screen.getByText(/Accès limité : terminez la mise en place/)).toBeInTheDocument();

    await router.navigate('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/security'));
    await router.navigate('/shortcuts');
    await waitFor(() => expect(router.state.location.pathname).toBe('/security'));
    expect(meCalls(calls)).toHaveLength(0);
  });

  it('offers sign-out on /security with a temporary token, revoking it', async () => {
    updateSession({ tempToken: 'temp-1' });
    const calls = serve();
    const { router } = renderApp('/security');
    await userEvent.click(await screen.findByRole('button', { name: 'Se déconnecter' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(calls.find((call) => pathOf(call) === '/auth/logout')?.headers.get('Authorization')).toBe(
      'Bearer temp-1',
    );
    expect(storedSessionKeys()).toEqual([]);
  });

  it('sends an expired session found by /me to /login?expired=true with the warning', async () => {
    signIn();
    mockFetch(() => problem(401, 'session_expired', { detail: 'Session expired or invalid' }));
    const { router } = renderApp('/dashboard');
    expect(await screen.findByText('Session expirée. Veuillez vous reconnecter.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?expired=true');
    expect(getSession().token).toBeNull();
  });
});

describe('route guard offline', () => {
  const goOffline = (offline: boolean) => {
    Object.defineProperty(navigator, 'onLine', { value: !offline, configurable: true });
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  };
  afterEach(() => goOffline(false));

  it('opens the app on the stored session when the page loads offline, and checks it again once back online', async () => {
    signIn();
    goOffline(true);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    renderApp('/projects');
    const nav = await screen.findByRole('navigation', { name: 'Navigation principale' });
    expect(within(nav).getByRole('link', { name: 'Tâches' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'État de la connexion' })).toHaveTextContent(
      'Pas de connexion internet',
    );

    mockFetch(() => problem(401, 'session_expired', { detail: 'Session expired or invalid' }));
    goOffline(false);
    expect(await screen.findByText('Session expirée. Veuillez vous reconnecter.')).toBeInTheDocument();
    expect(getSession().token).toBeNull();
  });

  it('still says the session could not be checked when the browser is online but the server does not answer', async () => {
    signIn();
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    renderApp('/projects');
    expect(await screen.findByText(/Impossible de vérifier la session/)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Navigation principale' })).toBeNull();
  });
});

describe('public pages and redirects', () => {
  it.each(['/login', '/reset-password?token=x', '/', '/nowhere/at/all', '/activities'])(
    'sends a signed-in user from %s to /dashboard',
    async (path) => {
      signIn();
      serve();
      const { router } = renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Bonjour, alice' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/dashboard');
    },
  );

  it.each(['/', '/nowhere'])('sends a signed-out visitor from %s to /login', async (path) => {
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('opens the reset screen for a signed-out visitor', async () => {
    renderApp('/reset-password?token=abc');
    expect(await screen.findByRole('button', { name: 'Mettre à jour' })).toBeInTheDocument();
  });
});

describe('forceLogin and logout query parameters', () => {
  it.each(['/dashboard?forceLogin=1', '/tasks?logout', '/login?forceLogin=true'])(
    '%s clears every stored session value and shows /login',
    async (path) => {
      signIn();
      updateSession({ tempToken: 'temp-old' });
      const calls = serve();
      const { router } = renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/login');
      expect(router.state.location.search).toBe('');
      expect(storedSessionKeys()).toEqual([]);
      expect(getSession()).toEqual({
        token: null,
        tempToken: null,
        user: null,
        sessionId: null,
        sessionExpiry: null,
      });
      expect(meCalls(calls)).toHaveLength(0);
      expect(calls.find((call) => pathOf(call) === '/auth/logout')?.headers.get('Authorization')).toBe(
        'Bearer tok-1',
      );
    },
  );
});
