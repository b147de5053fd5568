import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Passkey } from '@jalon/contract';
import { json, problem } from '../../../test/http.ts';
import {
  callsTo,
  makeStatus,
  renderSecurity,
  serve,
  signIn,
  type Route,
} from '../../../test/security-test-kit.ts';

const KEY_ID = '33333333-3333-4333-8333-333333333333';
const key: Passkey = {
  id: KEY_ID,
  name: 'Clé USB bleue',
  createdAt: '2030-01-15T08:00:00.000Z',
  lastUsedAt: null,
};

function passkeyServer(initial: Passkey[], overrides: Record<string, Route> = {}) {
  let passkeys = [...initial];
  return serve({
    'GET /2fa/status': () => json(makeStatus({ enabled: true, backupCodesRemaining: 10 })),
    'GET /2fa/passkeys': () => json({ passkeys }),
    [`DELETE /2fa/passkeys/${KEY_ID}`]: () => {
      passkeys = [];
      return json({ removed: true });
    },
    ...overrides,
  });
}

async function openTab() {
  const user = userEvent.setup();
  signIn();
  await renderSecurity();
  await screen.findByRole('heading', { name: 'Clés d’accès' });
  return user;
}

describe('2FA tab: passkeys', () => {
  // jsdom has no WebAuthn; the section only needs to know the browser has it.
  beforeEach(() => vi.stubGlobal('PublicKeyCredential', class {}));
  afterEach(() => vi.unstubAllGlobals());

  it('lists each passkey with its date and whether it was used', async () => {
    passkeyServer([
      key,
      {
        ...key,
        id: '44444444-4444-4444-8444-444444444444',
        name: 'Téléphone',
        lastUsedAt: '2030-01-16T10:30:00.000Z',
      },
    ]);
    await openTab();
    const list = await screen.findByRole('list', { name: 'Vos clés d’accès' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Clé USB bleue');
    expect(items[0]).toHaveTextContent('Ajoutée le 15/01/2030 08:00');
    expect(items[0]).toHaveTextContent('Jamais utilisée');
    expect(items[1]).toHaveTextContent('Dernière utilisation : 16/01/2030 10:30');
  });

  it('asks for a name and a full code before anything is sent', async () => {
    const calls = passkeyServer([]);
    const user = await openTab();
    expect(await screen.findByText('Aucune clé d’accès enregistrée.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ajouter une clé d’accès' }));
    expect(screen.getByText('Donnez un nom à la clé (64 caractères au plus).')).toBeInTheDocument();
    expect(screen.getByLabelText('Nom de la clé')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(calls, 'POST /2fa/passkeys/options')).toHaveLength(0);
  });

  it("says 'Code invalide' when the server refuses the code that opens the ceremony", async () => {
    passkeyServer([], { 'POST /2fa/passkeys/options': () => problem(400, 'invalid_code') });
    const user = await openTab();
    await user.type(screen.getByLabelText('Nom de la clé'), 'Clé USB');
    await user.type(screen.getByLabelText('Code à 6 chiffres pour confirmer'), '123456');
    await user.click(screen.getByRole('button', { name: 'Ajouter une clé d’accès' }));
    expect(await screen.findByText('Code invalide')).toBeInTheDocument();
  });

  it('removes a passkey only after a code and a confirmation', async () => {
    const calls = passkeyServer([key]);
    const user = await openTab();
    await user.click(await screen.findByRole('button', { name: 'Supprimer la clé d’accès Clé USB bleue' }));
    await user.type(screen.getByLabelText('Code pour supprimer la clé'), '654321');
    await user.click(screen.getByRole('button', { name: 'Supprimer la clé' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Supprimer cette clé d’accès ?' });
    expect(callsTo(calls, `DELETE /2fa/passkeys/${KEY_ID}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Oui, supprimer' }));
    expect(await screen.findByText('Clé d’accès supprimée.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Aucune clé d’accès enregistrée.')).toBeInTheDocument());
    expect(callsTo(calls, `DELETE /2fa/passkeys/${KEY_ID}`)[0]?.body).toEqual({ code: '654321' });
  });
});
