import { setTimeout as sleep } from 'node:timers/promises';
import { rssKiB } from './children.ts';

/** How often a process's resident memory is read while a measurement runs. */
export const RSS_SAMPLE_MS = 50;

export const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

/**
 * A process's resident memory before a measurement: after a second to settle, the median of five
 * readings, so that one odd sample does not make the baseline.
 */
export async function steadyRss(pid: number): Promise<number> {
  await sleep(1_000);
  const readings: number[] = [];
  for (let i = 0; i < 5; i++) {
    readings.push(rssKiB(pid) ?? 0);
    await sleep(RSS_SAMPLE_MS);
  }
  readings.sort((a, b) => a - b);
  return readings[2] ?? 0;
}

/**
 * Reads a process's resident memory every RSS_SAMPLE_MS while `measured` runs, and hands each reading to
 * `onSample` (a reading the process no longer answers is skipped).
 */
export async function sampleRssDuring<T>(
  pid: number,
  onSample: (kib: number) => void,
  measured: () => Promise<T>,
): Promise<T> {
  const sampler = setInterval(() => {
    const rss = rssKiB(pid);
    if (rss !== null) onSample(rss);
  }, RSS_SAMPLE_MS);
  try {
    return await measured();
  } finally {
    clearInterval(sampler);
  }
}
