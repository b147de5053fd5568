import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getSession } from '../../../lib/session-store.ts';
import { makeLoginResult, makeUser } from '../../../test/fixtures.ts';
import { json, problem } from '../../../test/http.ts';
import {
  BACKUP_CODES,
  blobText,
  callsTo,
  captureDownloads,
  holdTempToken,
  makeSetup,
  makeStatus,
  renderSecurity,
  serve,
  signIn,
} from '../../../test/security-test-kit.ts';

const status =
  (enabled: boolean, backupCodesRemaining = 0) =>
  () =>
    json(makeStatus({ enabled, backupCodesRemaining }));

/** A server on which 2FA starts off and is enabled by the code 123456. */
function enrolmentServer(extra: Parameters<typeof serve>[0] = {}, user = {}) {
  let enabled = false;
  return serve(
    {
      'GET /2fa/status': () => json(makeStatus({ enabled, backupCodesRemaining: enabled ? 10 : 0 })),
      'POST /2fa/setup': () => json(makeSetup()),
      'POST /2fa/verify': (call) => {
        if ((call.body as { code: string }).code !== '123456') return problem(400, 'invalid_code');
        enabled = true;
        return json({ ...makeLoginResult({ token: 'tok-1' }), enabled: true });
      },
      ...extra,
    },
    user,
  );
}

describe('2FA tab: enabling', () => {
  it('shows the QR code and secret, refuses a wrong code with "Code invalide", then shows the enabled banner', async () => {
    const user = userEvent.setup();
    signIn();
    const calls = enrolmentServer();
    await renderSecurity();

    expect(
      await screen.findByText('La double authentification n’est pas activée sur ce compte.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Activer la 2FA' }));

    const qr = await screen.findByRole('img', {
      name: 'QR code à scanner avec votre application d’authentification',
    });
    expect(qr).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=');
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();

    const code = screen.getByLabelText('Code à 6 chiffres');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('maxlength', '6');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');

    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Vérifier et activer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Code invalide');
    expect(code).toHaveAttribute('aria-invalid', 'true');

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Vérifier et activer' }));

    expect(await screen.findByText('La double authentification est activée.')).toBeInTheDocument();
    expect(
      screen.getByText('Double authentification activée. Conservez vos codes de secours en lieu sûr.'),
    ).toBeInTheDocument();
    expect(callsTo(calls, 'POST /2fa/verify').map((call) => call.body)).toEqual([
      { code: '000000' },
      { code: '123456' },
    ]);
    expect(callsTo(calls, 'POST /2fa/verify')[1]?.headers.get('Authorization')).toBe('Bearer tok-1');
    // The user's 2FA flag changed: the app asks who the user is again.
    await waitFor(() => expect(callsTo(calls, 'GET /auth/me')).toHaveLength(2));
    // The codes from the set-up can still be saved right after enabling.
    await user.click(screen.getByRole('button', { name: 'Afficher les codes' }));
    expect(
      within(screen.getByRole('list', { name: 'Vos codes de secours' })).getAllByRole('listitem'),
    ).toHaveLength(10);
  });

  it('keeps only digits in the set-up code and sends nothing under 6 digits', async () => {
    const user = userEvent.setup();
    signIn();
    const calls = enrolmentServer();
    await renderSecurity();
    await user.click(await screen.findByRole('button', { name: 'Activer la 2FA' }));
    const code = await screen.findByLabelText('Code à 6 chiffres');
    await user.type(code, '12 a3');
    expect(code).toHaveValue('123');
    await user.click(screen.getByRole('button', { name: 'Vérifier et activer' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Saisissez les 6 chiffres du code.');
    expect(callsTo(calls, 'POST /2fa/verify')).toHaveLength(0);
  });

  it('with only a temporary token, verifying finishes the login and opens /dashboard', async () => {
    const user = userEvent.setup();
    holdTempToken({ role: 'admin' });
    const calls = enrolmentServer(
      {
        'POST /2fa/verify': () =>
          json({
            ...makeLoginResult({
              token: 'full-token',
              sessionId: 'session-9',
              expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
              user: makeUser({ role: 'admin', twoFactorEnabled: true }),
            }),
            enabled: true,
          }),
      },
      { role: 'admin', twoFactorEnabled: true },
    );
    const { router } = await renderSecurity();
    await user.click(await screen.findByRole('button', { name: 'Activer la 2FA' }));
    await user.type(await screen.findByLabelText('Code à 6 chiffres'), '123456');
    await user.click(screen.getByRole('button', { name: 'Vérifier et activer' }));

    // Where the user lands, not what the dashboard (another feature) shows there.
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const verify = callsTo(calls, 'POST /2fa/verify')[0];
    expect(verify?.headers.get('Authorization')).toBe('Bearer temp-token-123456');
    expect(getSession()).toMatchObject({ token: 'full-token', sessionId: 'session-9', tempToken: null });
    expect(getSession().user?.twoFactorEnabled).toBe(true);
    expect(localStorage.getItem('jalon:tempToken')).toBeNull();
    expect(localStorage.getItem('jalon:token')).toBe('full-token');
    // The dashboard is opened with the new session, not the temporary token.
    await waitFor(() =>
      expect(callsTo(calls, 'GET /auth/me')[0]?.headers.get('Authorization')).toBe('Bearer full-token'),
    );
    // The router's location changes first; React then renders the dashboard in place of this page.
    await waitFor(() =>
      expect(screen.queryByRole('heading', { level: 1, name: 'Sécurité' })).not.toBeInTheDocument(),
    );
  });

  it('treats a 409 at set-up as already enabled', async () => {
    const user = userEvent.setup();
    signIn();
    let enabled = false;
    serve({
      'GET /2fa/status': () => json(makeStatus({ enabled, backupCodesRemaining: 4 })),
      'POST /2fa/setup': () => {
        enabled = true;
        return problem(409, 'two_factor_already_enabled');
      },
    });
    await renderSecurity();
    await user.click(await screen.findByRole('button', { name: 'Activer la 2FA' }));
    expect(await screen.findByText('La double authentification est activée.')).toBeInTheDocument();
    expect(screen.getByText('4 codes de secours restants.')).toBeInTheDocument();
  });

  it.each([
    ['the set-up fails', problem(500, 'internal_error'), "Erreur lors de l'activation de la 2FA"],
    ['the set-up answer does not parse', json({ qrCode: 42 }), 'Données de configuration 2FA invalides'],
  ])('says so when %s', async (_case, response, text) => {
    const user = userEvent.setup();
    signIn();
    serve({ 'GET /2fa/status': status(false), 'POST /2fa/setup': () => response });
    await renderSecurity();
    await user.click(await screen.findByRole('button', { name: 'Activer la 2FA' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it("says 'Erreur lors de la vérification du statut 2FA' when the status cannot be read, and retries", async () => {
    const user = userEvent.setup();
    signIn();
    let fail = true;
    serve({
      'GET /2fa/status': () =>
        fail ? problem(403, 'forbidden') : json(makeStatus({ enabled: false, backupCodesRemaining: 0 })),
    });
    await renderSecurity();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Erreur lors de la vérification du statut 2FA',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('button', { name: 'Activer la 2FA' })).toBeInTheDocument();
  });
});

describe('2FA tab: backup codes', () => {
  async function openSetup() {
    const user = userEvent.setup();
    signIn({ email: 'alice@example.test' });
    enrolmentServer();
    await renderSecurity();
    await user.click(await screen.findByRole('button', { name: 'Activer la 2FA' }));
    await screen.findByRole('img');
    return user;
  }

  it('keeps the codes hidden until shown', async () => {
    const user = await openSetup();
    const toggle = screen.getByRole('button', { name: 'Afficher les codes' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('ABCDE-FGHJK')).not.toBeInTheDocument();
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Masquer les codes' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    for (const code of BACKUP_CODES) expect(screen.getByText(code)).toBeVisible();
  });

  it('downloads them as jalon-backup-codes.txt, one code per line', async () => {
    const downloads = captureDownloads();
    const user = await openSetup();
    await user.click(screen.getByRole('button', { name: 'Télécharger (.txt)' }));
    expect(downloads).toHaveLength(1);
    expect(downloads[0]?.fileName).toBe('jalon-backup-codes.txt');
    expect(downloads[0]?.fileName).toMatch(/^jalon-.*backup-codes\.txt$/);
    const text = await blobText(downloads[0]!.blob);
    expect(text.split('\r\n')).toEqual(
      expect.arrayContaining([...BACKUP_CODES, 'Compte : alice@example.test']),
    );
    expect(screen.getByText('Fichier jalon-backup-codes.txt téléchargé.')).toBeInTheDocument();
  });

  it('copies them to the clipboard and confirms in French', async () => {
    const user = await openSetup();
    await user.click(screen.getByRole('button', { name: 'Copier les codes' }));
    expect(await screen.findByText('Codes copiés dans le presse-papiers.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(BACKUP_CODES.join('\n'));
  });

  it('falls back to showing them when the clipboard refuses', async () => {
    const user = await openSetup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copier les codes' }));
    expect(
      await screen.findByText(
        'Impossible de copier les codes : sélectionnez-les et copiez-les manuellement.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('ABCDE-FGHJK')).toBeVisible();
  });

  it('shows how many remain, not the codes, once they were created earlier', async () => {
    signIn();
    serve({ 'GET /2fa/status': status(true, 7) });
    await renderSecurity();
    expect(await screen.findByText('7 codes de secours restants.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Afficher les codes' })).not.toBeInTheDocument();
  });

  it('regenerates them only after a confirmation, with a current code', async () => {
    const user = userEvent.setup();
    signIn();
    const fresh = BACKUP_CODES.map((code) => code.replace('A', 'Z'));
    const calls = serve({
      'GET /2fa/status': status(true, 3),
      'POST /2fa/backup-codes': () => json({ backupCodes: fresh }),
    });
    await renderSecurity();
    const code = await screen.findByLabelText('Code à 6 chiffres pour régénérer');
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Régénérer les codes' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Régénérer les codes de secours ?' });
    expect(dialog).toHaveTextContent('Les codes de secours actuels ne fonctionneront plus.');
    expect(within(dialog).getByRole('button', { name: 'Annuler' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(callsTo(calls, 'POST /2fa/backup-codes')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Régénérer les codes' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(callsTo(calls, 'POST /2fa/backup-codes')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Régénérer les codes' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Oui, régénérer' }));
    expect(
      await screen.findByText('Nouveaux codes de secours générés. Les anciens ne fonctionnent plus.'),
    ).toBeInTheDocument();
    expect(callsTo(calls, 'POST /2fa/backup-codes')[0]?.body).toEqual({ code: '654321' });
    await user.click(screen.getByRole('button', { name: 'Afficher les codes' }));
    expect(screen.getByText(fresh[0]!)).toBeVisible();
  });

  it.each([
    [problem(400, 'invalid_code'), 'Code invalide'],
    [problem(500, 'internal_error'), 'Erreur lors de la génération des codes de secours'],
  ])('reports a failed regeneration in French', async (response, text) => {
    const user = userEvent.setup();
    signIn();
    serve({ 'GET /2fa/status': status(true, 3), 'POST /2fa/backup-codes': () => response });
    await renderSecurity();
    await user.type(await screen.findByLabelText('Code à 6 chiffres pour régénérer'), '654321');
    await user.click(screen.getByRole('button', { name: 'Régénérer les codes' }));
    await user.click(screen.getByRole('button', { name: 'Oui, régénérer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });
});

describe('2FA tab: disabling', () => {
  it('strips spaces and keeps at most 10 characters in the disable code', async () => {
    const user = userEvent.setup();
    signIn();
    serve({ 'GET /2fa/status': status(true, 10) });
    await renderSecurity();
    const code = await screen.findByLabelText('Code pour désactiver');
    await user.type(code, ' 12 34 56 78 90 12 ');
    expect(code).toHaveValue('1234567890');
  });

  it('needs 6 characters and a confirmation, then turns 2FA off', async () => {
    const user = userEvent.setup();
    signIn();
    let enabled = true;
    const calls = serve({
      'GET /2fa/status': () => json(makeStatus({ enabled, backupCodesRemaining: enabled ? 10 : 0 })),
      'POST /2fa/disable': () => {
        enabled = false;
        return json({ enabled: false, message: 'Two-factor authentication disabled successfully' });
      },
    });
    await renderSecurity();
    const code = await screen.findByLabelText('Code pour désactiver');
    await user.type(code, '12 3');
    await user.click(screen.getByRole('button', { name: 'Désactiver la 2FA' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Saisissez les 6 chiffres du code.');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await user.type(code, '4 56');
    expect(code).toHaveValue('123456');
    await user.click(screen.getByRole('button', { name: 'Désactiver la 2FA' }));
    expect(callsTo(calls, 'POST /2fa/disable')).toHaveLength(0);
    const dialog = screen.getByRole('alertdialog', { name: 'Désactiver la double authentification ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Oui, désactiver' }));

    expect(await screen.findByText('La double authentification est désactivée.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Activer la 2FA' })).toBeInTheDocument();
    expect(callsTo(calls, 'POST /2fa/disable')[0]?.body).toEqual({ code: '123456' });
    await waitFor(() => expect(callsTo(calls, 'GET /auth/me')).toHaveLength(2));
  });

  it("says 'Code invalide' when the server refuses the code", async () => {
    const user = userEvent.setup();
    signIn();
    serve({ 'GET /2fa/status': status(true, 10), 'POST /2fa/disable': () => problem(400, 'invalid_code') });
    await renderSecurity();
    await user.type(await screen.findByLabelText('Code pour désactiver'), '000000');
    await user.click(screen.getByRole('button', { name: 'Désactiver la 2FA' }));
    await user.click(screen.getByRole('button', { name: 'Oui, désactiver' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Code invalide');
    expect(screen.getByText('La double authentification est activée.')).toBeInTheDocument();
  });

  it('does not offer administrators to disable it, and says why', async () => {
    signIn({ role: 'admin', twoFactorEnabled: true });
    serve({ 'GET /2fa/status': status(true, 10) }, { role: 'admin', twoFactorEnabled: true });
    await renderSecurity();
    expect(
      await screen.findByText(
        'En tant qu’administrateur, vous ne pouvez pas désactiver la double authentification : elle est obligatoire pour les comptes administrateurs.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Code pour désactiver')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Désactiver la 2FA' })).not.toBeInTheDocument();
    // Regenerating stays possible for them.
    expect(screen.getByRole('button', { name: 'Régénérer les codes' })).toBeInTheDocument();
  });
});
