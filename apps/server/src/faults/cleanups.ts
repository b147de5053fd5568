import { afterAll } from 'vitest';

/**
 * Returns `defer`: what it is given runs after the file's tests, last first, even when a test failed
 * half-way, and one failing clean-up does not stop the others (servers killed, clusters stopped,
 * disks unmounted, folders removed).
 */
export function deferToAfterAll(): (cleanup: () => Promise<void>) => void {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  });
  return (cleanup) => void cleanups.push(cleanup);
}
