import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChangeEvent } from '@jalon/contract';
import { LiveState, type LiveHandlers } from './live-state.ts';

const PROJECT = '5f7b3c1e-8a61-4e57-9a0c-2a4c1f9f6d11';
const task = (id: string, type: ChangeEvent['type'] = 'task.updated'): ChangeEvent => ({
  type,
  id,
  projectId: PROJECT,
  version: 1,
  actor: null,
  device: null,
});
const THIS_DEVICE = '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const OTHER_DEVICE = '1d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a';

let state: LiveState;
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  state.dispose();
  vi.useRealTimers();
});

function make(refreshMs = 0) {
  const done = () => new Promise<void>((resolve) => setTimeout(resolve, refreshMs));
  const handlers = {
    onTaskChanges: vi.fn<LiveHandlers['onTaskChanges']>(done),
    onProjectChanges: vi.fn<LiveHandlers['onProjectChanges']>(done),
    onCommentChanges: vi.fn<LiveHandlers['onCommentChanges']>(done),
    onLabelChanges: vi.fn<LiveHandlers['onLabelChanges']>(done),
    onResync: vi.fn<LiveHandlers['onResync']>(done),
    onNotification: vi.fn<LiveHandlers['onNotification']>(),
    ownDevice: () => THIS_DEVICE,
  };
  const synced = vi.fn();
  state = new LiveState(handlers, Date.now, synced);
  return { handlers, synced };
}

describe('live state', () => {
  it('marks a task Stale, refreshes once 600 ms after the last event of a burst, Maj… meanwhile', async () => {
    const { handlers, synced } = make(1_000);
    state.receive(task('a'));
    await vi.advanceTimersByTimeAsync(400);
    state.receive(task('b'));
    state.receive({ ...task(PROJECT, 'project.updated') });
    expect(state.getSnapshot().taskBadges).toEqual(
      new Map([
        ['a', 'stale'],
        ['b', 'stale'],
      ]),
    );
    await vi.advanceTimersByTimeAsync(599);
    expect(handlers.onTaskChanges).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(handlers.onTaskChanges).toHaveBeenCalledOnce();
    expect(handlers.onTaskChanges.mock.calls[0]![0].map((event) => event.id)).toEqual(['a', 'b']);
    expect(handlers.onProjectChanges).toHaveBeenCalledOnce();
    expect(state.getSnapshot().taskBadges.get('a')).toBe('updating');
    const before = state.getSnapshot().lastSyncAt;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(state.getSnapshot().taskBadges.size).toBe(0);
    expect(state.getSnapshot().lastSyncAt).toBe(before + 2_000);
    expect(synced).toHaveBeenCalledOnce();
  });

  it('neither marks nor reads again what this device’s own batch changed; another device’s change, it does', async () => {
    const { handlers } = make();
    state.receive({ ...task('mine'), device: THIS_DEVICE });
    state.receive({ ...task(PROJECT, 'project.updated'), device: THIS_DEVICE });
    expect(state.getSnapshot().taskBadges.size).toBe(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(handlers.onTaskChanges).not.toHaveBeenCalled();
    expect(handlers.onProjectChanges).not.toHaveBeenCalled();
    state.receive({ ...task('theirs'), device: OTHER_DEVICE });
    expect(state.getSnapshot().taskBadges.get('theirs')).toBe('stale');
    await vi.advanceTimersByTimeAsync(600);
    expect(handlers.onTaskChanges).toHaveBeenCalledOnce();
  });

  it('reads the copy again for a comment written elsewhere, without marking any task', async () => {
    const { handlers } = make();
    state.receive({ ...task('c1', 'comment.created'), taskId: 'a', device: OTHER_DEVICE });
    expect(state.getSnapshot().taskBadges.size).toBe(0);
    await vi.advanceTimersByTimeAsync(600);
    expect(handlers.onCommentChanges).toHaveBeenCalledOnce();
    expect(handlers.onCommentChanges.mock.calls[0]![0].map((event) => event.id)).toEqual(['c1']);
    expect(handlers.onTaskChanges).not.toHaveBeenCalled();
  });

  it('reads the copy again for a label changed elsewhere (no project), without marking any task', async () => {
    const { handlers } = make();
    state.receive({ ...task('l1', 'label.updated'), projectId: null, device: OTHER_DEVICE });
    expect(state.getSnapshot().taskBadges.size).toBe(0);
    await vi.advanceTimersByTimeAsync(600);
    expect(handlers.onLabelChanges).toHaveBeenCalledOnce();
    expect(handlers.onLabelChanges.mock.calls[0]![0].map((event) => event.id)).toEqual(['l1']);
    expect(handlers.onTaskChanges).not.toHaveBeenCalled();
  });

  it('shows a badge 5 s at most, even when the refresh hangs', async () => {
    make(60_000);
    state.receive(task('a'));
    await vi.advanceTimersByTimeAsync(600);
    expect(state.getSnapshot().taskBadges.get('a')).toBe('updating');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(state.getSnapshot().taskBadges.size).toBe(0);
  });

  it('hands a new notification over at once, without a badge or a refresh of the copy', async () => {
    const { handlers } = make();
    const event = { type: 'notification.created' as const, id: 'n1', unread: 3 };
    state.receive(event);
    expect(handlers.onNotification).toHaveBeenCalledWith(event);
    expect(state.getSnapshot().taskBadges.size).toBe(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(handlers.onTaskChanges).not.toHaveBeenCalled();
    expect(handlers.onResync).not.toHaveBeenCalled();
  });

  it('reads everything again on a resync event', async () => {
    const { handlers } = make();
    state.receive({ type: 'resync' });
    await vi.advanceTimersByTimeAsync(0);
    expect(handlers.onResync).toHaveBeenCalledOnce();
  });

  it('auto-refreshes when the last sync is older than 10 minutes, checked every 5 s, badge for 5 s', async () => {
    const { handlers } = make();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(handlers.onResync).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(handlers.onResync).toHaveBeenCalledOnce();
    expect(state.getSnapshot().autoRefresh).toBe(true);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(state.getSnapshot().autoRefresh).toBe(false);
    // Synced again just now: the next one is ten minutes away.
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(handlers.onResync).toHaveBeenCalledOnce();
  });

  it('keeps the last sync where it was when a refresh fails', async () => {
    const { handlers, synced } = make();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    handlers.onResync.mockRejectedValueOnce(new Error('réseau'));
    const before = state.getSnapshot().lastSyncAt;
    await vi.advanceTimersByTimeAsync(1_000);
    await state.resync();
    expect(state.getSnapshot().lastSyncAt).toBe(before);
    expect(synced).not.toHaveBeenCalled();
  });
});
