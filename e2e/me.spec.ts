import type { Page } from '@playwright/test';
import { expectNoViolationsInBothSchemes } from './support/axe.ts';
import { expect, expectDashboard, signIn, test } from './support/test.ts';

// Issue 13: /me shows who I am; changing the password needs the current one, ends the other
// browsers' sessions, and the old password no longer signs in. Axe on the form's error, light and dark
// (the screen itself, at every size and in both schemes, is in the screen sweep).

const NEW_PASSWORD = 'Un tout nouveau 2026 !';

async function changePassword(page: Page, current: string, next: string, confirmation = next) {
  await page.getByLabel('Mot de passe actuel', { exact: true }).fill(current);
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill(next);
  await page.getByLabel('Confirmer le nouveau mot de passe', { exact: true }).fill(confirmation);
  await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
}

test('change password: the wrong current one is refused, then the old password fails and the other browser is signed out', async ({
  page,
  browser,
  member,
}) => {
  // Another browser of the same person.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, member);
  await expectDashboard(otherPage, member);

  await signIn(page, member);
  await expectDashboard(page, member);
  await page.keyboard.press('g');
  await page.keyboard.press('m');
  await expect(page.getByRole('heading', { level: 1, name: 'Mon profil' })).toBeVisible();
  await expect(page.getByText(member.username)).toBeVisible();
  await expect(page.getByText(member.email)).toBeVisible();
  await expect(page.getByText('Membre', { exact: true })).toBeVisible();
  await expect(page.getByText('Désactivée')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Gérer la sécurité du compte' })).toHaveAttribute(
    'href',
    '/security',
  );
  await expect(page.getByRole('heading', { level: 2, name: 'Changer le mot de passe' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Affichage' })).toBeVisible();

  await changePassword(page, member.password, NEW_PASSWORD, 'Pas la même 2026 !');
  await expect(page.getByRole('alert')).toHaveText('Les mots de passe ne correspondent pas.');
  await expectNoViolationsInBothSchemes(page, '/me, password form with an error');

  await changePassword(page, 'Pas le bon 2026 !', NEW_PASSWORD);
  await expect(page.getByRole('alert')).toHaveText(
    'Le mot de passe n’a pas été changé : Le mot de passe actuel est incorrect.',
  );

  await changePassword(page, member.password, NEW_PASSWORD);
  await expect(page.getByRole('status').filter({ hasText: 'Mot de passe changé.' })).toHaveText(
    'Mot de passe changé. 1 autre session a été fermée.',
  );

  // The other browser's session is gone: its next call sends it to the login screen.
  await otherPage.reload();
  await expect(otherPage).toHaveURL(/\/login/);
  await other.close();

  // This browser stays signed in; after signing out, the old password fails and the new one works.
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, member);
  await expect(page.getByRole('alert')).toContainText('Identifiants invalides');
  await signIn(page, { email: member.email, password: NEW_PASSWORD });
  await expectDashboard(page, member);
});
