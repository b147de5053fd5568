import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getSession, updateSession } from '../../../lib/session-store.ts';
import { makeLoginResult, makeUser } from '../../../test/fixtures.ts';
import { json, mockFetch, pathOf, problem } from '../../../test/http.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { LoginPage } from './login-page.tsx';

const renderLogin = (entry = '/login') => renderRoute(<LoginPage />, '/login', entry);

async function fillCredentials(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Adresse e-mail'), ' alice@example.test ');
  await user.type(screen.getByLabelText('Mot de passe'), 'Secret-pass1');
}

describe('login screen: credentials', () => {
  it('signs in with e-mail, password and "Se souvenir de moi", stores the session and opens /dashboard', async () => {
    const user = userEvent.setup();
    const calls = mockFetch(() => json(makeLoginResult()));
    renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Connexion' })).toBeInTheDocument();
    await fillCredentials(user);
    await user.click(screen.getByRole('checkbox', { name: 'Se souvenir de moi' }));
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));

    expect(await screen.findByText('Page /dashboard')).toBeInTheDocument();
    expect(pathOf(calls[0]!)).toBe('/auth/login');
    expect(calls[0]?.body).toEqual({
      email: 'alice@example.test',
      password: 'Secret-pass1',
      rememberMe: true,
    });
    expect(getSession()).toMatchObject({ token: 'session-token', sessionId: 'session-1', tempToken: null });
    expect(window.localStorage.getItem('jalon:token')).toBe('session-token');
  });

  it('opens the page the person first asked for (the guard’s returnTo), not the dashboard', async () => {
    const user = userEvent.setup();
    mockFetch(() => json(makeLoginResult()));
    renderLogin('/login?returnTo=%2Ftasks%2Ft-1%3Fview%3Dtable');
    await fillCredentials(user);
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('Page /tasks/t-1?view=table')).toBeInTheDocument();
  });

  it('waits 100 ms before leaving the login screen', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    mockFetch(() => json(makeLoginResult()));
    renderLogin();
    await fillCredentials(user);
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await vi.waitFor(() => expect(getSession().token).toBe('session-token'));
    expect(screen.queryByText('Page /dashboard')).not.toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(100);
    expect(await screen.findByText('Page /dashboard')).toBeInTheDocument();
    vi.useRealTimers();
  });

  it('shows and hides the password', async () => {
    const user = userEvent.setup();
    renderLogin();
    const password = screen.getByLabelText('Mot de passe');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Afficher le mot de passe' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Masquer le mot de passe' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('says the credentials are wrong and how many attempts remain, in French', async () => {
    const user = userEvent.setup();
    mockFetch(() => problem(401, 'invalid_credentials', { attemptsRemaining: 2 }));
    renderLogin();
    await fillCredentials(user);
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Identifiants invalides (tentatives restantes: 2)',
    );
    expect(screen.queryByText(/English detail/)).not.toBeInTheDocument();
  });

  it('explains a locked account with its unlock time', async () => {
    const user = userEvent.setup();
    mockFetch(() =>
      problem(429, 'account_locked', { lockedUntil: '2030-01-15T10:15:00.000Z' }, { 'Retry-After': '900' }),
    );
    renderLogin();
    await fillCredentials(user);
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Trop de tentatives de connexion. Réessayez plus tard. Compte verrouillé jusqu’à 10:15.',
    );
  });

  it("reads the per-address limit (rate_limited) with the lockout's sentence, without an unlock time", async () => {
    const user = userEvent.setup();
    mockFetch(() => problem(429, 'rate_limited', {}, { 'Retry-After': '900' }));
    renderLogin();
    await fillCredentials(user);
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Trop de tentatives de connexion\. Réessayez plus tard\.$/,
    );
  });

  it('names the server it could not reach', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    renderLogin();
    await fillCredentials(user);
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Impossible de se connecter au serveur: http://localhost:3000/api. Vérifiez que le serveur backend est en cours d'exécution.",
    );
  });

  it("reports 'Échec de la connexion' when the answer holds no usable session", async () => {
    const user = userEvent.setup();
    mockFetch(() => json({ token: 'orphan' }));
    renderLogin();
    await fillCredentials(user);
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Échec de la connexion');
    expect(getSession().token).toBeNull();
  });

  it('warns that the session expired when sent back with expired=true', () => {
    renderLogin('/login?expired=true');
    expect(screen.getByRole('status')).toHaveTextContent('Session expirée. Veuillez vous reconnecter.');
  });
});

describe('login screen: second factor', () => {
  const pending = makeLoginResult({
    token: null,
    sessionId: null,
    expiresAt: null,
    requires2FA: true,
    tempToken: 'temp-1',
  });

  it('asks for the code, refuses a wrong one, then signs in and drops the temporary token', async () => {
    const user = userEvent.setup();
    let codeAttempts = 0;
    const calls = mockFetch((call) => {
      if (pathOf(call) === '/auth/login') return json(pending);
      if (pathOf(call) === '/2fa/status')
        return json({ enabled: true, totpEnabled: true, passkeys: 0, backupCodesRemaining: 10 });
      codeAttempts += 1;
      return codeAttempts === 1
        ? problem(401, 'invalid_credentials')
        : json(makeLoginResult({ token: 'full-token' }));
    });
    renderLogin();
    await fillCredentials(user);
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));

    const code = await screen.findByLabelText('Code de vérification ou code de secours');
    expect(screen.getByRole('heading', { level: 1, name: 'Double authentification' })).toBeInTheDocument();
    expect(getSession()).toMatchObject({ token: null, tempToken: 'temp-1' });

    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Vérifier' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Code 2FA invalide');
    // The refused code is selected in its field: typing the next one replaces it.
    await waitFor(() => expect(code).toHaveFocus());

    await user.clear(code);
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Vérifier' }));
    expect(await screen.findByText('Page /dashboard')).toBeInTheDocument();

    const verify = calls.filter((call) => pathOf(call) === '/auth/verify-2fa');
    expect(verify.at(-1)?.body).toEqual({ code: '123456', tempToken: 'temp-1' });
    expect(verify.at(-1)?.headers.get('Authorization')).toBeNull();
    expect(getSession()).toMatchObject({ token: 'full-token', tempToken: null });
    expect(window.localStorage.getItem('jalon:tempToken')).toBeNull();
  });

  it('offers a passkey-only account its key first, and a backup code field instead of the code', async () => {
    const user = userEvent.setup();
    const calls = mockFetch((call) => {
      if (pathOf(call) === '/auth/login') return json(pending);
      if (pathOf(call) === '/2fa/status')
        return json({ enabled: true, totpEnabled: false, passkeys: 2, backupCodesRemaining: 9 });
      return json(makeLoginResult({ token: 'full-token' }));
    });
    renderLogin();
    await fillCredentials(user);
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));

    const code = await screen.findByLabelText('Code de secours');
    expect(screen.queryByLabelText('Code de vérification ou code de secours')).not.toBeInTheDocument();
    expect(
      screen.getByText(
        'Utilisez votre clé d’accès. Si vous ne l’avez pas sous la main, saisissez un code de secours.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Utiliser une clé d’accès' })).toHaveFocus();
    // A six-digit code can never work without an authenticator app: refused here, nothing sent.
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Vérifier le code de secours' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Code de secours invalide');
    expect(calls.filter((call) => pathOf(call) === '/auth/verify-2fa')).toHaveLength(0);

    await user.clear(code);
    await user.type(code, 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'Vérifier le code de secours' }));
    expect(await screen.findByText('Page /dashboard')).toBeInTheDocument();
    expect(calls.find((call) => pathOf(call) === '/auth/verify-2fa')?.body).toEqual({
      code: 'abcde-fghjk',
      tempToken: 'temp-1',
    });
  });

  it('offers a passkey instead of the code, and says so when the account has none', async () => {
    const user = userEvent.setup();
    const calls = mockFetch((call) => {
      if (pathOf(call) === '/auth/login') return json(pending);
      return problem(404, 'no_passkey');
    });
    renderLogin();
    await fillCredentials(user);
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await user.click(await screen.findByRole('button', { name: 'Utiliser une clé d’accès' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Aucune clé d’accès n’est enregistrée pour ce compte.',
    );
    const asked = calls.filter((call) => pathOf(call) === '/auth/passkey-options');
    expect(asked.at(-1)?.body).toEqual({ tempToken: 'temp-1' });
    // Like the code step, it creates a session: the temporary token travels in the body only.
    expect(asked.at(-1)?.headers.get('Authorization')).toBeNull();
    expect(getSession()).toMatchObject({ token: null, tempToken: 'temp-1' });
  });

  it("'Retour' goes back to the credentials and revokes the temporary token", async () => {
    const user = userEvent.setup();
    const calls = mockFetch((call) =>
      pathOf(call) === '/auth/login' ? json(pending) : json({ loggedOut: true }),
    );
    renderLogin();
    await fillCredentials(user);
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await screen.findByLabelText('Code de vérification ou code de secours');

    await user.click(screen.getByRole('button', { name: 'Retour' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Connexion' })).toBeInTheDocument();
    expect(screen.getByLabelText('Adresse e-mail')).toBeInTheDocument();
    await vi.waitFor(() => expect(getSession().tempToken).toBeNull());
    const logout = calls.find((call) => pathOf(call) === '/auth/logout');
    expect(logout?.headers.get('Authorization')).toBe('Bearer temp-1');
  });

  it('sends an admin who must enrol in 2FA to /security with the temporary token', async () => {
    const user = userEvent.setup();
    mockFetch(() => json({ ...pending, setupRequired: true, user: makeUser({ role: 'admin' }) }));
    renderLogin();
    await fillCredentials(user);
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('Page /security')).toBeInTheDocument();
    expect(getSession()).toMatchObject({ token: null, tempToken: 'temp-1' });
  });

  it('asks to sign in again when the temporary token has gone', async () => {
    const user = userEvent.setup();
    mockFetch(() => json(pending));
    renderLogin();
    await fillCredentials(user);
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await user.type(await screen.findByLabelText('Code de vérification ou code de secours'), '123456');
    updateSession({ tempToken: null });
    await user.click(screen.getByRole('button', { name: 'Vérifier' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Session expirée. Veuillez vous reconnecter.');
  });

  it('goes back to the credentials with the expiry warning when the temporary token expired (5 min)', async () => {
    const user = userEvent.setup();
    mockFetch((call) => (pathOf(call) === '/auth/login' ? json(pending) : problem(401, 'session_expired')));
    const { router } = renderLogin();
    await fillCredentials(user);
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await user.type(await screen.findByLabelText('Code de vérification ou code de secours'), '123456');
    await user.click(screen.getByRole('button', { name: 'Vérifier' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Session expirée. Veuillez vous reconnecter.');
    expect(router.state.location.search).toBe('?expired=true');
    expect(getSession().tempToken).toBeNull();
  });

  it.each([
    ['ABCDE-FGHJK', 'ABCDE-FGHJK'],
    ['abcde fghjk', 'abcdefghjk'],
    ['ABCDEFGHJK', 'ABCDEFGHJK'],
  ])('accepts a backup code typed as %j', async (typed, sent) => {
    const user = userEvent.setup();
    const calls = mockFetch((call) =>
      pathOf(call) === '/auth/login' ? json(pending) : json(makeLoginResult({ token: 'full-token' })),
    );
    renderLogin();
    await fillCredentials(user);
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await user.type(await screen.findByLabelText('Code de vérification ou code de secours'), typed);
    await user.click(screen.getByRole('button', { name: 'Vérifier' }));
    expect(await screen.findByText('Page /dashboard')).toBeInTheDocument();
    expect(calls.find((call) => pathOf(call) === '/auth/verify-2fa')?.body).toEqual({
      code: sent,
      tempToken: 'temp-1',
    });
  });

  it.each(['12345', '1234567', 'ABCD-EFGH', '12a456'])(
    'refuses the malformed code %j without spending an attempt',
    async (typed) => {
      const user = userEvent.setup();
      const calls = mockFetch(() => json(pending));
      renderLogin();
      await fillCredentials(user);
      await user.click(screen.getByRole('button', { name: 'Se connecter' }));
      await user.type(await screen.findByLabelText('Code de vérification ou code de secours'), typed);
      await user.click(screen.getByRole('button', { name: 'Vérifier' }));
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Code 2FA invalide : saisissez les 6 chiffres de votre application ou un code de secours (XXXXX-XXXXX).',
      );
      expect(calls.filter((call) => pathOf(call) === '/auth/verify-2fa')).toHaveLength(0);
    },
  );
});

describe('login screen: reset request', () => {
  it('sends the link request and says so without revealing whether the account exists', async () => {
    const user = userEvent.setup();
    const calls = mockFetch(() =>
      json({
        message: 'If the account exists…',
        devResetLink: 'http://127.0.0.1:4000/reset-password?token=abc',
      }),
    );
    renderLogin();
    await user.click(screen.getByRole('button', { name: 'Mot de passe oublié ?' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Mot de passe oublié' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Adresse e-mail'), 'bob@example.test');
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien' }));

    expect(await screen.findByText('Si ce compte existe, un lien a été envoyé.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /lien de réinitialisation/ })).toHaveAttribute(
      'href',
      'http://127.0.0.1:4000/reset-password?token=abc',
    );
    expect(calls[0]?.body).toEqual({ email: 'bob@example.test' });
  });

  it('never renders a script link returned as devResetLink', async () => {
    const user = userEvent.setup();
    mockFetch(() => json({ message: 'ok', devResetLink: 'javascript:alert(1)' }));
    renderLogin();
    await user.click(screen.getByRole('button', { name: 'Mot de passe oublié ?' }));
    await user.type(screen.getByLabelText('Adresse e-mail'), 'bob@example.test');
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    expect(await screen.findByText('Si ce compte existe, un lien a été envoyé.')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it("shows 'Erreur envoi lien' when the request fails", async () => {
    const user = userEvent.setup();
    mockFetch(() => problem(500, 'internal_error'));
    renderLogin();
    await user.click(screen.getByRole('button', { name: 'Mot de passe oublié ?' }));
    await user.type(screen.getByLabelText('Adresse e-mail'), 'bob@example.test');
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Erreur envoi lien/);
  });

  it("'Retour' returns to the credentials", async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.click(screen.getByRole('button', { name: 'Mot de passe oublié ?' }));
    await user.click(screen.getByRole('button', { name: 'Retour' }));
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeInTheDocument();
  });
});
