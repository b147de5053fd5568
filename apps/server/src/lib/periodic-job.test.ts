import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PeriodicJob } from './periodic-job.ts';

const EVERY_MS = 1_000;

/** A job whose passes the test ends by hand, one at a time, in the order they started. */
function manualJob() {
  const pending: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  let started = 0;
  const job = {
    everyMs: EVERY_MS,
    runOnce: () => {
      started++;
      return new Promise<void>((resolve, reject) => pending.push({ resolve, reject }));
    },
  };
  const next = () => {
    const pass = pending.shift();
    if (!pass) throw new Error('no pass under way');
    return pass;
  };
  return { job, started: () => started, next };
}

describe('PeriodicJob', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs a pass once every period, the first after one period', async () => {
    let runs = 0;
    const periodic = new PeriodicJob({ everyMs: EVERY_MS, runOnce: async () => void runs++ }, () => {});
    periodic.start();
    await vi.advanceTimersByTimeAsync(EVERY_MS - 1);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(2 * EVERY_MS);
    expect(runs).toBe(3);
    await periodic.stop();
  });

  it('never starts a pass while the previous one is still running', async () => {
    const { job, started, next } = manualJob();
    const periodic = new PeriodicJob(job, () => {});
    periodic.start();
    await vi.advanceTimersByTimeAsync(5 * EVERY_MS);
    expect(started()).toBe(1);
    next().resolve();
    await vi.advanceTimersByTimeAsync(EVERY_MS);
    expect(started()).toBe(2);
    next().resolve();
    await periodic.stop();
  });

  it('stop waits for the pass under way, and no pass starts after it', async () => {
    const { job, started, next } = manualJob();
    const periodic = new PeriodicJob(job, () => {});
    periodic.start();
    await vi.advanceTimersByTimeAsync(EVERY_MS);
    let stopped = false;
    const stopping = periodic.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(3 * EVERY_MS);
    expect(stopped).toBe(false);
    next().resolve();
    await stopping;
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(3 * EVERY_MS);
    expect(started()).toBe(1);
  });

  it('reports a failed pass and keeps its schedule', async () => {
    const { job, started, next } = manualJob();
    const errors: unknown[] = [];
    const periodic = new PeriodicJob(job, (error) => errors.push(error));
    periodic.start();
    await vi.advanceTimersByTimeAsync(EVERY_MS);
    const failure = new Error('database gone');
    next().reject(failure);
    await vi.advanceTimersByTimeAsync(EVERY_MS);
    expect(errors).toEqual([failure]);
    expect(started()).toBe(2);
    next().resolve();
    await periodic.stop();
  });

  it('reports a pass that throws before its promise, and keeps its schedule', async () => {
    const errors: unknown[] = [];
    const failure = new Error('not even a promise');
    const job = {
      everyMs: EVERY_MS,
      runOnce: (): Promise<void> => {
        throw failure;
      },
    };
    const periodic = new PeriodicJob(job, (error) => errors.push(error));
    periodic.start();
    await vi.advanceTimersByTimeAsync(2 * EVERY_MS);
    expect(errors).toEqual([failure, failure]);
    await periodic.stop();
  });
});

describe('PeriodicJob on real timers', () => {
  it('does not keep the process alive', async () => {
    const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
    const before = timers();
    const periodic = new PeriodicJob({ everyMs: 60_000, runOnce: async () => {} }, () => {});
    periodic.start();
    expect(timers()).toBe(before);
    await periodic.stop();
  });
});
