import type { Page } from '@playwright/test';
import { expectNoViolationsInBothSchemes } from './support/axe.ts';
import { enrolTwoFactor } from './support/members.ts';
import { expect, expectDashboard, signIn, test } from './support/test.ts';

// Each screen and state once, checked in both schemes (expectNoViolationsInBothSchemes). The system is
// dark here: the theme follows it until the user picks one (the login screen has no toggle).
test.describe('accessibility (axe, WCAG 2.1 AA), light and dark', () => {
  test.use({ colorScheme: 'dark' });

  const expectSystemScheme = (page: Page) =>
    expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  test('login screen: credentials, error and expired warning', async ({ page }) => {
    // As most people see it: with the background's 'Changer le fond animé' button. The still
    // 'dégradé' variant is chosen so that axe does not compete with a canvas for the CPU.
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.goto('/login');
    await expectSystemScheme(page);
    await page.getByRole('button', { name: 'Changer le fond animé (actuel : réseau neuronal)' }).click();
    await expect(
      page.getByRole('button', { name: 'Changer le fond animé (actuel : dégradé)' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
    await expectNoViolationsInBothSchemes(page, 'login (credentials)');

    await signIn(page, { email: 'inconnu-a11y@e2e.test', password: 'Pas le bon 2026!' });
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoViolationsInBothSchemes(page, 'login (credentials with an error)');

    await page.goto('/login?expired=true');
    await expect(page.getByRole('status')).toBeVisible();
    await expectNoViolationsInBothSchemes(page, 'login (session expired)');
  });

  test('login screen: second factor step', async ({ page, request, member }) => {
    await enrolTwoFactor(request, member);
    await signIn(page, member);
    await expect(page.getByLabel('Code de vérification ou code de secours')).toBeVisible();
    await expectSystemScheme(page);
    await expectNoViolationsInBothSchemes(page, 'login (second factor)');

    await page.getByLabel('Code de vérification ou code de secours').fill('000000');
    await page.getByRole('button', { name: 'Vérifier' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoViolationsInBothSchemes(page, 'login (second factor with an error)');
  });

  test('login screen: reset request', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
    await expect(page.getByRole('button', { name: 'Envoyer le lien' })).toBeVisible();
    await expectSystemScheme(page);
    await expectNoViolationsInBothSchemes(page, 'login (reset request)');

    await page.getByLabel('Adresse e-mail').fill('inconnu-a11y@e2e.test');
    await page.getByRole('button', { name: 'Envoyer le lien' }).click();
    await expect(page.getByText('Si ce compte existe, un lien a été envoyé.')).toBeVisible();
    await expectNoViolationsInBothSchemes(page, 'login (reset request sent)');
  });

  test('reset password screen', async ({ page }) => {
    await page.goto('/reset-password?token=a11y');
    await expect(page.getByRole('button', { name: 'Mettre à jour' })).toBeVisible();
    await expectSystemScheme(page);
    await expectNoViolationsInBothSchemes(page, 'reset password (empty)');

    await page.getByLabel('Nouveau mot de passe').fill('abcdefgh1');
    await page.getByLabel('Confirmer le mot de passe').fill('autre chose');
    await page.getByRole('button', { name: 'Mettre à jour' }).click();
    await expect(page.getByRole('alert')).toHaveText('Les mots de passe ne correspondent pas.');
    await expectNoViolationsInBothSchemes(page, 'reset password (mismatch, medium strength)');

    await page.goto('/reset-password');
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoViolationsInBothSchemes(page, 'reset password (no token)');
  });
});

// Signed in, the colour scheme is the person's choice (the toggle), not the system's. (The dashboard's
// axe checks, in both schemes, are in dashboard.spec.ts and the screen sweep.)
test('dashboard, light then dark with the theme toggle, and the choice is remembered', async ({
  page,
  member,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await signIn(page, member);
  await expectDashboard(page, member);
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'light');

  await page.getByRole('button', { name: 'Mode sombre' }).click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  expect(await page.evaluate(() => localStorage.getItem('jalon:theme'))).toBe('dark');

  await page.reload();
  await expectDashboard(page, member);
  await expect(html).toHaveAttribute('data-theme', 'dark');

  await page.getByRole('button', { name: 'Mode clair' }).click();
  await expect(html).toHaveAttribute('data-theme', 'light');
  expect(await page.evaluate(() => localStorage.getItem('jalon:theme'))).toBe('light');
});
