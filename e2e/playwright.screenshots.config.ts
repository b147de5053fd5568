import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

// Same server and browser as the suite, but only the documentation screenshots.
export default defineConfig({
  ...base,
  testDir: './screenshots',
  testMatch: '**/*.screenshot.ts',
  outputDir: '../test-results/screenshots',
  workers: 1,
});
