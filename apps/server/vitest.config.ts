import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Soak and fault tests (src/faults) take minutes and start servers of their own: vitest.faults.config.ts runs them alone.
    exclude: [...configDefaults.exclude, 'src/faults/**'],
    setupFiles: ['src/test/setup.ts'],
    // One migrated database made once, that each file's database starts from (on PGlite it skips
    // initdb per file, on PostgreSQL the migrations).
    globalSetup: ['src/test/database-template.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { TZ: 'UTC' },
    // Each file opens its own database (in-memory PGlite on a worker thread, or a fresh PostgreSQL
    // database), so files run in parallel without sharing state.
    pool: 'forks',
  },
});
