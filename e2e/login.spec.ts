import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/env.ts';
import { expect, expectDashboard, signIn, test } from './support/test.ts';

const HOUR = 3_600_000;

test.describe('login screen: credentials', () => {
  test('a member signs in and is greeted by name on the dashboard', async ({ page, member }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
    await expect(page.getByText('Accédez à vos projets et tâches.')).toBeVisible();

    const login = page.waitForResponse('**/api/auth/login');
    await signIn(page, member);
    const body = (await (await login).json()) as { data: { expiresAt: string } };

    await expectDashboard(page, member);
    // Without 'Se souvenir de moi' the session is a short one (idle timeout, not 30 days).
    expect(Date.parse(body.data.expiresAt) - Date.now()).toBeLessThan(13 * HOUR);
    expect(await page.evaluate(() => localStorage.getItem('jalon:token'))).toBeTruthy();
  });

  test("'Se souvenir de moi' asks for a long session", async ({ page, member }) => {
    await page.goto('/login');
    const remember = page.getByRole('checkbox', { name: 'Se souvenir de moi' });
    await expect(remember).not.toBeChecked();

    const login = page.waitForRequest('**/api/auth/login');
    const answer = page.waitForResponse('**/api/auth/login');
    await signIn(page, member, { rememberMe: true });
    expect((await login).postDataJSON()).toMatchObject({ email: member.email, rememberMe: true });
    const body = (await (await answer).json()) as { data: { expiresAt: string } };

    await expectDashboard(page, member);
    expect(Date.parse(body.data.expiresAt) - Date.now()).toBeGreaterThan(24 * HOUR);
  });

  test('the e-mail is matched whatever its case and surrounding spaces', async ({ page, member }) => {
    await signIn(page, { email: `  ${member.email.toUpperCase()} `, password: member.password });
    await expectDashboard(page, member);
  });

  test('the password can be shown and hidden again', async ({ page }) => {
    await page.goto('/login');
    const password = page.getByLabel('Mot de passe', { exact: true });
    await password.fill('Un secret');
    await expect(password).toHaveAttribute('type', 'password');

    await page.getByRole('button', { name: 'Afficher le mot de passe' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await expect(password).toHaveValue('Un secret');

    await page.getByRole('button', { name: 'Masquer le mot de passe' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  test('a wrong password says how many attempts remain, then the account locks', async ({ page, member }) => {
    const wrong = { email: member.email, password: 'Pas le bon mot de passe' };
    const alert = page.getByRole('alert');

    for (const remaining of [4, 3, 2, 1]) {
      await signIn(page, wrong);
      await expect(alert).toHaveText(`Identifiants invalides (tentatives restantes: ${remaining})`);
      await expect(page).toHaveURL(/\/login$/);
    }

    await signIn(page, wrong);
    await expect(alert).toHaveText(
      /^Trop de tentatives de connexion\. Réessayez plus tard\. Compte verrouillé jusqu’à \d\d:\d\d\.$/,
    );

    // Locked means locked: even the right password is refused for now.
    await signIn(page, member);
    await expect(alert).toHaveText(/^Trop de tentatives de connexion\. Réessayez plus tard\./);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an unknown e-mail is answered like a wrong password', async ({ page }) => {
    await signIn(page, { email: 'personne@e2e.test', password: 'Jalon e2e 2026!' });
    await expect(page.getByRole('alert')).toHaveText('Identifiants invalides (tentatives restantes: 4)');
  });
});

test.describe('login screen: background', () => {
  test('the animated background cycles through its variants and is remembered', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.goto('/login');
    const cycle = (current: string) =>
      page.getByRole('button', { name: `Changer le fond animé (actuel : ${current})` });

    await cycle('réseau neuronal').click();
    await cycle('dégradé').click();
    await expect(cycle('particules')).toBeVisible();
    await page.reload();
    await cycle('particules').click();
    await expect(cycle('réseau neuronal')).toBeVisible();

    // Less motion asked for: a still gradient and nothing to cycle.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect(page.getByRole('button', { name: /^Changer le fond animé/ })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
  });

  test('the animation is drawn by a worker, leaving the page free for the form', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    const drawing = page.waitForEvent('worker', (worker) =>
      /\/background-worker-[\w-]+\.js$/.test(worker.url()),
    );
    await page.goto('/login');
    await expect(
      page.getByRole('button', { name: 'Changer le fond animé (actuel : réseau neuronal)' }),
    ).toBeVisible();
    await drawing;
    // The page holds only the canvas the worker draws on.
    await expect(page.locator('.backdrop__canvas > canvas')).toHaveCount(1);
  });
});

test.describe('login screen: administrator without 2FA', () => {
  test('lands on /security, can only reach that page, and can sign out', async ({ page }) => {
    await signIn(page, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });

    await expect(page).toHaveURL(/\/security$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sécurité' })).toBeVisible();
    // The screen says why nothing else is open (its wording belongs to the security screen's issue).
    await expect(
      page.getByRole('status').filter({ hasText: 'double authentification' }).first(),
    ).toBeVisible();
    const navigation = page.getByRole('navigation', { name: 'Navigation principale' });
    await expect(navigation.getByRole('link')).toHaveText(['Sécurité']);

    // The dashboard is not open until 2FA is set up.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/security$/);

    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
    // A page opened signed out: the sign-in comes back to it afterwards.
    await page.goto('/security');
    await expect(page).toHaveURL(/\/login\?returnTo=%2Fsecurity$/);
  });
});
