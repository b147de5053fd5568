import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSources } from '../test/fake-event-source.ts';
import { connectLive, type ConnectionState, type LiveEvent, type SessionCheck } from './live-connection.ts';

const PROJECT = '5f7b3c1e-8a61-4e57-9a0c-2a4c1f9f6d11';
const TASK = '0b0c2c7e-2f5e-4a8a-b6a4-5f1b7d3c9e21';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function start(session: SessionCheck = { kind: 'unknown' }) {
  const sources = new FakeEventSources();
  const states: ConnectionState[] = [];
  const events: LiveEvent[] = [];
  const opens: boolean[] = [];
  const checkSession = vi.fn(() => Promise.resolve(session));
  const connection = connectLive({
    url: '/api/events',
    open: sources.open,
    random: () => 0,
    checkSession,
    onState: (state) => states.push(state),
    onEvent: (event) => events.push(event),
    onOpen: (reconnected) => opens.push(reconnected),
  });
  return { sources, states, events, opens, checkSession, connection };
}

describe('the live connection', () => {
  it('opens /api/events, passes change events on and drops pings and unreadable messages', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { sources, states, events, opens } = start();
    expect(sources.latest.url).toBe('/api/events');
    expect(states).toEqual([{ kind: 'connecting' }]);
    sources.latest.accept();
    expect(states.at(-1)).toEqual({ kind: 'connected' });
    expect(opens).toEqual([false]);
    const change = {
      type: 'task.updated',
      id: TASK,
      projectId: PROJECT,
      version: 2,
      actor: null,
      device: null,
    };
    sources.latest.send({ type: 'ping' });
    sources.latest.send('{pas du json');
    sources.latest.send({ type: 'task.moved', id: TASK, projectId: PROJECT });
    sources.latest.send(change, '42');
    // A label belongs to no project; a task event without one is unreadable.
    const label = { ...change, type: 'label.created', projectId: null };
    sources.latest.send(label, '43');
    sources.latest.send({ ...change, projectId: null }, '44');
    sources.latest.send({ type: 'resync' });
    // The person's own notification: its id and the new unread count, nothing else.
    const notification = { type: 'notification.created', id: TASK, unread: 4 };
    sources.latest.send(notification);
    sources.latest.send({ type: 'notification.created', id: TASK });
    expect(events).toEqual([change, label, { type: 'resync' }, notification]);
    expect(warn).toHaveBeenCalledTimes(4);
  });

  it('reconnects after 2, 4, 8, 40 then 60 s, and gives up after 15 attempts', () => {
    const { sources, states } = start();
    sources.latest.accept();
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 15; attempt++) {
      const before = sources.opened.length;
      sources.latest.fail();
      expect(sources.opened.at(-1)!.closed).toBe(true);
      expect(states.at(-1)).toEqual({ kind: 'reconnecting', attempt });
      let waited = 0;
      while (sources.opened.length === before) {
        vi.advanceTimersByTime(1_000);
        waited += 1_000;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([2_000, 4_000, 8_000, 40_000, ...Array(11).fill(60_000)]);
    sources.latest.fail();
    expect(states.at(-1)).toEqual({ kind: 'gave-up' });
    const count = sources.opened.length;
    vi.advanceTimersByTime(10 * 60_000);
    expect(sources.opened.length).toBe(count);
  });

  it('starts counting again once a reconnect succeeds, and tells the listener it was a reconnect', () => {
    const { sources, states, opens } = start();
    sources.latest.accept();
    sources.latest.fail();
    vi.advanceTimersByTime(2_000);
    sources.latest.fail();
    expect(states.at(-1)).toEqual({ kind: 'reconnecting', attempt: 2 });
    vi.advanceTimersByTime(4_000);
    sources.latest.accept();
    expect(opens).toEqual([false, true]);
    sources.latest.fail();
    expect(states.at(-1)).toEqual({ kind: 'reconnecting', attempt: 1 });
  });

  it('treats a silent stream (no ping for a minute) as a lost one', () => {
    const { sources, states } = start();
    sources.latest.accept();
    vi.advanceTimersByTime(50_000);
    sources.latest.send({ type: 'ping' });
    vi.advanceTimersByTime(50_000);
    expect(states.at(-1)).toEqual({ kind: 'connected' });
    vi.advanceTimersByTime(10_000);
    expect(states.at(-1)).toEqual({ kind: 'reconnecting', attempt: 1 });
  });

  it('stops for good when the API says the session is gone', async () => {
    const { sources, states, checkSession } = start({ kind: 'ended', reason: 'revoked' });
    sources.latest.accept();
    sources.latest.fail();
    await vi.waitFor(() => expect(states.at(-1)).toEqual({ kind: 'revoked', reason: 'revoked' }));
    expect(checkSession).toHaveBeenCalledOnce();
    const count = sources.opened.length;
    vi.advanceTimersByTime(120_000);
    expect(sources.opened.length).toBe(count);
  });

  it('stops for good at the stream’s own `session.ended`, with its reason, without asking the API', () => {
    const { sources, states, events, checkSession } = start({ kind: 'valid' });
    sources.latest.accept();
    sources.latest.send({ type: 'session.ended', reason: 'deactivated' });
    sources.latest.fail();
    expect(states.at(-1)).toEqual({ kind: 'revoked', reason: 'deactivated' });
    expect(events).toEqual([]);
    expect(checkSession).not.toHaveBeenCalled();
    vi.advanceTimersByTime(120_000);
    expect(sources.opened).toHaveLength(1);
  });

  it('reconnects after an error while the API says the session still holds', async () => {
    const { sources, states, checkSession } = start({ kind: 'valid' });
    sources.latest.accept();
    sources.latest.fail();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(checkSession).toHaveBeenCalledOnce();
    expect(sources.opened).toHaveLength(2);
    sources.latest.accept();
    expect(states.at(-1)).toEqual({ kind: 'connected' });
  });

  it('opens nothing more once stopped', () => {
    const { sources, connection } = start();
    sources.latest.accept();
    sources.latest.fail();
    connection.stop();
    vi.advanceTimersByTime(120_000);
    expect(sources.opened).toHaveLength(1);
  });
});
