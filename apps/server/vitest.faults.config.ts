import { defineConfig } from 'vitest/config';

// The fault suite (src/faults): real server processes killed, databases stopped, disks filled. Slow, so
// kept out of the normal run: `npm test -- faults` or `npx vitest run --config vitest.faults.config.ts`.
export default defineConfig({
  test: {
    include: ['src/faults/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    env: { TZ: 'UTC' },
    pool: 'forks',
    // One file at a time: each runs servers and databases of its own, and timings mean something only
    // when they do not fight over two cores.
    fileParallelism: false,
  },
});
