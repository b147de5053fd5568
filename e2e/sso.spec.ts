import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  OidcTestProvider,
  TEST_CLIENT,
  type TestAccount,
} from '../apps/server/src/test/oidc-test-provider.ts';
import { expectNoViolationsInBothSchemes } from './support/axe.ts';
import { startOwnServer, type OwnServer } from './support/own-server.ts';
import { clickSignOut, expect, test as base } from './support/test.ts';

// Sign-in through the organisation's identity provider (issue 38): a real OpenID provider (the
// certified oidc-provider) runs in the worker on loopback, with its own sign-in page, and a server of
// this journey's own is configured against it, creating accounts of its domain on first sign-in and
// making the members of 'jalon-admins' administrators.
const DOMAIN = 'sso.e2e.test';

const test = base.extend<object, { provider: OidcTestProvider; ownServer: OwnServer }>({
  provider: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const provider = await OidcTestProvider.start([]);
      await use(provider);
      await provider.close();
    },
    { scope: 'worker' },
  ],
  ownServer: [
    async ({ provider }, use) => {
      const server = await startOwnServer(
        { email: `admin-${randomUUID().slice(0, 8)}@e2e.test`, password: 'Jalon admin SSO 2026!' },
        {
          env: {
            OIDC_ISSUER_URL: provider.issuer,
            OIDC_CLIENT_ID: TEST_CLIENT.id,
            OIDC_CLIENT_SECRET: TEST_CLIENT.secret,
            OIDC_DISPLAY_NAME: 'Annuaire Exemple',
            OIDC_AUTO_CREATE: 'true',
            OIDC_ALLOWED_DOMAINS: DOMAIN,
            OIDC_ADMIN_GROUPS: 'jalon-admins',
          },
        },
      );
      provider.allowRedirects([`${server.baseURL}/api/auth/sso/callback`]);
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  baseURL: async ({ ownServer }, use) => use(ownServer.baseURL),
});

// In one worker, in order: the file's own server (a worker fixture) then starts once, where two workers
// sharing its tests would each start one, a server start costing more than the tests it spares.
test.describe.configure({ mode: 'default' });

/** A person of the directory, new to Jalon. */
function person(provider: OidcTestProvider, name: string, extra: Partial<TestAccount> = {}): TestAccount {
  const id = randomUUID().slice(0, 8);
  const account = {
    sub: id,
    email: `${id}@${DOMAIN}`,
    email_verified: true,
    name: `${name} ${id}`,
    ...extra,
  };
  provider.accounts.set(account.sub, account);
  return account;
}

/** The provider's button on the login screen, then the person on the provider's own page. */
async function throughProvider(page: Page, account: TestAccount) {
  await page.getByRole('button', { name: 'Se connecter avec Annuaire Exemple' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Test provider' })).toBeVisible();
  await page.getByRole('button', { name: account.name }).click();
}

/** From /login through the provider's own page, back to Jalon's dashboard. */
async function signInThroughProvider(page: Page, account: TestAccount) {
  await page.goto('/login');
  await throughProvider(page, account);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: `Bonjour, ${account.name}` })).toBeVisible();
}

for (const size of [
  { label: '1440 px', use: { viewport: { width: 1440, height: 900 } } },
  { label: '360 px (touch)', use: { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true } },
] as const) {
  test.describe(size.label, () => {
    test.use(size.use);

    test('the provider’s button on /login, a sign-in on its page, the dashboard, then sign-out', async ({
      page,
      provider,
    }) => {
      await page.goto('/login');
      const button = page.getByRole('button', { name: 'Se connecter avec Annuaire Exemple' });
      await expect(button).toBeEnabled();
      // The password form stays below it (PASSWORD_LOGIN=on).
      await expect(page.getByLabel('Adresse e-mail')).toBeVisible();
      await expectNoViolationsInBothSchemes(page, 'login (with the provider’s button)');

      const account = person(provider, 'Camille');
      await signInThroughProvider(page, account);
      // No session token in the address at any point: the code came in the fragment and was wiped.
      expect(page.url()).not.toContain('code=');
      await expect(page.getByRole('link', { name: 'Membres' })).toHaveCount(0);

      await clickSignOut(page);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('button', { name: 'Se connecter avec Annuaire Exemple' })).toBeVisible();
    });

    test('a member of the administrators’ group is an administrator: ‘Membres’ is offered', async ({
      page,
      provider,
    }) => {
      // The directory did multi-factor (amr 'otp'): Jalon does not ask its own code again.
      const account = person(provider, 'Alix', { groups: ['jalon-admins'], amr: ['pwd', 'otp'] });
      await signInThroughProvider(page, account);
      const menu = page.getByRole('button', { name: 'Menu', exact: true });
      if (await menu.isVisible()) await menu.click();
      await page.getByRole('link', { name: 'Membres' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Membres' })).toBeVisible();
    });

    test('a link opened before signing in: the provider brings the person back to that page', async ({
      page,
      provider,
    }) => {
      await page.goto('/tasks?view=kanban');
      await expect(page).toHaveURL(/\/login\?returnTo=%2Ftasks%3Fview%3Dkanban$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
      await expectNoViolationsInBothSchemes(page, 'login (remembering the page asked for)');

      await throughProvider(page, person(provider, 'Maëlle'));
      await expect(page).toHaveURL(/\/tasks\?view=kanban$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Tâches' })).toBeVisible();
    });

    test('a returnTo that would leave Jalon is ignored: the dashboard opens', async ({ page, provider }) => {
      await page.goto(`/login?returnTo=${encodeURIComponent('//evil.example/tasks')}`);
      const account = person(provider, 'Noé');
      await throughProvider(page, account);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole('heading', { level: 1, name: `Bonjour, ${account.name}` })).toBeVisible();
    });
  });
}
