import type { Page } from '@playwright/test';
import { mailsTo, resetLinkFromInbox } from './support/mailbox.ts';
import { bearer, signInByApi } from './support/members.ts';
import { expect, expectDashboard, signIn, test } from './support/test.ts';

const NEW_PASSWORD = 'Nouveau départ 2026!';

async function requestResetLink(page: Page, email: string) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mot de passe oublié' })).toBeVisible();
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page.getByText('Si ce compte existe, un lien a été envoyé.')).toBeVisible();
}

const CHECKS = ['Au moins 8 caractères', 'Une majuscule', 'Une minuscule', 'Un chiffre', 'Un symbole'];

/** Each check as read out: its text and, for screen readers, whether it is met (the mark is decorative). */
const checkTexts = (state: 'respecté' | 'non respecté') =>
  CHECKS.map((check) => new RegExp(`^\\W?\\s*${check} \\(${state}\\)$`));

async function chooseNewPassword(page: Page, password: string, confirmation = password) {
  await page.getByLabel('Nouveau mot de passe').fill(password);
  await page.getByLabel('Confirmer le mot de passe').fill(confirmation);
  await page.getByRole('button', { name: 'Mettre à jour' }).click();
}

test.describe('password reset', () => {
  test('from the login screen to signing in with the new password', async ({ page, request, member }) => {
    const otherDevice = await signInByApi(request, member);
    await requestResetLink(page, member.email);

    const link = await resetLinkFromInbox(member.email);
    expect(mailsTo(member.email).at(-1)?.subject).toBe('Jalon : réinitialisation du mot de passe');
    await page.goto(link);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Réinitialiser le mot de passe' }),
    ).toBeVisible();
    await expect(page.getByText('Le lien expire après 15 minutes.')).toBeVisible();

    await chooseNewPassword(page, NEW_PASSWORD, `${NEW_PASSWORD}x`);
    await expect(page.getByRole('alert')).toHaveText('Les mots de passe ne correspondent pas.');
    await expect(page).toHaveURL(/\/reset-password\?token=/);

    await chooseNewPassword(page, NEW_PASSWORD);
    await expect(page.getByText('Mot de passe mis à jour. Redirection…')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    // The reset signed every device out.
    const me = await request.get('/api/auth/me', { headers: bearer(otherDevice.token) });
    expect(me.status()).toBe(401);

    await signIn(page, { email: member.email, password: member.password });
    await expect(page.getByRole('alert')).toHaveText(/^Identifiants invalides/);
    await signIn(page, { email: member.email, password: NEW_PASSWORD });
    await expectDashboard(page, member);
  });

  test('the strength meter follows the five checks', async ({ page }) => {
    await page.goto('/reset-password?token=not-checked-before-submitting');
    const meter = page.getByRole('meter', { name: 'Force du mot de passe' });
    const checks = page.getByRole('list', { name: 'Critères recommandés' });
    const password = page.getByLabel('Nouveau mot de passe');

    await expect(meter).toHaveAttribute('aria-valuenow', '0');
    await expect(checks.getByRole('listitem')).toHaveText(checkTexts('non respecté'));

    await password.fill('abc');
    await expect(meter).toHaveAttribute('aria-valuetext', 'faible (20 %)');
    await expect(page.getByText('Force du mot de passe : faible')).toBeVisible();

    await password.fill('abcdefgh1');
    await expect(meter).toHaveAttribute('aria-valuetext', 'moyenne (60 %)');
    await expect(checks.getByRole('listitem').filter({ hasText: 'Un chiffre' })).toHaveText(
      /Un chiffre \(respecté\)$/,
    );

    await password.fill('Abcdefgh1!');
    await expect(meter).toHaveAttribute('aria-valuetext', 'forte (100 %)');
    await expect(checks.getByRole('listitem')).toHaveText(checkTexts('respecté'));
  });

  test('a link works only once', async ({ page, member }) => {
    await requestResetLink(page, member.email);
    const link = await resetLinkFromInbox(member.email);

    await page.goto(link);
    await chooseNewPassword(page, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/login$/);

    await page.goto(link);
    await chooseNewPassword(page, 'Encore un autre 2026!');
    await expect(page.getByRole('alert')).toHaveText(
      'Échec de la réinitialisation : Le lien est invalide, expiré ou déjà utilisé.',
    );
    await expect(page).toHaveURL(/\/reset-password\?token=/);
  });

  test('asking again voids the previous link', async ({ page, member }) => {
    await requestResetLink(page, member.email);
    const first = await resetLinkFromInbox(member.email);
    await requestResetLink(page, member.email);
    await expect.poll(() => mailsTo(member.email).length).toBe(2);
    const second = await resetLinkFromInbox(member.email);
    expect(second).not.toBe(first);

    await page.goto(first);
    await chooseNewPassword(page, NEW_PASSWORD);
    await expect(page.getByRole('alert')).toHaveText(
      'Échec de la réinitialisation : Le lien est invalide, expiré ou déjà utilisé.',
    );
  });

  test('an unknown e-mail gets the same answer and no mail', async ({ page }) => {
    const nobody = 'inconnu-reset@e2e.test';
    await requestResetLink(page, nobody);
    await expect(page.getByRole('link', { name: /lien de réinitialisation/ })).toHaveCount(0);
    expect(mailsTo(nobody)).toEqual([]);
  });

  test('in development the screen also offers the link that was mailed', async ({ page, member }) => {
    await requestResetLink(page, member.email);
    const devLink = page.getByRole('link', { name: 'Ouvrir le lien de réinitialisation (développement)' });
    await expect(devLink).toHaveAttribute('href', await resetLinkFromInbox(member.email));
    await devLink.click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Réinitialiser le mot de passe' }),
    ).toBeVisible();
  });

  test("'Retour' and 'Retour connexion' lead back to the credentials", async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
    await page.getByRole('button', { name: 'Retour' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();

    await page.goto('/reset-password?token=abc');
    await page.getByRole('button', { name: 'Retour connexion' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
  });

  test('without a token the reset screen says the link is invalid', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Réinitialiser le mot de passe' }),
    ).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText('Lien invalide ou token manquant.');
    await expect(page.getByRole('button', { name: 'Mettre à jour' })).toHaveCount(0);
  });
});
