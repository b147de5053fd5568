import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Digest } from '@jalon/contract';
import { readStored, writeStored } from '../lib/storage.ts';
import { FakeBrowser, type FakeTab } from '../test/fake-tabs.ts';
import { openOfflineStore } from '../offline/indexeddb-store.ts';
import { FakeEventSources } from '../test/fake-event-source.ts';
import type { SessionCheck } from './live-connection.ts';
import type { LiveChannel } from './live-leader.ts';
import { getLiveSnapshot, dismissDigest } from './live-store.ts';
import { startLiveUpdates } from './start-live-updates.ts';
import { seenKey, wipeDevice } from './wipe-device.ts';

const PROJECT = '5f7b3c1e-8a61-4e57-9a0c-2a4c1f9f6d11';
const TASK = '0b0c2c7e-2f5e-4a8a-b6a4-5f1b7d3c9e21';
const MARIE = '7d1f0c6a-3b2e-4f8a-9c5d-1e2f3a4b5c6d';
const change = {
  type: 'task.updated',
  id: TASK,
  projectId: PROJECT,
  version: 3,
  actor: MARIE,
  device: null,
} as const;

let user: string;
const stops: Array<() => void> = [];
beforeEach(() => {
  user = crypto.randomUUID();
  vi.useFakeTimers();
});
afterEach(() => {
  stops.splice(0).forEach((stop) => stop());
  vi.useRealTimers();
});

const emptyDigest = (since: string): Digest => ({
  since,
  until: '2026-11-24T10:00:00.000Z',
  people: [],
  truncated: false,
});

function openTab(
  tab: FakeTab,
  sources: FakeEventSources,
  extra: { session?: SessionCheck; digest?: Digest } = {},
) {
  const handlers = {
    onTaskChanges: vi.fn(() => Promise.resolve()),
    onProjectChanges: vi.fn(() => Promise.resolve()),
    onCommentChanges: vi.fn(() => Promise.resolve()),
    onLabelChanges: vi.fn(() => Promise.resolve()),
    onResync: vi.fn(() => Promise.resolve()),
    onNotification: vi.fn(),
  };
  const onRevoked = vi.fn();
  const fetchDigest = vi.fn((since: string) => Promise.resolve(extra.digest ?? emptyDigest(since)));
  const stop = startLiveUpdates({
    userId: user,
    ...handlers,
    onRevoked,
    url: '/api/events',
    open: sources.open,
    checkSession: () => Promise.resolve(extra.session ?? { kind: 'unknown' }),
    fetchDigest,
    locks: tab.locks,
    openChannel: (name) => tab.openChannel(name) as unknown as LiveChannel,
  });
  stops.push(stop);
  return { handlers, onRevoked, fetchDigest, stop, tab };
}

describe('live updates across the tabs of one browser', () => {
  it('opens one stream for two tabs and refreshes both from its events', async () => {
    const browser = new FakeBrowser();
    const sources = new FakeEventSources();
    const first = openTab(browser.openTab(), sources);
    const second = openTab(browser.openTab(), sources);
    await vi.advanceTimersByTimeAsync(0);
    expect(sources.opened).toHaveLength(1);
    sources.latest.accept();
    sources.latest.send(change, '12');
    await vi.advanceTimersByTimeAsync(600);
    expect(first.handlers.onTaskChanges).toHaveBeenCalledWith([change]);
    expect(second.handlers.onTaskChanges).toHaveBeenCalledWith([change]);
  });

  it('hands the stream to the next tab when the leader closes; that tab reads what it may have missed', async () => {
    const browser = new FakeBrowser();
    const sources = new FakeEventSources();
    const first = openTab(browser.openTab(), sources);
    const second = openTab(browser.openTab(), sources);
    await vi.advanceTimersByTimeAsync(0);
    sources.latest.accept();
    await vi.advanceTimersByTimeAsync(0);
    first.stop();
    first.tab.die();
    await vi.advanceTimersByTimeAsync(0);
    expect(sources.opened).toHaveLength(2);
    expect(sources.opened[0]!.closed).toBe(true);
    sources.latest.accept();
    await vi.advanceTimersByTimeAsync(0);
    expect(second.handlers.onResync).toHaveBeenCalledOnce();
  });

  it('tells a tab that joins later the connection state', async () => {
    const browser = new FakeBrowser();
    const sources = new FakeEventSources();
    openTab(browser.openTab(), sources);
    await vi.advanceTimersByTimeAsync(0);
    sources.latest.accept();
    sources.latest.fail();
    await vi.advanceTimersByTimeAsync(0);
    // The follower's store is the active one now: it shows what the leader said.
    openTab(browser.openTab(), sources);
    await vi.advanceTimersByTimeAsync(10);
    expect(getLiveSnapshot().connection).toEqual({ kind: 'reconnecting', attempt: 1 });
  });

  it('wipes the device when the session is revoked, in the leader and in the other tabs', async () => {
    const browser = new FakeBrowser();
    const sources = new FakeEventSources();
    const ended = { kind: 'ended', reason: 'revoked' } as const;
    const first = openTab(browser.openTab(), sources, { session: ended });
    const second = openTab(browser.openTab(), sources, { session: ended });
    await vi.advanceTimersByTimeAsync(0);
    sources.latest.accept();
    sources.latest.fail();
    await vi.advanceTimersByTimeAsync(0);
    expect(first.onRevoked).toHaveBeenCalledExactlyOnceWith('revoked');
    expect(second.onRevoked).toHaveBeenCalledExactlyOnceWith('revoked');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(sources.opened).toHaveLength(1);
  });
});

/** A tab opened by a person last up to date at `seen`, its stream's first attempt made. */
async function openSeenAt(seen: string, extra: { digest?: Digest } = {}) {
  writeStored(seenKey(user), seen);
  const sources = new FakeEventSources();
  const tab = openTab(new FakeBrowser().openTab(), sources, extra);
  await vi.advanceTimersByTimeAsync(0);
  return { tab, sources };
}

describe('the absence digest', () => {
  const digest: Digest = {
    since: '2026-11-23T18:00:00.000Z',
    until: '2026-11-24T08:00:00.000Z',
    people: [
      { userId: MARIE, name: 'Marie', tasks: 3, projects: [{ id: PROJECT, name: 'Alpha' }], moreProjects: 0 },
    ],
    truncated: false,
  };

  it('shows nothing on a first visit, and starts from the server’s time', async () => {
    const browser = new FakeBrowser();
    openTab(browser.openTab(), new FakeEventSources(), { digest });
    await vi.advanceTimersByTimeAsync(0);
    expect(getLiveSnapshot().digest).toBeNull();
    expect(readStored(seenKey(user))).toBe(digest.until);
  });

  it('shows what the others changed since the last visit, and starts from its end once dismissed', async () => {
    writeStored(seenKey(user), '2026-11-23T18:00:00.000Z');
    const browser = new FakeBrowser();
    const tab = openTab(browser.openTab(), new FakeEventSources(), { digest });
    await vi.advanceTimersByTimeAsync(0);
    expect(tab.fetchDigest).toHaveBeenCalledWith('2026-11-23T18:00:00.000Z');
    expect(getLiveSnapshot().digest).toEqual(digest);
    dismissDigest();
    expect(getLiveSnapshot().digest).toBeNull();
    expect(readStored(seenKey(user))).toBe(digest.until);
  });

  it('shows a digest once: the next page load starts from its end, even if it was never dismissed', async () => {
    writeStored(seenKey(user), digest.since);
    const browser = new FakeBrowser();
    const first = openTab(browser.openTab(), new FakeEventSources(), { digest });
    await vi.advanceTimersByTimeAsync(0);
    expect(getLiveSnapshot().digest).toEqual(digest);
    first.stop();
    const reloaded = openTab(browser.openTab(), new FakeEventSources());
    await vi.advanceTimersByTimeAsync(0);
    expect(reloaded.fetchDigest).toHaveBeenCalledWith(digest.until);
    expect(getLiveSnapshot().digest).toBeNull();
  });

  it('counts changes that arrived live as seen: a page loaded later does not list them as an absence', async () => {
    const { tab, sources } = await openSeenAt('2026-11-24T08:00:00.000Z');
    sources.latest.accept();
    sources.latest.send(change, '12');
    await vi.advanceTimersByTimeAsync(60_000);
    // The server's time of a digest read after the change, without showing it, is the new start.
    expect(tab.fetchDigest).toHaveBeenCalledTimes(2);
    expect(getLiveSnapshot().digest).toBeNull();
    expect(readStored(seenKey(user))).toBe('2026-11-24T10:00:00.000Z');
  });

  it('asks again from the same start after a reconnect while the digest is still on screen', async () => {
    const { tab, sources } = await openSeenAt(digest.since, { digest });
    expect(getLiveSnapshot().digest).toEqual(digest);
    sources.latest.accept();
    sources.latest.fail();
    await vi.advanceTimersByTimeAsync(2_500);
    sources.latest.accept();
    await vi.advanceTimersByTimeAsync(0);
    expect(tab.fetchDigest.mock.calls.map(([since]) => since)).toEqual([digest.since, digest.since]);
  });

  it('asks again after a reconnect', async () => {
    const { tab, sources } = await openSeenAt('2026-11-24T08:00:00.000Z');
    sources.latest.accept();
    sources.latest.fail();
    await vi.advanceTimersByTimeAsync(2_500);
    sources.latest.accept();
    await vi.advanceTimersByTimeAsync(0);
    expect(tab.fetchDigest).toHaveBeenCalledTimes(2);
    expect(tab.handlers.onResync).toHaveBeenCalledOnce();
    // Nothing new: the next digest starts from the server's time of this one.
    expect(readStored(seenKey(user))).toBe('2026-11-24T10:00:00.000Z');
  });
});

describe('wiping the device', () => {
  it('deletes the user’s offline database and what the live updates kept', async () => {
    vi.useRealTimers();
    const opened = await openOfflineStore(user);
    if (opened.status !== 'ready') throw new Error('store unavailable');
    writeStored(seenKey(user), '2026-11-24T08:00:00.000Z');
    const other = crypto.randomUUID();
    const kept = await openOfflineStore(other);
    await wipeDevice(user);
    const names = (await indexedDB.databases()).map((database) => database.name);
    expect(names).not.toContain(`jalon:${user}`);
    expect(names).toContain(`jalon:${other}`);
    expect(readStored(seenKey(user))).toBeNull();
    if (kept.status === 'ready') kept.store.close();
  });
});
