import type { Page } from '@playwright/test';
import { bearer, enrolTwoFactor, signInByApi } from './support/members.ts';
import { expect, expectDashboard, signIn, test } from './support/test.ts';

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('jalon:token'));

const expiredWarning = 'Session expirée. Veuillez vous reconnecter.';

test.describe('session', () => {
  test('stays signed in across a reload', async ({ page, member }) => {
    await signIn(page, member);
    await expectDashboard(page, member);
    await page.reload();
    await expectDashboard(page, member);
  });

  test("'Se déconnecter' signs out and the old token is refused", async ({ page, request, member }) => {
    await signIn(page, member);
    await expectDashboard(page, member);
    const token = await storedToken(page);
    expect(token).toBeTruthy();

    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
    expect(await storedToken(page)).toBeNull();

    // The browser forgets the session first and the guard shows /login at once; the revocation is the
    // request that follows (features/auth/api/logout.ts), so the server may answer it a moment later.
    await expect
      .poll(async () => (await request.get('/api/auth/me', { headers: bearer(token!) })).status())
      .toBe(401);
    const me = await request.get('/api/auth/me', { headers: bearer(token!) });
    expect(await me.json()).toMatchObject({ code: 'session_expired' });

    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('?forceLogin=1 clears the session and shows the login screen', async ({ page, request, member }) => {
    await signIn(page, member);
    await expectDashboard(page, member);
    const token = await storedToken(page);

    await page.goto('/dashboard?forceLogin=1');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
    const stored = await page.evaluate(() =>
      ['token', 'tempToken', 'user', 'sessionId', 'sessionExpiry'].map((key) =>
        localStorage.getItem(`jalon:${key}`),
      ),
    );
    expect(stored).toEqual([null, null, null, null, null]);

    // The forgotten token is revoked on the server too.
    await expect
      .poll(async () => (await request.get('/api/auth/me', { headers: bearer(token!) })).status())
      .toBe(401);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('?forceLogin=1 also drops a pending second factor', async ({ page, request, member }) => {
    await enrolTwoFactor(request, member);
    await signIn(page, member);
    await expect(page.getByLabel('Code de vérification ou code de secours')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('jalon:tempToken'))).toBeTruthy();

    await page.goto('/login?forceLogin=1');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('jalon:tempToken'))).toBeNull();
  });

  test('?logout=1 works on any route', async ({ page, member }) => {
    await signIn(page, member);
    await expectDashboard(page, member);
    await page.goto('/projects?logout=1');
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedToken(page)).toBeNull();
  });

  test('a session ended on the server sends the user to /login?expired=true', async ({
    page,
    request,
    member,
    allowFailedRequest,
  }) => {
    // Only the next call may find out here: the live stream would hear of the revocation first and sign
    // the page out while the reload below starts, which then opens on a page with no session at all.
    for (const path of ['/api/events', '/api/auth/sessions/check']) {
      allowFailedRequest(503, new RegExp(`${path}$`));
      await page.route(`**${path}`, (route) => route.fulfill({ status: 503, body: '' }));
    }
    // Nor may the offline engine's first pull, which starts once the dashboard has painted: it is waited
    // for before the session ends.
    const firstPull = page.waitForResponse(
      (response) => response.request().method() === 'GET' && /\/api\/sync\/changes\?/.test(response.url()),
    );
    await signIn(page, member);
    await expectDashboard(page, member);
    await firstPull;
    const token = await storedToken(page);

    // The session ends behind the browser's back (as when it runs out); the next call finds out.
    const logout = await request.post('/api/auth/logout', { headers: bearer(token!) });
    expect(logout.ok()).toBe(true);
    await page.reload();

    await expect(page).toHaveURL(/\/login\?expired=true$/);
    await expect(page.getByRole('status')).toHaveText(expiredWarning);
    expect(await storedToken(page)).toBeNull();

    // Signing in again works, and the warning is gone.
    await signIn(page, member);
    await expectDashboard(page, member);
    await expect(page.getByText(expiredWarning)).toHaveCount(0);
  });

  test('an idle page notices within 5 minutes that its session has ended', async ({
    page,
    request,
    member,
  }) => {
    // The browser's clock is fast-forwarded; the server keeps real time.
    await page.clock.install();
    await signIn(page, member);
    await expectDashboard(page, member);
    const token = await storedToken(page);
    expect((await request.post('/api/auth/logout', { headers: bearer(token!) })).ok()).toBe(true);

    await page.clock.runFor(5 * 60_000);
    await expect(page).toHaveURL(/\/login\?expired=true$/);
    await expect(page.getByRole('status')).toHaveText(expiredWarning);
  });

  test('signing out the other devices expires this one on its next page', async ({
    page,
    request,
    member,
  }) => {
    await signIn(page, member);
    await expectDashboard(page, member);
    // Left for a blank page first: the open dashboard's own background reads would otherwise meet the
    // revocation before the next page does, and send this tab to the expired sign-in on their own.
    await page.goto('about:blank');

    const elsewhere = await signInByApi(request, member);
    const revoke = await request.delete('/api/auth/sessions/others', { headers: bearer(elsewhere.token) });
    expect(revoke.ok()).toBe(true);

    await page.goto('/tasks');
    await expect(page).toHaveURL(/\/login\?expired=true$/);
    await expect(page.getByRole('status')).toHaveText(expiredWarning);
  });

  test('unknown paths and / lead to the login screen when signed out', async ({ page }) => {
    await page.goto('/nulle-part');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('signed in, unknown paths, / and the public screens lead to the dashboard', async ({
    page,
    member,
  }) => {
    await signIn(page, member);
    await expectDashboard(page, member);
    for (const path of ['/nulle-part', '/', '/login', '/reset-password?token=abc']) {
      await page.goto(path);
      await expectDashboard(page, member);
    }
  });
});
