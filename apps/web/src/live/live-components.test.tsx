import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Digest } from '@jalon/contract';
import { ConnectionIndicator } from '../features/offline/components/connection-indicator.tsx';
import { AbsenceDigest } from './absence-digest.tsx';
import { renderWorkRoute } from '../test/render-route.tsx';
import { serveWork } from '../test/work-server.ts';
import { LastSyncIndicator } from './last-sync-indicator.tsx';
import { LiveBadge } from './live-badge.tsx';
import { LiveState } from './live-state.ts';
import { setActiveLive } from './live-store.ts';

const PROJECT = '5f7b3c1e-8a61-4e57-9a0c-2a4c1f9f6d11';
const TASK = '0b0c2c7e-2f5e-4a8a-b6a4-5f1b7d3c9e21';

let state: LiveState;
function activate() {
  state = new LiveState({
    onTaskChanges: () => new Promise(() => undefined),
    onProjectChanges: () => Promise.resolve(),
    onCommentChanges: () => Promise.resolve(),
    onLabelChanges: () => Promise.resolve(),
    onResync: () => Promise.resolve(),
    onNotification: () => undefined,
  });
  const dismiss = vi.fn(() => state.setDigest(null));
  setActiveLive(state, dismiss);
  return dismiss;
}
afterEach(() => {
  act(() => setActiveLive(null));
  state.dispose();
});

describe('live components', () => {
  it('shows the reconnect attempts, then the give-up message, in the connection indicator', () => {
    activate();
    render(<ConnectionIndicator />);
    expect(screen.getByRole('status', { name: 'État de la connexion' })).toHaveTextContent('En ligne');
    act(() => state.setConnection({ kind: 'reconnecting', attempt: 3 }));
    expect(screen.getByRole('status')).toHaveTextContent('Reconnexion… (tentative 3 sur 15)');
    act(() => state.setConnection({ kind: 'gave-up' }));
    expect(screen.getByRole('status')).toHaveTextContent(
      'Connexion perdue après 15 tentatives. Rafraîchissez la page.',
    );
  });

  it('badges a task Stale when an event names it', () => {
    activate();
    render(<LiveBadge taskId={TASK} />);
    expect(screen.queryByText('Stale')).toBeNull();
    act(() =>
      state.receive({
        type: 'task.updated',
        id: TASK,
        projectId: PROJECT,
        version: 2,
        actor: null,
        device: null,
      }),
    );
    expect(screen.getByText('Stale')).toBeInTheDocument();
  });

  it('says it is syncing until the page’s first catch-up has landed, then the age of the last sync', async () => {
    serveWork();
    activate();
    renderWorkRoute(<LastSyncIndicator />, '/');
    expect(screen.getByText('Synchronisation…')).toBeInTheDocument();
    expect(await screen.findByText('Dernière synchro : il y a 0 s')).toBeInTheDocument();
  });

  it('lists what the others changed, and closes when dismissed', async () => {
    const dismiss = activate();
    const digest: Digest = {
      since: '2026-11-23T18:00:00.000Z',
      until: '2026-11-24T08:00:00.000Z',
      people: [
        {
          userId: '7d1f0c6a-3b2e-4f8a-9c5d-1e2f3a4b5c6d',
          name: 'Marie',
          tasks: 3,
          projects: [
            { id: PROJECT, name: 'Alpha' },
            { id: TASK, name: 'Beta' },
          ],
          moreProjects: 2,
        },
        {
          userId: '2c4e6a8b-0d1f-4a3c-8e5b-7d9f1a3c5e7b',
          name: 'Paul',
          tasks: 0,
          projects: [{ id: PROJECT, name: 'Alpha' }],
          moreProjects: 0,
        },
      ],
      truncated: false,
    };
    act(() => state.setDigest(digest));
    render(<AbsenceDigest />);
    const region = screen.getByRole('region', { name: 'Pendant votre absence…' });
    expect(region).toHaveTextContent('Marie a modifié 3 tâches dans Alpha, Beta, 2 autres projets');
    expect(region).toHaveTextContent('Paul a modifié le projet Alpha');
    await userEvent.click(screen.getByRole('button', { name: 'Fermer le résumé' }));
    expect(dismiss).toHaveBeenCalledOnce();
    expect(screen.queryByRole('region')).toBeNull();
  });
});
