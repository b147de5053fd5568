import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch, problem } from '../../../test/http.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';

const renderReset = (entry: string) => renderRoute(<ResetPasswordPage />, '/reset-password', entry);

describe('reset password screen', () => {
  it('refuses to work without a token', () => {
    renderReset('/reset-password');
    expect(screen.getByRole('alert')).toHaveTextContent('Lien invalide ou token manquant.');
    expect(screen.queryByRole('button', { name: 'Mettre à jour' })).not.toBeInTheDocument();
    expect(screen.getByText('Le lien expire après 15 minutes.')).toBeInTheDocument();
  });

  it('says when the two passwords differ, and sends nothing', async () => {
    const user = userEvent.setup();
    const calls = mockFetch(() => json({ success: true, message: 'ok' }));
    renderReset('/reset-password?token=tok');
    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'Abcdef1!');
    await user.type(screen.getByLabelText('Confirmer le mot de passe'), 'Abcdef1?');
    await user.click(screen.getByRole('button', { name: 'Mettre à jour' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Les mots de passe ne correspondent pas.');
    expect(calls).toHaveLength(0);
  });

  it('updates the password, announces the redirect, and opens /login after 1.8 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const calls = mockFetch(() => json({ success: true, message: 'Password updated' }));
    renderReset('/reset-password?token=tok-1');
    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'Abcdef1!');
    await user.type(screen.getByLabelText('Confirmer le mot de passe'), 'Abcdef1!');
    await user.click(screen.getByRole('button', { name: 'Mettre à jour' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Mot de passe mis à jour. Redirection…');
    expect(calls[0]?.body).toEqual({ token: 'tok-1', password: 'Abcdef1!' });
    await vi.advanceTimersByTimeAsync(1_700);
    expect(screen.queryByText('Page /login')).not.toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(100);
    expect(await screen.findByText('Page /login')).toBeInTheDocument();
  });

  it('explains a refused token in French', async () => {
    const user = userEvent.setup();
    mockFetch(() => problem(400, 'invalid_reset_token'));
    renderReset('/reset-password?token=used');
    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'Abcdef1!');
    await user.type(screen.getByLabelText('Confirmer le mot de passe'), 'Abcdef1!');
    await user.click(screen.getByRole('button', { name: 'Mettre à jour' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Échec de la réinitialisation : Le lien est invalide, expiré ou déjà utilisé.',
    );
  });

  it('explains a password the server finds too common', async () => {
    const user = userEvent.setup();
    mockFetch(() => problem(400, 'common_password'));
    renderReset('/reset-password?token=tok');
    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'motdepasse123');
    await user.type(screen.getByLabelText('Confirmer le mot de passe'), 'motdepasse123');
    await user.click(screen.getByRole('button', { name: 'Mettre à jour' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Échec de la réinitialisation : Ce mot de passe est trop courant. Choisissez-en un autre.',
    );
  });

  it('rates the new password with an accessible meter, without blocking a weak one', async () => {
    const user = userEvent.setup();
    renderReset('/reset-password?token=tok');
    const meter = screen.getByRole('meter', { name: 'Force du mot de passe' });
    expect(meter).toHaveAttribute('aria-valuenow', '0');
    expect(meter).toHaveAttribute('aria-valuetext', 'faible (0 %)');
    expect(meter).toHaveAttribute('data-level', 'weak');

    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'abcdefgh');
    expect(meter).toHaveAttribute('aria-valuenow', '40');
    expect(meter).toHaveAttribute('aria-valuetext', 'moyenne (40 %)');
    expect(meter).toHaveAttribute('data-level', 'medium');

    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'A1');
    expect(meter).toHaveAttribute('aria-valuetext', 'forte (80 %)');
    expect(meter).toHaveAttribute('data-level', 'strong');
    expect(screen.getByRole('button', { name: 'Mettre à jour' })).toBeEnabled();
  });

  it("'Retour connexion' goes to /login", async () => {
    const user = userEvent.setup();
    renderReset('/reset-password?token=tok');
    await user.click(screen.getByRole('button', { name: 'Retour connexion' }));
    expect(screen.getByText('Page /login')).toBeInTheDocument();
  });
});
