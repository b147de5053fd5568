import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Passkey, TwoFactorStatus } from '@jalon/contract';
import { getSession } from '../../../lib/session-store.ts';
import { makeLoginResult, makeUser } from '../../../test/fixtures.ts';
import { json, problem } from '../../../test/http.ts';
import {
  BACKUP_CODES,
  callsTo,
  holdTempToken,
  makeStatus,
  renderSecurity,
  serve,
  signIn,
  type Route,
} from '../../../test/security-test-kit.ts';

// A passkey alone as the second factor (decision 0037): the first key from the 2FA tab or a forced
// enrolment, and the changes confirmed with a backup code or a key when there is no authenticator app.

// jsdom has no WebAuthn: the browser's ceremonies answer with fixed JSON.
vi.mock('@simplewebauthn/browser', () => ({
  startRegistration: vi.fn(async () => ({ id: 'new-key', type: 'public-key' })),
  startAuthentication: vi.fn(async () => ({ id: 'old-key', type: 'public-key' })),
}));

const KEY: Passkey = {
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Clé USB bleue',
  createdAt: '2030-01-15T08:00:00.000Z',
  lastUsedAt: null,
};
const CHALLENGE = '55555555-5555-4555-8555-555555555555';
const options = () => json({ challengeId: CHALLENGE, options: { challenge: 'abc' } });
const registered = (extra: Record<string, unknown>) => () =>
  json({ ...KEY, name: 'Clé USB', backupCodes: BACKUP_CODES, signIn: null, ...extra });

/** A server whose account starts with `status` and `keys`; registering the first key turns 2FA on. */
function accountServer(start: TwoFactorStatus, keys: Passkey[], routes: Record<string, Route> = {}) {
  let status = start;
  let passkeys = [...keys];
  return serve({
    'GET /2fa/status': () => json(status),
    'GET /2fa/passkeys': () => json({ passkeys }),
    'POST /2fa/passkeys/options': options,
    'POST /2fa/passkeys/assertion-options': options,
    'POST /2fa/passkeys': () => {
      status = makeStatus({ enabled: true, totpEnabled: false, passkeys: 1, backupCodesRemaining: 10 });
      passkeys = [KEY];
      return registered({})();
    },
    [`DELETE /2fa/passkeys/${KEY.id}`]: () => {
      passkeys = [];
      status = makeStatus({ enabled: false, backupCodesRemaining: 0 });
      return json({ removed: true });
    },
    ...routes,
  });
}

const passkeyOnly = makeStatus({ enabled: true, totpEnabled: false, passkeys: 1, backupCodesRemaining: 10 });

describe('2FA tab: a passkey alone', () => {
  beforeEach(() => vi.stubGlobal('PublicKeyCredential', class {}));
  afterEach(() => vi.unstubAllGlobals());

  it('turns 2FA on with a first key, no code asked, and shows the new backup codes', async () => {
    const user = userEvent.setup();
    signIn();
    const calls = accountServer(makeStatus({ enabled: false, backupCodesRemaining: 0 }), []);
    await renderSecurity();
    await screen.findByRole('heading', { name: 'Utiliser une clé d’accès' });
    expect(screen.queryByLabelText('Code à 6 chiffres pour confirmer')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Nom de la clé'), 'Clé USB');
    await user.click(screen.getByRole('button', { name: 'Enregistrer une clé d’accès' }));
    expect(
      await screen.findByText(
        'Double authentification activée par votre clé d’accès. Conservez vos codes de secours en lieu sûr.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'La double authentification est activée avec vos clés d’accès. Vos codes de secours servent si vous perdez vos clés.',
      ),
    ).toBeInTheDocument();
    expect(callsTo(calls, 'POST /2fa/passkeys/options')[0]?.body).toEqual({});
    expect(callsTo(calls, 'POST /2fa/passkeys')[0]?.body).toMatchObject({
      challengeId: CHALLENGE,
      name: 'Clé USB',
    });
    // Further keys are confirmed with a key or a backup code: there is no app to give a code.
    expect(await screen.findByLabelText('Code de secours (facultatif)')).toBeInTheDocument();
  });

  it('completes an administrator’s forced enrolment with a passkey, shows the backup codes, then opens /dashboard', async () => {
    const user = userEvent.setup();
    holdTempToken({ role: 'admin' });
    const session = makeLoginResult({
      token: 'full-token',
      sessionId: 'session-9',
      expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
      user: makeUser({ role: 'admin', twoFactorEnabled: true }),
    });
    const calls = accountServer(makeStatus({ enabled: false, backupCodesRemaining: 0 }), [], {
      'POST /2fa/passkeys': registered({ signIn: session }),
    });
    const { router } = await renderSecurity();
    await user.type(await screen.findByLabelText('Nom de la clé'), 'Clé USB');
    await user.click(screen.getByRole('button', { name: 'Enregistrer une clé d’accès' }));
    // The backup codes are shown once, before the app opens.
    expect(await screen.findByRole('heading', { name: 'Codes de secours' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/security');
    await user.click(screen.getByRole('button', { name: 'Continuer vers le tableau de bord' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(callsTo(calls, 'POST /2fa/passkeys')[0]?.headers.get('Authorization')).toBe(
      'Bearer temp-token-123456',
    );
    expect(getSession()).toMatchObject({ token: 'full-token', tempToken: null });
  });

  it('adds another key with a passkey confirmation when the backup code is left empty', async () => {
    const user = userEvent.setup();
    signIn();
    const calls = accountServer(passkeyOnly, [KEY]);
    await renderSecurity();
    await user.type(await screen.findByLabelText('Nom de la clé'), 'Téléphone');
    await user.click(screen.getByRole('button', { name: 'Ajouter une clé d’accès' }));
    await waitFor(() => expect(callsTo(calls, 'POST /2fa/passkeys')).toHaveLength(1));
    expect(callsTo(calls, 'POST /2fa/passkeys/options')[0]?.body).toEqual({
      passkey: { challengeId: CHALLENGE, response: { id: 'old-key', type: 'public-key' } },
    });
  });

  it('removes the last key with a passkey after saying 2FA goes with it', async () => {
    const user = userEvent.setup();
    signIn();
    const calls = accountServer(passkeyOnly, [KEY]);
    await renderSecurity();
    await user.click(await screen.findByRole('button', { name: 'Supprimer la clé d’accès Clé USB bleue' }));
    expect(screen.getByLabelText('Code de secours pour supprimer la clé')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Supprimer avec une clé d’accès' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Supprimer cette clé d’accès ?' });
    expect(dialog).toHaveTextContent(
      'C’est votre dernière clé : la double authentification sera désactivée et vos codes de secours effacés.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Oui, supprimer' }));
    expect(await screen.findByText('La double authentification est désactivée.')).toBeInTheDocument();
    expect(callsTo(calls, `DELETE /2fa/passkeys/${KEY.id}`)[0]?.body).toEqual({
      passkey: { challengeId: CHALLENGE, response: { id: 'old-key', type: 'public-key' } },
    });
  });

  it('tells an administrator why the last key stays', async () => {
    const user = userEvent.setup();
    signIn({ role: 'admin', twoFactorEnabled: true });
    accountServer(passkeyOnly, [KEY], {
      [`DELETE /2fa/passkeys/${KEY.id}`]: () => problem(403, 'last_second_factor'),
    });
    await renderSecurity();
    await user.click(await screen.findByRole('button', { name: 'Supprimer la clé d’accès Clé USB bleue' }));
    await user.type(screen.getByLabelText('Code de secours pour supprimer la clé'), 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'Supprimer la clé' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Oui, supprimer' }),
    );
    expect(await screen.findByText(/Un administrateur doit garder un second facteur/)).toBeInTheDocument();
  });
});
