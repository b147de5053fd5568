import 'fake-indexeddb/auto';
import { onlineManager, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Member } from '@jalon/contract';
import { createQueryClient } from '../../../lib/query-client.ts';
import { updateSession } from '../../../lib/session-store.ts';
import { deleteOfflineStore, openOfflineStore } from '../../../offline/indexeddb-store.ts';
import { membersCopy } from '../../../offline/members-copy.ts';
import type { SyncEngine } from '../../../offline/sync-engine.ts';
import { WorkProvider } from '../../../offline/work-context.tsx';
import { json, mockFetch, pathOf } from '../../../test/http.ts';
import { AssigneeLabel } from '../components/assignee-label.tsx';
import { AssigneePicker } from '../components/assignee-picker.tsx';
import { useMembers } from './members.ts';

const USER = '00000000-0000-4000-a000-0000000000aa';
const MEMBERS: Member[] = [
  { id: 'u-anna', username: 'Anna Roux', role: 'member', active: true },
  { id: 'u-camille', username: 'Camille Durand', role: 'admin', active: true },
];

/** The layout's engine, reduced to what the members directory uses: the person's IndexedDB database. */
async function openDeviceCopy(): Promise<SyncEngine> {
  const opened = await openOfflineStore(USER);
  if (opened.status !== 'ready') throw new Error('IndexedDB unavailable');
  return { members: membersCopy(opened.store), stop: () => opened.store.close() } as unknown as SyncEngine;
}

function Assignee() {
  const members = useMembers();
  return (
    <>
      <AssigneeLabel assigneeId="u-anna" members={members.data} />
      <AssigneePicker value={null} onChange={() => undefined} />
    </>
  );
}

function renderPage() {
  updateSession({ token: 'tok-1', sessionId: 'session-1', sessionExpiry: '2999-01-01T00:00:00.000Z' });
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <WorkProvider userId={USER} open={openDeviceCopy}>
        <Assignee />
      </WorkProvider>
    </QueryClientProvider>,
  );
}

afterEach(async () => {
  cleanup();
  onlineManager.setOnline(true);
  await deleteOfflineStore(USER);
});

describe('useMembers', () => {
  it('keeps the directory with the device’s copy: after a reload without a network, assignees are named and can be chosen', async () => {
    mockFetch((call) =>
      pathOf(call) === '/members?include=deactivated' ? json(MEMBERS) : json(null, { status: 404 }),
    );
    const online = renderPage();
    expect(await screen.findByText('Anna Roux', { selector: '.assignee__name' })).toBeInTheDocument();
    await expect.poll(async () => (await (await openDeviceCopy()).members.read())?.length).toBe(2);
    online.unmount();

    // The reload, offline: the request waits for the network; the kept directory answers meanwhile.
    onlineManager.setOnline(false);
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderPage();
    expect(await screen.findByText('Anna Roux', { selector: '.assignee__name' })).toBeInTheDocument();
    expect(screen.queryByText('…')).not.toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Camille Durand' })).toBeInTheDocument();
  });
});
