import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { updateSession } from '../../../lib/session-store.ts';
import { PHONE_QUERY } from '../../../lib/use-media-query.ts';
import { workHandlers } from '../../../live/work-handlers.ts';
import { makeMe, makeUser } from '../../../test/fixtures.ts';
import { json, pathOf } from '../../../test/http.ts';
import { inboxServer, notification, OTHER_TASK, TASK } from '../../../test/notifications-test-kit.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { serveWork } from '../../../test/work-server.ts';

/** The signed-in shell on /shortcuts (a screen that reads nothing of its own), over the inbox `server`. */
function signedIn(server: ReturnType<typeof inboxServer>, path = '/shortcuts') {
  updateSession({
    token: 'tok-1',
    sessionId: 'sess-1',
    sessionExpiry: '2999-01-01T00:00:00.000Z',
    user: makeUser(),
  });
  const work = serveWork({
    handler: (call) => {
      if (pathOf(call) === '/auth/me') return json(makeMe());
      return server.handler(call);
    },
  });
  const queryClient = createQueryClient();
  return { work, queryClient, ...renderApp(path, queryClient) };
}

const posted = (work: ReturnType<typeof serveWork>, path: string) =>
  work.calls.filter((call) => call.method === 'POST' && pathOf(call) === path);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the notifications on a desk', () => {
  it('names the unread count on the button, opens the inbox under it in French, and an entry opens its task, read', async () => {
    const assigned = notification({ minutes: 5 });
    const mentioned = notification({
      type: 'mentioned',
      minutes: 90,
      task: { ...assigned.task, id: OTHER_TASK },
    });
    const old = notification({ type: 'commented', minutes: 3 * 24 * 60, readAt: new Date().toISOString() });
    const server = inboxServer([assigned, mentioned, old]);
    const { work, router } = signedIn(server);

    const button = await screen.findByRole('button', { name: 'Notifications, 2 non lues' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);
    const panel = screen.getByRole('region', { name: 'Notifications' });
    const entries = within(
      await within(panel).findByRole('list', { name: 'Notifications reçues' }),
    ).getAllByRole('listitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      'Non lue : Camille Martin vous a assigné « Imprimer les kakémonos »il y a 5 m',
      'Non lue : Camille Martin vous a mentionné dans « Imprimer les kakémonos »il y a 1 h',
      'Camille Martin a commenté « Imprimer les kakémonos »il y a 3 j',
    ]);
    // Unread entries are told apart by more than their look.
    expect(entries[0]).toHaveClass('notification--unread');
    expect(entries[2]).not.toHaveClass('notification--unread');

    await userEvent.click(
      within(panel).getByRole('link', { name: /^Non lue : Camille Martin vous a mentionné dans/ }),
    );
    expect(router.state.location.pathname).toBe(`/tasks/${OTHER_TASK}`);
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
    await waitFor(() => expect(posted(work, `/notifications/${mentioned.id}/read`)).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Notifications, 1 non lue' })).toBeInTheDocument();
  });

  it('marks everything read with one request, and Esc closes the panel back to its button', async () => {
    const server = inboxServer([notification(), notification({ type: 'overdue', actor: null })]);
    const { work } = signedIn(server);
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 non lues' }));
    const panel = screen.getByRole('region', { name: 'Notifications' });
    expect(
      await within(panel).findByText('Échéance dépassée : « Imprimer les kakémonos »'),
    ).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Tout marquer comme lu' }));
    const button = await screen.findByRole('button', { name: 'Notifications' });
    expect(posted(work, '/notifications/read-all')).toHaveLength(1);
    expect(within(panel).queryByText(/^Non lue/)).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Tout marquer comme lu' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('takes a new notification from the stream: the badge goes up without a reload, and a polite toast says so', async () => {
    const server = inboxServer([notification({ readAt: new Date().toISOString() })]);
    const { queryClient } = signedIn(server);
    await screen.findByRole('button', { name: 'Notifications' });
    const arrived = notification({ type: 'status_changed', minutes: 0 });
    server.items.unshift(arrived);
    act(() =>
      workHandlers(queryClient, () => null).onNotification({
        type: 'notification.created',
        id: arrived.id,
        unread: 1,
      }),
    );
    expect(await screen.findByRole('button', { name: 'Notifications, 1 non lue' })).toBeInTheDocument();
    expect(
      screen.getAllByRole('status').find((region) => region.classList.contains('toasts')),
    ).toHaveTextContent('Nouvelle notification.');
    await userEvent.click(screen.getByRole('button', { name: 'Notifications, 1 non lue' }));
    expect(
      await screen.findByRole('link', {
        name: 'Non lue : Camille Martin a changé le statut de « Imprimer les kakémonos »',
      }),
    ).toBeInTheDocument();
  });

  it('keeps a read made without a network, shows it read at once, and sends it once back online', async () => {
    const entry = notification({ type: 'commented' });
    const server = inboxServer([entry]);
    const { work } = signedIn(server, '/notifications');
    await screen.findByRole('heading', { level: 1, name: 'Notifications' });
    const link = await screen.findByRole('link', {
      name: 'Non lue : Camille Martin a commenté « Imprimer les kakémonos »',
    });
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    server.offline(true);
    act(() => void window.dispatchEvent(new Event('offline')));
    await userEvent.click(link);
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(entry.readAt).toBeNull();

    server.offline(false);
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(entry.readAt).not.toBeNull());
    expect(posted(work, `/notifications/${entry.id}/read`).length).toBeGreaterThanOrEqual(1);
  });
});

describe('the notifications on a phone', () => {
  beforeEach(() =>
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === PHONE_QUERY,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })),
  );

  it('is a link to /notifications in the top bar, where the inbox is a screen of its own', async () => {
    const server = inboxServer([notification({ type: 'due_soon', actor: null })]);
    signedIn(server, '/shortcuts');
    await userEvent.click(await screen.findByRole('link', { name: 'Notifications, 1 non lue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: /^Non lue : Échéance proche : « Imprimer les kakémonos »/ }),
    ).toHaveAttribute('href', `/tasks/${TASK}`);
  });
});
