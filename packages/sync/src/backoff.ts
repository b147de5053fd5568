import { SYNC } from '@jalon/contract';

/**
 * How long to wait before the next sync attempt after `failures` consecutive failures: the
 * base doubles per failure up to the cap, then a random jitter of up to 15 % of that is added so that
 * devices that failed together do not retry together. `random` is injected for deterministic tests.
 */
export function backoffDelay(failures: number, random: () => number = Math.random): number {
  if (failures <= 0) return 0;
  const base = Math.min(SYNC.backoffBaseMs * 2 ** (failures - 1), SYNC.backoffMaxMs);
  return Math.round(base * (1 + SYNC.backoffJitterRatio * random()));
}
