import type { Page } from '@playwright/test';
import { expectNoViolationsInBothSchemes } from './support/axe.ts';
import { databases, revokeFromElsewhere, storedUserId } from './support/device-copy.ts';
import { expect, expectDashboard, signIn, test } from './support/test.ts';

// Issue 32: a session revoked elsewhere leaves the device in seconds, its offline copy with it (the
// other half, a session in use past its idle window, is a-working-day.spec.ts).

const EXPIRED = 'Session expirée. Veuillez vous reconnecter.';
const indicator = (page: Page) => page.getByRole('status', { name: 'État de la connexion' });

/** Opens the kanban through the sidebar and waits for the live stream's answer. */
async function openKanbanLive(page: Page) {
  const stream = page.waitForResponse((response) => response.url().endsWith('/api/events'));
  await page.goto('/tasks?view=kanban');
  expect((await stream).status()).toBe(200);
  await expect(indicator(page)).toHaveText('En ligne');
}

for (const { width, height } of [
  { width: 1440, height: 900 },
  { width: 360, height: 740 },
]) {
  test(`a session revoked elsewhere signs its open page out within 5 s, its offline copy wiped, ${width} px`, async ({
    page,
    request,
    member,
  }) => {
    await page.setViewportSize({ width, height });
    await signIn(page, member);
    await expectDashboard(page, member);
    await openKanbanLive(page);
    const userId = await storedUserId(page);
    await expect.poll(() => databases(page)).toContain(`jalon:${userId}`);

    await revokeFromElsewhere(request, member);

    // The promise: the page leaves within 5 s of the revocation, without a click.
    await expect(page).toHaveURL(/\/login\?expired=true$/, { timeout: 5_000 });
    await expect.poll(() => databases(page), { timeout: 5_000 }).not.toContain(`jalon:${userId}`);
    // Said once, and nothing else said beside it (no error of a request the revocation cut short).
    await expect(page.getByText(EXPIRED)).toHaveCount(1);
    await expect(page.getByRole('status').filter({ hasText: EXPIRED })).toHaveCount(1);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expectNoViolationsInBothSchemes(page, `/login?expired=true after a revocation, ${width} px`);
  });
}
