import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

// The README's picture of the sign-in screen, taken from the real app and kept out of `npm test`:
//   npm run screenshots -w @jalon/e2e
// The animated background makes a large PNG; pngquant (apt-get install pngquant), when present,
// brings it well under 300 KB so the repository stays light.
const TARGET = fileURLToPath(new URL('../../docs/images/login.png', import.meta.url));
const MAX_BYTES = 300 * 1024;

test.use({ viewport: { width: 1280, height: 800 }, colorScheme: 'light', reducedMotion: 'no-preference' });

test('login screen for the README', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
  // Let the lazily loaded animated background draw a few frames.
  await page.waitForTimeout(1_500);
  await page.screenshot({ path: TARGET });

  const quantized = spawnSync('pngquant', [
    '--force',
    '--skip-if-larger',
    '--strip',
    '--output',
    TARGET,
    '--',
    TARGET,
  ]);
  if (quantized.error) console.warn(`pngquant unavailable (${quantized.error.message}): image left as taken`);
  expect(fs.statSync(TARGET).size, 'docs/images/login.png stays small').toBeLessThan(MAX_BYTES);
});
