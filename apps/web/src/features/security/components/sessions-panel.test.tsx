import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SessionInfo } from '@jalon/contract';
import { getSession } from '../../../lib/session-store.ts';
import { json, problem } from '../../../test/http.ts';
import {
  callsTo,
  makeSession,
  makeStatus,
  renderSecurity,
  serve,
  signIn,
  type Route,
} from '../../../test/security-test-kit.ts';

const OTHER_ID = '22222222-2222-4222-8222-222222222222';
const current = makeSession();
const other = makeSession({
  id: OTHER_ID,
  device: 'Firefox sur Windows',
  lastActiveAt: '2030-01-14T18:20:00.000Z',
  current: false,
});

/** A server holding these sessions; revoking removes them. */
function sessionServer(initial: SessionInfo[], overrides: Record<string, Route> = {}) {
  let sessions = [...initial];
  return serve({
    'GET /2fa/status': () => json(makeStatus({ enabled: false, backupCodesRemaining: 0 })),
    'GET /auth/sessions': () => json({ sessions, currentSession: current.id }),
    [`DELETE /auth/sessions/${OTHER_ID}`]: () => {
      sessions = sessions.filter((session) => session.id !== OTHER_ID);
      return json({ revoked: 1 });
    },
    [`DELETE /auth/sessions/${current.id}`]: () => json({ revoked: 1 }),
    'DELETE /auth/sessions/others': () => {
      const revoked = sessions.filter((session) => !session.current).length;
      sessions = sessions.filter((session) => session.current);
      return json({ revoked });
    },
    ...overrides,
  });
}

async function openSessions() {
  const user = userEvent.setup();
  signIn();
  await renderSecurity();
  await user.click(screen.getByRole('tab', { name: 'Sessions' }));
  return user;
}

const sessionItem = (device: string) =>
  within(screen.getByRole('list', { name: 'Sessions' })).getByRole('listitem', { name: new RegExp(device) });

describe('Sessions tab', () => {
  it("lists each device with its last activity and marks this browser's session 'Actuelle'", async () => {
    sessionServer([current, other]);
    await openSessions();
    const mine = await screen.findByRole('listitem', { name: /Chrome sur Linux/ });
    expect(within(mine).getByText('Actuelle')).toBeInTheDocument();
    expect(mine).toHaveTextContent('Dernière activité : 15/01/2030 09:55');
    const theirs = sessionItem('Firefox sur Windows');
    expect(theirs).toHaveTextContent('Dernière activité : 14/01/2030 18:20');
    expect(within(theirs).queryByText('Actuelle')).not.toBeInTheDocument();
  });

  it('revokes another session after a confirmation', async () => {
    const calls = sessionServer([current, other]);
    const user = await openSessions();
    await screen.findByRole('listitem', { name: /Firefox sur Windows/ });
    await user.click(
      within(sessionItem('Firefox sur Windows')).getByRole('button', {
        name: 'Révoquer la session Firefox sur Windows',
      }),
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Révoquer cette session ?' });
    expect(dialog).toHaveTextContent('L’appareil « Firefox sur Windows » sera déconnecté.');
    expect(callsTo(calls, `DELETE /auth/sessions/${OTHER_ID}`)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Oui, révoquer' }));
    expect(await screen.findByText('Session révoquée.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Firefox sur Windows')).not.toBeInTheDocument());
    expect(callsTo(calls, `DELETE /auth/sessions/${OTHER_ID}`)[0]?.headers.get('Authorization')).toBe(
      'Bearer tok-1',
    );
  });

  it('does nothing when the confirmation is cancelled', async () => {
    const calls = sessionServer([current, other]);
    const user = await openSessions();
    await screen.findByRole('listitem', { name: /Firefox sur Windows/ });
    await user.click(screen.getByRole('button', { name: 'Révoquer la session Firefox sur Windows' }));
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Révoquer la session Firefox sur Windows' })).toHaveFocus();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
  });

  it('revokes all other sessions after a confirmation', async () => {
    const calls = sessionServer([current, other]);
    const user = await openSessions();
    await user.click(await screen.findByRole('button', { name: 'Révoquer toutes les autres sessions' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Révoquer toutes les autres sessions ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Oui, tout révoquer' }));
    expect(await screen.findByText('1 session révoquée.')).toBeInTheDocument();
    expect(callsTo(calls, 'DELETE /auth/sessions/others')).toHaveLength(1);
    // Only this session is left: the button goes.
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: 'Révoquer toutes les autres sessions' }),
      ).not.toBeInTheDocument(),
    );
  });

  it("does not offer 'revoke all others' when there is only this session", async () => {
    sessionServer([current]);
    await openSessions();
    await screen.findByRole('listitem', { name: /Chrome sur Linux/ });
    expect(
      screen.queryByRole('button', { name: 'Révoquer toutes les autres sessions' }),
    ).not.toBeInTheDocument();
  });

  it("says 'Aucune session active.' when there is none", async () => {
    sessionServer([]);
    await openSessions();
    expect(await screen.findByText('Aucune session active.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Sessions' })).not.toBeInTheDocument();
  });

  it("revoking this browser's session signs it out and opens /login", async () => {
    sessionServer([current, other]);
    const user = await openSessions();
    await user.click(
      await screen.findByRole('button', { name: 'Révoquer la session Chrome sur Linux (la vôtre)' }),
    );
    expect(screen.getByRole('alertdialog')).toHaveTextContent(
      'C’est la session de ce navigateur : vous serez déconnecté.',
    );
    await user.click(screen.getByRole('button', { name: 'Oui, révoquer' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeInTheDocument();
    expect(getSession().token).toBeNull();
    expect(localStorage.getItem('jalon:token')).toBeNull();
  });

  it("says 'Erreur lors du chargement des sessions' when the list cannot be read", async () => {
    // A 4xx, so the query does not retry before showing it.
    sessionServer([], { 'GET /auth/sessions': () => problem(403, 'forbidden') });
    await openSessions();
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur lors du chargement des sessions');
  });

  it.each([
    [
      `DELETE /auth/sessions/${OTHER_ID}`,
      'Révoquer la session Firefox sur Windows',
      'Oui, révoquer',
      'Erreur lors de la révocation de la session',
    ],
    [
      'DELETE /auth/sessions/others',
      'Révoquer toutes les autres sessions',
      'Oui, tout révoquer',
      'Erreur lors de la révocation des autres sessions',
    ],
  ])('reports a failed %s in French', async (route, button, confirm, text) => {
    sessionServer([current, other], { [route]: () => problem(404, 'not_found') });
    const user = await openSessions();
    await user.click(await screen.findByRole('button', { name: button }));
    await user.click(screen.getByRole('button', { name: confirm }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });
});
