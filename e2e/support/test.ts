import { test as base, expect, type Page } from '@playwright/test';
import { createMember, type Member } from './members.ts';

// Failed requests the test provoked on purpose (401 for a wrong password, a revoked session, a request
// made while the test holds the browser offline) are logged by Chromium as console errors; they are
// checked through what the screen says instead.
const RESOURCE_ERROR =
  /^Failed to load resource: (the server responded with a status of (400|401|429)|net::ERR_INTERNET_DISCONNECTED)/;

interface ExpectedFailure {
  status: number;
  url: RegExp;
}

interface Fixtures {
  /** A fresh member, registered through the API, used by this test only. */
  member: Member;
  /**
   * Declares one failed request the test causes on purpose and checks on screen (the 404 of a
   * deleted project's page): Chromium's console error for that status and address is then expected.
   */
  allowFailedRequest: (status: number, url: RegExp) => void;
  /** Fails the test on an uncaught exception or an unexpected console.error (CONVENTIONS §8). */
  consoleGuard: { allow: (failure: ExpectedFailure) => void };
}

export const test = base.extend<Fixtures>({
  member: async ({ request }, use) => {
    await use(await createMember(request));
  },
  allowFailedRequest: async ({ consoleGuard }, use) => {
    await use((status, url) => consoleGuard.allow({ status, url }));
  },
  consoleGuard: [
    async ({ page }, use) => {
      const problems: string[] = [];
      const expectedFailures: ExpectedFailure[] = [];
      const expected = (text: string, url: string) =>
        expectedFailures.some(
          (failure) =>
            text.startsWith(
              `Failed to load resource: the server responded with a status of ${failure.status} `,
            ) && failure.url.test(url),
        );
      page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
      page.on('console', (message) => {
        const text = message.text();
        if (
          message.type() === 'error' &&
          !RESOURCE_ERROR.test(text) &&
          !expected(text, message.location().url)
        ) {
          problems.push(`console.error: ${text} (${message.location().url})`);
        }
      });
      await use({ allow: (failure) => expectedFailures.push(failure) });
      expect(problems, 'no unexpected errors in the browser console').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Fills the credentials form and submits it, as a person does. */
export async function signIn(
  page: Page,
  who: { email: string; password: string },
  options: { rememberMe?: boolean } = {},
) {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel('Adresse e-mail').fill(who.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(who.password);
  if (options.rememberMe) await page.getByRole('checkbox', { name: 'Se souvenir de moi' }).check();
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

/** 'Se déconnecter', from the sidebar, or on a phone from the menu's drawer (decision 0034). */
export async function clickSignOut(page: Page) {
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
}

/** The member's greeting on the dashboard: the proof of being signed in. */
export async function expectDashboard(page: Page, member: Member) {
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: `Bonjour, ${member.username}` })).toBeVisible();
}
