import {
  contractChecks,
  MemoryStore,
  SyncClient,
  type BatchTransport,
  type FlushResult,
  type PullResult,
} from '@jalon/sync';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSyncServer } from '../test/fake-sync-server.ts';
import { createSyncScheduler, type SyncScheduler, type SyncSchedulerOptions } from './sync-scheduler.ts';

// Each test names the figure it checks as a literal, so changing the constant fails that test.
const START = Date.parse('2030-01-15T10:00:00.000Z');
const elapsed = () => Date.now() - START;
const idle: FlushResult = { status: 'idle' };
const pulled: PullResult = { status: 'pulled', pages: 2, changed: true };

let online = true;
let scheduler: SyncScheduler;
const events = new EventTarget();

function start(overrides: Partial<SyncSchedulerOptions> = {}) {
  const flush = vi.fn(async () => idle);
  const pull = vi.fn(async () => pulled);
  scheduler = createSyncScheduler({
    flush,
    retryNow: async () => {},
    pull,
    isOnline: () => online,
    events,
    ...overrides,
  });
  scheduler.start();
  return { flush, pull };
}

/** When `mock` was called, in ms since the start. */
const callTimes = (times: number[]) => () => void times.push(elapsed());

beforeEach(() => {
  vi.useFakeTimers({ now: START });
  online = true;
});
afterEach(() => scheduler.stop());

describe('sync scheduler', () => {
  it('sends and pulls at start, then sends every 8000 ms while online', async () => {
    const { flush, pull } = start();
    await vi.advanceTimersByTimeAsync(0);
    expect([flush.mock.calls.length, pull.mock.calls.length]).toEqual([1, 1]);
    await vi.advanceTimersByTimeAsync(7_999);
    expect(flush).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(flush).toHaveBeenCalledTimes(2);
    online = false;
    await vi.advanceTimersByTimeAsync(16_000);
    expect(flush).toHaveBeenCalledTimes(2);
  });

  it('sends at once after an edit when online, not when offline', async () => {
    const { flush } = start();
    await vi.advanceTimersByTimeAsync(10);
    scheduler.edited();
    await vi.advanceTimersByTimeAsync(0);
    expect(flush).toHaveBeenCalledTimes(2);
    online = false;
    scheduler.edited();
    await vi.advanceTimersByTimeAsync(0);
    expect(flush).toHaveBeenCalledTimes(2);
  });

  it('sends 300 ms after the browser comes back online, then pulls', async () => {
    online = false;
    const { flush, pull } = start();
    await vi.advanceTimersByTimeAsync(1_000);
    online = true;
    events.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(299);
    expect([flush.mock.calls.length, pull.mock.calls.length]).toEqual([0, 0]);
    await vi.advanceTimersByTimeAsync(1);
    expect([flush.mock.calls.length, pull.mock.calls.length]).toEqual([1, 1]);
  });

  it('checks every second whether the next attempt the core set is due', async () => {
    const sends: number[] = [];
    const flush = vi.fn(async (): Promise<FlushResult> => {
      callTimes(sends)();
      return sends.length === 1 ? { status: 'failed', failures: 1, nextAttemptAt: START + 2_500 } : idle;
    });
    start({ flush });
    await vi.advanceTimersByTimeAsync(7_000);
    expect(sends).toEqual([0, 3_000]);
  });

  it('pulls once, 600 ms after the last of a burst of realtime events', async () => {
    const { pull } = start();
    await vi.advanceTimersByTimeAsync(0);
    scheduler.serverChanged();
    await vi.advanceTimersByTimeAsync(500);
    scheduler.serverChanged();
    await vi.advanceTimersByTimeAsync(599);
    expect(pull).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(pull).toHaveBeenCalledTimes(2);
  });

  it('pulls again when the last pull is older than 10 minutes, checked every 5 s', async () => {
    const { pull } = start();
    await vi.advanceTimersByTimeAsync(604_999);
    expect(pull).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(pull).toHaveBeenCalledTimes(2);
  });

  it('keeps one pull in flight, and runs once more for what was asked meanwhile', async () => {
    let finish = () => {};
    const pull = vi.fn(() => new Promise<PullResult>((resolve) => (finish = () => resolve(pulled))));
    start({ pull });
    scheduler.serverChanged();
    await vi.advanceTimersByTimeAsync(600);
    scheduler.serverChanged();
    await vi.advanceTimersByTimeAsync(600);
    expect(pull).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(pull).toHaveBeenCalledTimes(2);
  });

  it('does nothing once stopped', async () => {
    const { flush, pull } = start();
    await vi.advanceTimersByTimeAsync(0);
    scheduler.stop();
    scheduler.serverChanged();
    events.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(20 * 60_000);
    expect([flush.mock.calls.length, pull.mock.calls.length]).toEqual([1, 1]);
  });
});

describe('sync scheduler with the sync core', () => {
  async function failingClient(random: () => number, network = { up: false }) {
    const client = await SyncClient.open({
      store: new MemoryStore(),
      userId: 'u',
      now: () => Date.now(),
      newId: () => crypto.randomUUID(),
      random,
      checks: contractChecks,
    });
    await client.edit({ op: 'create', entity: 'project', data: { name: 'Site' } });
    const sends: number[] = [];
    const server = new FakeSyncServer();
    const transport: BatchTransport = async (request) => {
      callTimes(sends)();
      if (!network.up) throw new TypeError('Failed to fetch');
      return server.batch(request);
    };
    start({ flush: () => client.flush(transport), retryNow: () => client.retryNow() });
    return { client, sends };
  }

  it('resends after 4000 ms, doubling up to 5 minutes', async () => {
    const { sends } = await failingClient(() => 0);
    await vi.advanceTimersByTimeAsync(1_400_000);
    const gaps = sends.slice(1).map((time, index) => time - sends[index]!);
    expect(gaps).toEqual([4_000, 8_000, 16_000, 32_000, 64_000, 128_000, 256_000, 300_000, 300_000]);
  });

  it('sends 300 ms after the browser comes back online, without waiting out the backoff of the failures offline', async () => {
    const network = { up: false };
    const { client, sends } = await failingClient(() => 0, network);
    await vi.advanceTimersByTimeAsync(100_000);
    expect(sends).toEqual([0, 4_000, 12_000, 28_000, 60_000]);
    online = false;
    await vi.advanceTimersByTimeAsync(10_000);
    [online, network.up] = [true, true];
    events.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(299);
    expect(sends).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(1);
    expect(sends.at(-1)).toBe(110_300);
    expect(await client.meta()).toMatchObject({ ackedThrough: 1, failures: 0, nextAttemptAt: null });
  });

  it('adds at most 15 % of jitter', async () => {
    const { client } = await failingClient(() => 1);
    await vi.advanceTimersByTimeAsync(0);
    expect((await client.meta()).nextAttemptAt).toBe(START + 4_600);
  });
});
