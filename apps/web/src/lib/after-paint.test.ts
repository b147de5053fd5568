import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint, nextPaint, yieldToMain } from './after-paint.ts';

afterEach(() => vi.useRealTimers());

describe('afterNextPaint', () => {
  it('runs the task after the next frame, not at once', async () => {
    const task = vi.fn();
    afterNextPaint(task);
    expect(task).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(task).toHaveBeenCalledTimes(1));
  });

  it('still runs in a tab that paints nothing (no frame comes), after 200 ms', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('requestAnimationFrame', () => 0);
    const task = vi.fn();
    afterNextPaint(task);
    vi.advanceTimersByTime(199);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });

  it('runs nothing once cancelled', async () => {
    const task = vi.fn();
    afterNextPaint(task)();
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(task).not.toHaveBeenCalled();
  });

  it('runs the task once when both the frame and the timeout come', async () => {
    const task = vi.fn();
    afterNextPaint(task);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(task).toHaveBeenCalledTimes(1);
    await expect(nextPaint()).resolves.toBeUndefined();
  });
});

describe('yieldToMain', () => {
  it("asks the browser's scheduler to resume in a new task when it has one", async () => {
    const schedulerYield = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: schedulerYield });
    try {
      await yieldToMain();
      expect(schedulerYield).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('resumes after a timeout elsewhere: the work queued in this task runs first', async () => {
    const order: string[] = [];
    const yielded = yieldToMain().then(() => order.push('after the yield'));
    void Promise.resolve().then(() => order.push('microtask of this task'));
    await yielded;
    expect(order).toEqual(['microtask of this task', 'after the yield']);
  });
});
