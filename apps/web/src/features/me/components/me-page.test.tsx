import { screen } from '@testing-library/react';
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
});
