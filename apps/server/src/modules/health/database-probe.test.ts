import { describe, expect, it, vi } from 'vitest';
import { DatabaseProbe } from './database-probe.ts';

const TIMINGS = { everyMs: 2_000, timeoutMs: 2_000, staleAfterMs: 10_000 };
const never = () => new Promise<string>(() => {});

describe('DatabaseProbe', () => {
  it('goes unhealthy once a hung database has not answered for staleAfterMs, with a fresh checkedAt', async () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    let ping = () => Promise.resolve('PostgreSQL 17');
    const probe = new DatabaseProbe(() => ping(), TIMINGS);
    await probe.start();
    expect(probe).toMatchObject({ healthy: true, reachable: true, version: 'PostgreSQL 17' });

    ping = never;
    await vi.advanceTimersByTimeAsync(2_000 + 2_000);
    // The probe timed out: it says so at once, but one slow answer does not take the instance out.
    expect(probe).toMatchObject({ healthy: true, reachable: false });
    expect(probe.checkedAt.toISOString()).toBe('2026-01-01T00:00:04.000Z');

    await vi.advanceTimersByTimeAsync(6_000);
    expect(probe.healthy).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(probe.healthy).toBe(false);
    probe.stop();
  });

  it('asks again only once the hung probe has settled, and recovers with the first answer', async () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    let release: (version: string) => void = () => {};
    const ping = vi.fn(() => Promise.resolve('v1'));
    const probe = new DatabaseProbe(ping, TIMINGS);
    await probe.start();
    ping.mockImplementation(() => new Promise<string>((resolve) => (release = resolve)));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(ping).toHaveBeenCalledTimes(2);
    expect(probe.healthy).toBe(false);

    release('v2');
    await vi.advanceTimersByTimeAsync(0);
    expect(probe).toMatchObject({ healthy: true, reachable: true, version: 'v2' });
    probe.stop();
  });

  it('counts a failed probe as no answer', async () => {
    const probe = new DatabaseProbe(
      () => Promise.reject(new Error('ECONNREFUSED')),
      TIMINGS,
      () => 5_000,
    );
    await probe.check();
    expect(probe).toMatchObject({ healthy: false, reachable: false });
    expect(probe.checkedAt.getTime()).toBe(5_000);
  });
});
