import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { updateSession } from '../../../lib/session-store.ts';
import { makeMe, makeUser } from '../../../test/fixtures.ts';
import { json, mockFetch, pathOf, problem } from '../../../test/http.ts';
import { renderApp } from '../../../test/render-app.tsx';

function signedIn(onChange: (body: unknown) => Response) {
  updateSession({
    token: 'tok-1',
    sessionId: 'sess-1',
    sessionExpiry: '2999-01-01T00:00:00.000Z',
    user: makeUser(),
  });
  return mockFetch((call) => {
    if (pathOf(call) === '/auth/me') return json(makeMe({ role: 'admin', twoFactorEnabled: true }));
    if (pathOf(call) === '/auth/password/change') return onChange(call.body);
    if (pathOf(call) === '/me/tokens') return json({ tokens: [] });
    if (pathOf(call) === '/me/calendar-feed') return json({ active: false, createdAt: null });
    if (pathOf(call) === '/me/notification-preferences') return json({ email: 'daily' });
    return problem(404, 'not_found');
  });
}

async function fill(current: string, next: string, confirmation = next) {
  await userEvent.type(screen.getByLabelText('Mot de passe actuel'), current);
  await userEvent.type(screen.getByLabelText('Nouveau mot de passe'), next);
  await userEvent.type(screen.getByLabelText('Confirmer le nouveau mot de passe'), confirmation);
  await userEvent.click(screen.getByRole('button', { name: 'Changer le mot de passe' }));
}

describe('/me', { timeout: 20_000 }, () => {
  it('shows the profile and changes the password with the current one', async () => {
    const calls = signedIn(() => json({ changed: true, revokedSessions: 2 }));
    renderApp('/me');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Mon profil' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('alice@example.test')).toBeInTheDocument();
    expect(screen.getByText('Administrateur')).toBeInTheDocument();
    expect(screen.getByText(/Activée/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Gérer la sécurité du compte' })).toHaveAttribute(
      'href',
      '/security',
    );
    expect(screen.getByRole('checkbox', { name: /Raccourcis à une touche/ })).toBeChecked();

    await fill('Ancien mot de passe', 'Nouveau 2026 !', 'Autre 2026 !');
    expect(screen.getByRole('alert')).toHaveTextContent('Les mots de passe ne correspondent pas.');
    expect(calls.some((call) => pathOf(call) === '/auth/password/change')).toBe(false);

    await userEvent.clear(screen.getByLabelText('Confirmer le nouveau mot de passe'));
    await userEvent.type(screen.getByLabelText('Confirmer le nouveau mot de passe'), 'Nouveau 2026 !');
    await userEvent.click(screen.getByRole('button', { name: 'Changer le mot de passe' }));
    expect(
      await screen.findByText('Mot de passe changé. 2 autres sessions ont été fermées.'),
    ).toBeInTheDocument();
    const change = calls.find((call) => pathOf(call) === '/auth/password/change');
    expect(change?.method).toBe('POST');
    expect(change?.body).toEqual({ currentPassword: 'Ancien mot de passe', newPassword: 'Nouveau 2026 !' });
    expect(screen.getByLabelText('Mot de passe actuel')).toHaveValue('');
  });

  it('says in French when the current password is wrong or the new one too common', async () => {
    let answer = problem(400, 'wrong_current_password');
    signedIn(() => answer);
    renderApp('/me');
    await screen.findByRole('heading', { level: 1, name: 'Mon profil' }, { timeout: 5_000 });
    await fill('Pas le bon', 'Nouveau 2026 !');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Le mot de passe n’a pas été changé : Le mot de passe actuel est incorrect.',
    );
    answer = problem(400, 'common_password');
    await userEvent.click(screen.getByRole('button', { name: 'Changer le mot de passe' }));
    expect(await screen.findByText(/Ce mot de passe est trop courant/)).toBeInTheDocument();
  });

  it('creates an access token, shows it once, lists it with its last use, and revokes it', async () => {
    const token = {
      id: '7f1c1e4e-3d2a-4c55-9a0e-1b2c3d4e5f60',
      name: 'Intégration continue',
      scope: 'write',
      createdAt: '2026-11-01T09:00:00.000Z',
      expiresAt: '2999-01-30T09:00:00.000Z',
      lastUsedAt: null,
    };
    let tokens: unknown[] = [];
    updateSession({
      token: 'tok-1',
      sessionId: 'sess-1',
      sessionExpiry: '2999-01-01T00:00:00.000Z',
      user: makeUser(),
    });
    const calls = mockFetch((call) => {
      const path = pathOf(call);
      if (path === '/auth/me') return json(makeMe({ role: 'member' }));
      if (path === '/me/tokens' && call.method === 'POST') {
        tokens = [{ ...token, lastUsedAt: '2026-11-02T10:30:00.000Z' }];
        return json({ ...token, token: 'jalon_pat_secret-shown-once' }, { status: 201 });
      }
      if (path === '/me/tokens') return json({ tokens });
      if (path === '/me/calendar-feed') return json({ active: false, createdAt: null });
      if (path === '/me/notification-preferences') return json({ email: 'daily' });
      if (path === `/me/tokens/${token.id}` && call.method === 'DELETE') {
        tokens = [];
        return json({ revoked: true });
      }
      return problem(404, 'not_found');
    });
    renderApp('/me');
    expect(await screen.findByRole('heading', { level: 2, name: 'Jetons d’accès' })).toBeInTheDocument();
    expect(await screen.findByText('Aucun jeton d’accès.')).toBeInTheDocument();
    // A member cannot choose a token without expiry.
    const expiry = screen.getByLabelText('Expiration');
    expect([...expiry.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      '30 jours',
      '90 jours',
      '1 an',
    ]);

    await userEvent.type(screen.getByLabelText(/Nom du jeton/), 'Intégration continue');
    await userEvent.selectOptions(screen.getByLabelText('Droits'), 'write');
    await userEvent.selectOptions(expiry, '365');
    await userEvent.click(screen.getByRole('button', { name: 'Créer le jeton' }));
    expect(await screen.findByText('Copiez-le maintenant : il ne sera plus affiché.')).toBeInTheDocument();
    expect(screen.getByLabelText('Nouveau jeton')).toHaveValue('jalon_pat_secret-shown-once');
    const created = calls.find((call) => pathOf(call) === '/me/tokens' && call.method === 'POST');
    expect(created?.body).toEqual({ name: 'Intégration continue', scope: 'write', expiresInDays: 365 });
    expect(await screen.findByText(/Dernière utilisation/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Révoquer le jeton « Intégration continue »' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Révoquer' }));
    expect(await screen.findByText('Jeton « Intégration continue » révoqué.')).toBeInTheDocument();
    expect(await screen.findByText('Aucun jeton d’accès.')).toBeInTheDocument();
    // The token shown once is gone with it.
    expect(screen.queryByLabelText('Nouveau jeton')).not.toBeInTheDocument();
  });

  it('makes the calendar feed’s address, shows it once, and revokes the feed', async () => {
    let active = false;
    updateSession({
      token: 'tok-1',
      sessionId: 'sess-1',
      sessionExpiry: '2999-01-01T00:00:00.000Z',
      user: makeUser(),
    });
    const url = 'https://jalon.example.org/api/calendar/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ.ics';
    const calls = mockFetch((call) => {
      const path = pathOf(call);
      if (path === '/auth/me') return json(makeMe({ role: 'member' }));
      if (path === '/me/tokens') return json({ tokens: [] });
      if (path === '/me/notification-preferences') return json({ email: 'daily' });
      if (path === '/me/calendar-feed' && call.method === 'POST') {
        active = true;
        return json({ url }, { status: 201 });
      }
      if (path === '/me/calendar-feed' && call.method === 'DELETE') {
        active = false;
        return json({ revoked: true });
      }
      if (path === '/me/calendar-feed')
        return json({ active, createdAt: active ? '2026-11-02T10:30:00.000Z' : null });
      return problem(404, 'not_found');
    });
    renderApp('/me');
    expect(await screen.findByRole('heading', { level: 2, name: 'Flux agenda' })).toBeInTheDocument();
    expect(await screen.findByText('Aucun flux agenda.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Créer l’adresse du flux' }));
    expect(await screen.findByLabelText('Adresse du flux')).toHaveValue(url);
    expect(screen.getByText(/Copiez-la maintenant : elle ne sera plus affichée/)).toBeInTheDocument();
    expect(await screen.findByText(/Un flux est actif depuis le/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Révoquer le flux' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Révoquer le flux' }),
    );
    expect(await screen.findByText('Flux agenda révoqué.')).toBeInTheDocument();
    expect(await screen.findByText('Aucun flux agenda.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Adresse du flux')).not.toBeInTheDocument();
    expect(calls.some((call) => pathOf(call) === '/me/calendar-feed' && call.method === 'DELETE')).toBe(true);
  });
});
