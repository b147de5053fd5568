import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { updateSession } from '../../../lib/session-store.ts';
import { keptInMemory } from '../../../offline/members-copy.ts';
import { SyncEngine } from '../../../offline/sync-engine.ts';
import { fetchPullPage, sendBatch } from '../../../offline/transports.ts';
import { WorkProvider } from '../../../offline/work-context.tsx';
import { makeUser } from '../../../test/fixtures.ts';
import { inboxServer, notification } from '../../../test/notifications-test-kit.ts';
import { serveWork } from '../../../test/work-server.ts';
import { keepInbox } from '../inbox-copy.ts';
import { NotificationsPage } from './notifications-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/notifications without a network', () => {
  it('shows the inbox this device last read, and says so', async () => {
    updateSession({
      token: 'tok-1',
      sessionId: 'sess-1',
      sessionExpiry: '2999-01-01T00:00:00.000Z',
      user: makeUser(),
    });
    const server = inboxServer([]);
    server.offline(true);
    serveWork({ handler: server.handler });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const kept = keptInMemory();
    await keepInbox(kept, { items: [notification({ type: 'mentioned' })], unread: 1, next: null });
    const open = (userId: string) =>
      SyncEngine.inMemory({ userId, sendBatch, fetchPage: fetchPullPage, kept });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <WorkProvider userId="user-1" open={open}>
          <NotificationsPage />
        </WorkProvider>
      </QueryClientProvider>,
    );
    expect(
      await screen.findByText('Hors ligne : voici les notifications que cet appareil a reçues en dernier.'),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('link', {
        name: 'Non lue : Camille Martin vous a mentionné dans « Imprimer les kakémonos »',
      }),
    ).toBeInTheDocument();
  });
});

describe('/notifications past its first page', () => {
  it("reads the older ones a page at a time with 'Afficher les plus anciennes', until there are no more", async () => {
    updateSession({
      token: 'tok-1',
      sessionId: 'sess-1',
      sessionExpiry: '2999-01-01T00:00:00.000Z',
      user: makeUser(),
    });
    const titles = ['Un', 'Deux', 'Trois', 'Quatre', 'Cinq'];
    const server = inboxServer(
      titles.map((title, index) =>
        notification({ minutes: index + 1, task: { ...notification().task, title } }),
      ),
      { pageSize: 2 },
    );
    serveWork({ handler: server.handler });
    const open = (userId: string) =>
      SyncEngine.inMemory({ userId, sendBatch, fetchPage: fetchPullPage, kept: keptInMemory() });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <WorkProvider userId="user-1" open={open}>
          <NotificationsPage />
        </WorkProvider>
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    const shown = () =>
      screen
        .getAllByRole('link', { name: /^Non lue : Camille Martin vous a assigné/ })
        .map((link) => /« (.+) »/.exec(link.textContent ?? '')?.[1]);
    const older = await screen.findByRole('button', { name: 'Afficher les plus anciennes' });
    expect(shown()).toEqual(['Un', 'Deux']);
    await user.click(older);
    expect(await screen.findByRole('link', { name: /« Quatre »/ })).toBeInTheDocument();
    expect(shown()).toEqual(['Un', 'Deux', 'Trois', 'Quatre']);
    await user.click(screen.getByRole('button', { name: 'Afficher les plus anciennes' }));
    expect(await screen.findByRole('link', { name: /« Cinq »/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Afficher les plus anciennes' })).toBeNull();
    expect(within(document.body).getAllByRole('link', { name: /vous a assigné/ })).toHaveLength(5);
  });
});
