import { enrolTwoFactor, totpCode } from './support/members.ts';
import { expect, expectDashboard, signIn, test } from './support/test.ts';

// The code of the next 30-second step: the enrolment already used the current one, and the server
// refuses a step it has accepted before (replay protection), as an authenticator app would show it
// a few seconds later.
const nextCode = (secret: string) => totpCode(secret, Date.now() + 30_000);

test.describe('login screen: second factor', () => {
  test('a wrong code is refused, then the right one opens the dashboard', async ({
    page,
    request,
    member,
  }) => {
    const { secret } = await enrolTwoFactor(request, member);
    await signIn(page, member);

    await expect(page.getByRole('heading', { level: 1, name: 'Double authentification' })).toBeVisible();
    await expect(
      page.getByText('Saisissez le code à 6 chiffres de votre application ou un code de secours.'),
    ).toBeVisible();
    const code = page.getByLabel('Code de vérification ou code de secours');
    await expect(code).toBeFocused();
    // Nothing is signed in yet: only the temporary token is held.
    expect(await page.evaluate(() => localStorage.getItem('jalon:token'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('jalon:tempToken'))).toBeTruthy();

    const wrong = totpCode(secret) === '000000' ? '111111' : '000000';
    await code.fill(wrong);
    await page.getByRole('button', { name: 'Vérifier' }).click();
    await expect(page.getByRole('alert')).toHaveText('Code 2FA invalide');
    await expect(page).toHaveURL(/\/login$/);

    await code.fill(nextCode(secret));
    await page.getByRole('button', { name: 'Vérifier' }).click();
    await expectDashboard(page, member);
    expect(await page.evaluate(() => localStorage.getItem('jalon:tempToken'))).toBeNull();
  });

  test("'Retour' goes back to the credentials", async ({ page, request, member }) => {
    await enrolTwoFactor(request, member);
    await signIn(page, member);
    await expect(page.getByLabel('Code de vérification ou code de secours')).toBeVisible();

    await page.getByRole('button', { name: 'Retour' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
    await expect(page.getByLabel('Adresse e-mail')).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('jalon:tempToken'))).toBeNull();
  });

  test('a backup code signs in once', async ({ page, request, member }) => {
    const { backupCodes } = await enrolTwoFactor(request, member);
    const backupCode = backupCodes[0]!;
    await signIn(page, member);
    await page.getByLabel('Code de vérification ou code de secours').fill(backupCode);
    await page.getByRole('button', { name: 'Vérifier' }).click();
    await expectDashboard(page, member);

    // The same backup code does not open a second session.
    await page.goto('/dashboard?logout=1');
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, member);
    await page.getByLabel('Code de vérification ou code de secours').fill(backupCode);
    await page.getByRole('button', { name: 'Vérifier' }).click();
    await expect(page.getByRole('alert')).toHaveText('Code 2FA invalide');
  });
});
