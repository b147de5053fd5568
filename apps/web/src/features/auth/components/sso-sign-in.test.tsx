import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SignInMethods } from '@jalon/contract';
import { getSession, updateSession } from '../../../lib/session-store.ts';
import { makeLoginResult, makeUser } from '../../../test/fixtures.ts';
import { logout } from '../api/logout.ts';
import { json, mockFetch, pathOf, problem, type RecordedCall } from '../../../test/http.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { leaveForSite } from '../../../lib/redirects.ts';
import type * as Redirects from '../../../lib/redirects.ts';
import { LoginPage } from './login-page.tsx';
import { SsoLandingPage } from './sso-landing-page.tsx';

vi.mock('../../../lib/redirects.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof Redirects>()),
  leaveForSite: vi.fn(),
}));

const methods = (overrides: Partial<SignInMethods> = {}): SignInMethods => ({
  password: 'on',
  sso: { displayName: 'Keycloak', available: true },
  ...overrides,
});

const returnToSent = (call: RecordedCall) => new URLSearchParams(pathOf(call).split('?')[1]).get('returnTo');

describe('login screen: the organisation’s identity provider', () => {
  it('shows the provider’s button above the password form and leaves for the provider on a click', async () => {
    const user = userEvent.setup();
    const calls = mockFetch(() => json({ url: 'https://sso.exemple.fr/auth?state=s' }));
    renderRoute(<LoginPage methods={methods()} />, '/login');
    const button = screen.getByRole('button', { name: 'Se connecter avec Keycloak' });
    expect(screen.getByLabelText('Adresse e-mail')).toBeInTheDocument();
    expect(button.compareDocumentPosition(screen.getByLabelText('Adresse e-mail'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    await user.click(button);
    await vi.waitFor(() => expect(leaveForSite).toHaveBeenCalledWith('https://sso.exemple.fr/auth?state=s'));
    // No page asked for: the provider brings the person back to the dashboard.
    expect(pathOf(calls[0]!)).toBe('/auth/sso/start?returnTo=%2Fdashboard');
  });

  it('sends where the person was going (the address’s returnTo) for the provider to bring them back there', async () => {
    const user = userEvent.setup();
    const calls = mockFetch(() => json({ url: 'https://sso.exemple.fr/auth?state=s' }));
    renderRoute(<LoginPage methods={methods()} />, '/login', '/login?returnTo=%2Ftasks%2Ft-1%3Fview%3Dtable');
    await user.click(screen.getByRole('button', { name: 'Se connecter avec Keycloak' }));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(returnToSent(calls[0]!)).toBe('/tasks/t-1?view=table');
  });

  it.each(['//evil.example', 'https://evil.example', '/\\evil.example', '/%2F%2Fevil.example'])(
    'ignores a returnTo that would leave the site (%s): back to the dashboard',
    async (returnTo) => {
      const user = userEvent.setup();
      const calls = mockFetch(() => json({ url: 'https://sso.exemple.fr/auth?state=s' }));
      renderRoute(<LoginPage methods={methods()} />, '/login', `/login?${new URLSearchParams({ returnTo })}`);
      await user.click(screen.getByRole('button', { name: 'Se connecter avec Keycloak' }));
      await vi.waitFor(() => expect(calls).toHaveLength(1));
      expect(returnToSent(calls[0]!)).toBe('/dashboard');
    },
  );

  it('says when the provider cannot be reached, and keeps the password form', () => {
    renderRoute(
      <LoginPage methods={methods({ sso: { displayName: 'Keycloak', available: false } })} />,
      '/login',
    );
    expect(screen.getByRole('button', { name: 'Connexion SSO indisponible' })).toBeDisabled();
    expect(screen.getByLabelText('Mot de passe')).toBeInTheDocument();
  });

  it('shows only the provider’s button when passwords are off', () => {
    renderRoute(<LoginPage methods={methods({ password: 'off' })} />, '/login');
    expect(screen.getByRole('button', { name: 'Se connecter avec Keycloak' })).toBeEnabled();
    expect(screen.queryByLabelText('Mot de passe')).not.toBeInTheDocument();
  });

  it('shows the password form alone without a provider', () => {
    renderRoute(<LoginPage methods={{ password: 'on', sso: null }} />, '/login');
    expect(screen.queryByRole('button', { name: /Se connecter avec/ })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Mot de passe')).toBeInTheDocument();
  });
});

describe('/login/sso: the provider’s answer', () => {
  it('exchanges the code of the fragment once, wipes it from the address and opens the page asked for', async () => {
    const calls = mockFetch(() => json({ ...makeLoginResult(), returnTo: '/tasks' }));
    renderRoute(<SsoLandingPage />, '/login/sso', '/login/sso#code=one-time-code');
    expect(await screen.findByText('Page /tasks')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(pathOf(calls[0]!)).toBe('/auth/sso/exchange');
    expect(calls[0]?.body).toEqual({ loginCode: 'one-time-code' });
    expect(window.location.hash).toBe('');
    expect(getSession()).toMatchObject({ token: 'session-token', sessionId: 'session-1' });
  });

  it('asks Jalon’s second factor when it is still due', async () => {
    mockFetch(() =>
      json({
        ...makeLoginResult({
          token: null,
          sessionId: null,
          expiresAt: null,
          requires2FA: true,
          tempToken: 'temp-1',
        }),
        returnTo: '/dashboard',
      }),
    );
    renderRoute(<SsoLandingPage />, '/login/sso', '/login/sso#code=c');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Double authentification' }),
    ).toBeInTheDocument();
    expect(getSession()).toMatchObject({ token: null, tempToken: 'temp-1' });
  });

  it('says in French that there is no account for that address, with the way back', async () => {
    mockFetch(() => problem(403, 'sso_no_account'));
    renderRoute(<SsoLandingPage />, '/login/sso', '/login/sso#code=c');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Aucun compte Jalon pour cette adresse. Demandez une invitation.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Connexion impossible' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour à la connexion' })).toHaveAttribute('href', '/login');
  });

  it('says the link is incomplete when there is no code', async () => {
    const calls = mockFetch(() => json({}));
    renderRoute(<SsoLandingPage />, '/login/sso', '/login/sso');
    expect(await screen.findByRole('alert')).toHaveTextContent('Le lien de connexion est incomplet');
    expect(calls).toHaveLength(0);
  });
});

describe('signing out of a session the provider opened', () => {
  it('goes on to the provider’s end-session address when the server gives one (OIDC_LOGOUT=provider)', async () => {
    updateSession({
      token: 'tok-1',
      sessionId: 'sess-1',
      sessionExpiry: '2999-01-01T00:00:00.000Z',
      user: makeUser(),
    });
    const calls = mockFetch(() =>
      json({ loggedOut: true, redirectTo: 'https://sso.exemple.fr/logout?client_id=jalon' }),
    );
    await logout();
    expect(pathOf(calls[0]!)).toBe('/auth/logout');
    expect(getSession().token).toBeNull();
    expect(leaveForSite).toHaveBeenCalledWith('https://sso.exemple.fr/logout?client_id=jalon');
  });
});
