import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch, pathOf, problem, type RecordedCall } from '../../../test/http.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { InvitationPage } from './invitation-page.tsx';

const meter = (password: string, checksId: string) => <p id={checksId}>Force : {password.length}</p>;
const renderInvitation = (entry: string) =>
  renderRoute(<InvitationPage strengthMeter={meter} />, '/invitation', entry);

/** The check as the page opens answers that the link invites this address; `accept` answers the form. */
const invitedAddress = (accept: () => Response) => (call: RecordedCall) =>
  pathOf(call) === '/auth/invitations/check'
    ? json({ email: 'dominique@example.test', role: 'member' })
    : accept();
const accepts = (calls: RecordedCall[]) =>
  calls.filter((call) => pathOf(call) === '/auth/invitations/accept');

async function fill(user: ReturnType<typeof userEvent.setup>, password: string, confirmation = password) {
  await user.type(screen.getByLabelText('Nom'), 'Dominique Martin');
  await user.type(screen.getByLabelText('Mot de passe'), password);
  await user.type(screen.getByLabelText('Confirmer le mot de passe'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
}

describe('invitation page', () => {
  it('says a dead link before any form, having checked it as the page opened', async () => {
    const calls = mockFetch(() => problem(400, 'invalid_invitation_token'));
    renderInvitation('/invitation?token=dead');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ce lien d’invitation est invalide, expiré ou déjà utilisé.',
    );
    expect(screen.queryByLabelText('Nom')).not.toBeInTheDocument();
    expect(calls.map(pathOf)).toEqual(['/auth/invitations/check']);
  });

  it('refuses to work without a token', () => {
    renderInvitation('/invitation');
    expect(screen.getByRole('alert')).toHaveTextContent('Lien invalide ou token manquant.');
    expect(screen.queryByRole('button', { name: 'Créer mon compte' })).not.toBeInTheDocument();
  });

  it('shows the strength meter under the password and says when the passwords differ, sending nothing', async () => {
    const user = userEvent.setup();
    const calls = mockFetch(invitedAddress(() => json({ email: 'x', role: 'member' }, { status: 201 })));
    renderInvitation('/invitation?token=tok');
    await screen.findByLabelText('Nom');
    await fill(user, 'Abcdef1!', 'Abcdef1?');
    expect(screen.getByLabelText('Mot de passe')).toHaveAccessibleDescription('Force : 8');
    expect(screen.getByRole('alert')).toHaveTextContent('Les mots de passe ne correspondent pas.');
    expect(accepts(calls)).toHaveLength(0);
  });

  it('creates the account, announces the redirect, and opens /login after 1.8 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const calls = mockFetch(
      invitedAddress(() => json({ email: 'dominique@example.test', role: 'member' }, { status: 201 })),
    );
    renderInvitation('/invitation?token=tok-1');
    expect(
      await screen.findByText('Cette invitation est adressée à dominique@example.test.'),
    ).toBeInTheDocument();
    await fill(user, 'Abcdef1!');
    expect(await screen.findByRole('status')).toHaveTextContent('Compte créé. Redirection…');
    expect(calls[0]?.body).toEqual({ token: 'tok-1' });
    expect(accepts(calls)[0]?.body).toEqual({
      token: 'tok-1',
      username: 'Dominique Martin',
      password: 'Abcdef1!',
    });
    await vi.advanceTimersByTimeAsync(1_800);
    expect(await screen.findByText('Page /login')).toBeInTheDocument();
    vi.useRealTimers();
  });

  it('says under the name field when the name reads like another member’s, and sends again once it is changed', async () => {
    const user = userEvent.setup();
    let answer = problem(409, 'username_taken');
    const calls = mockFetch(invitedAddress(() => answer));
    renderInvitation('/invitation?token=tok');
    await screen.findByLabelText('Nom');
    await fill(user, 'Abcdef1!');
    const name = screen.getByLabelText('Nom');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ce nom ressemble trop à celui d’un autre membre. Choisissez-en un autre.',
    );
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(
      'Ce nom ressemble trop à celui d’un autre membre. Choisissez-en un autre.',
    );
    answer = json({ email: 'dominique@example.test', role: 'member' }, { status: 201 });
    await user.type(name, ' B.');
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Compte créé. Redirection…');
    expect(calls[2]?.body).toMatchObject({ username: 'Dominique Martin B.' });
  });

  it('explains a used or expired link, and a common password, in French', async () => {
    const user = userEvent.setup();
    let answer = problem(400, 'invalid_invitation_token');
    mockFetch(invitedAddress(() => answer));
    renderInvitation('/invitation?token=used');
    await screen.findByLabelText('Nom');
    await fill(user, 'Abcdef1!');
    expect(
      await screen.findByText(
        'La création du compte a échoué : Ce lien d’invitation est invalide, expiré ou déjà utilisé.',
      ),
    ).toBeInTheDocument();
    answer = problem(400, 'common_password');
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(
      await screen.findByText(
        'La création du compte a échoué : Ce mot de passe est trop courant. Choisissez-en un autre.',
      ),
    ).toBeInTheDocument();
  });
});
