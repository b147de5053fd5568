import { SYNC } from '@jalon/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff.ts';

const noJitter = () => 0;

describe('backoffDelay', () => {
  it('waits nothing before the first failure', () => {
    expect(backoffDelay(0, noJitter)).toBe(0);
  });

  it('starts at 4 s and doubles per consecutive failure', () => {
    expect([1, 2, 3, 4, 5].map((failures) => backoffDelay(failures, noJitter))).toEqual([
      4_000, 8_000, 16_000, 32_000, 64_000,
    ]);
  });

  it('is capped at 5 minutes, however many failures', () => {
    expect(backoffDelay(7, noJitter)).toBe(256_000);
    expect(backoffDelay(8, noJitter)).toBe(SYNC.backoffMaxMs);
    expect(backoffDelay(10_000, noJitter)).toBe(SYNC.backoffMaxMs);
  });

  it('adds at most 15 % of jitter', () => {
    expect(backoffDelay(1, () => 0.999_999)).toBe(4_600);
    expect(backoffDelay(50, () => 0.5)).toBe(SYNC.backoffMaxMs * 1.075);
  });

  it('properties: the base is monotone and capped, the jitter within 15 %', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (failures, jitter) => {
          const base = backoffDelay(failures, noJitter);
          expect(base).toBeGreaterThanOrEqual(backoffDelay(failures - 1, noJitter));
          expect(base).toBeLessThanOrEqual(SYNC.backoffMaxMs);
          expect(base).toBe(Math.min(SYNC.backoffBaseMs * 2 ** (failures - 1), SYNC.backoffMaxMs));
          const delay = backoffDelay(failures, () => jitter);
          expect(delay).toBeGreaterThanOrEqual(base);
          expect(delay).toBeLessThanOrEqual(Math.round(base * (1 + SYNC.backoffJitterRatio)));
        },
      ),
    );
  });
});
