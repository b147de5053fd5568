import { describe, expect, it } from 'vitest';
import { reconnectDelay } from './reconnect-delay.ts';

describe('reconnect delay', () => {
  it('doubles from 2000 ms, from 5000 ms on from attempt 4, capped at 60000 ms', () => {
    const delays = Array.from({ length: 15 }, (_, index) => reconnectDelay(index + 1, () => 0));
    expect(delays).toEqual([2_000, 4_000, 8_000, 40_000, ...Array(11).fill(60_000)]);
  });

  it('adds up to 500 ms of jitter', () => {
    expect(reconnectDelay(1, () => 1)).toBe(2_500);
    expect(reconnectDelay(15, () => 0.5)).toBe(60_250);
  });
});
