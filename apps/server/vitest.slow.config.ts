import { defineConfig } from 'vitest/config';

/**
 * The slow suite: soak and fault tests that run for minutes, start servers of their own and measure
 * latency, so they run one file at a time, after the other suites, on a machine not busy with them.
 */
export default defineConfig({
  test: {
    include: ['src/**/*.slow.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    hookTimeout: 120_000,
    env: { TZ: 'UTC' },
    pool: 'forks',
    fileParallelism: false,
  },
});
