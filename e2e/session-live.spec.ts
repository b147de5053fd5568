import type { Page } from '@playwright/test';
import { expectNoViolationsInBothSchemes } from './support/axe.ts';
import { bearer, dataOf, signInByApi, type Member } from './support/members.ts';
import { expect, expectDashboard, signIn, test } from './support/test.ts';

// Issue 32: a session revoked elsewhere leaves the device in seconds, its offline copy with it (the
// other half, a session in use past its idle window, is a-working-day.spec.ts).

const EXPIRED = 'Session expirée. Veuillez vous reconnecter.';
const indicator = (page: Page) => page.getByRole('status', { name: 'État de la connexion' });

/** The names of this origin's IndexedDB databases, as the page sees them. */
const databases = (page: Page) =>
  page.evaluate(async () => (await indexedDB.databases()).map((database) => database.name));

/** The signed-in person's id, as the page stored it at sign-in. */
const storedUserId = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('jalon:user') ?? '{}') as { id?: string }).id);

/** Opens the kanban through the sidebar and waits for the live stream's answer. */
async function openKanbanLive(page: Page) {
  const stream = page.waitForResponse((response) => response.url().endsWith('/api/events'));
  await page.goto('/tasks?view=kanban');
  expect((await stream).status()).toBe(200);
  await expect(indicator(page)).toHaveText('En ligne');
}

/** Ends the page's session from another device of the same person, as /me's sessions tab does. */
async function revokeFromElsewhere(request: Parameters<typeof signInByApi>[0], member: Member) {
  const elsewhere = await signInByApi(request, member);
  const { sessions } = await dataOf<{ sessions: Array<{ id: string; current: boolean }> }>(
    await request.get('/api/auth/sessions', { headers: bearer(elsewhere.token) }),
  );
  const browserSession = sessions.find((session) => !session.current);
  await dataOf(
    await request.delete(`/api/auth/sessions/${browserSession!.id}`, { headers: bearer(elsewhere.token) }),
  );
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
