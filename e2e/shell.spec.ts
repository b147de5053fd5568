// Issue 17: the phone's shell (screens.spec.ts sweeps every screen at every size). Its menu: a modal drawer
// that keeps the focus, closes on Esc and opens with 'm'; the login form at 320 px; the web app manifest.
import { expectNoViolations } from './support/axe.ts';
import { expectNoIconGlyphs, expectNoPageOverflow, expectTouchTargets } from './support/screen-checks.ts';
import { expect, expectDashboard, signIn, test } from './support/test.ts';

const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true };

test.describe('the menu on a phone', () => {
  test.use(PHONE);

  test('a top bar of at most 56 px, and the navigation in a modal drawer', async ({ page, member }) => {
    await signIn(page, member);
    await expectDashboard(page, member);
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    const bar = page.locator('header.top-bar');
    await expect(bar).toContainText('Jalon');
    await expect(bar).toContainText('Dashboard');
    await expect(bar.getByRole('status', { name: 'État de la connexion' })).toContainText('En ligne');
    expect((await bar.boundingBox())?.height).toBeLessThanOrEqual(56);
    await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeHidden();

    await menu.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Fermer le menu' })).toBeFocused();
    await expectNoViolations(page, 'the phone menu');
    await expectTouchTargets(page, 'the phone menu');
    // Tab through every control and one more: focus never leaves the drawer.
    const controls = await drawer.locator('a[href], button:not([disabled])').count();
    for (let step = 0; step <= controls; step += 1) {
      await page.keyboard.press('Tab');
      expect(await drawer.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menu).toBeFocused();

    // 'm' opens it; a link in it leads to its screen and closes it.
    await page.keyboard.press('m');
    await expect(drawer).toBeVisible();
    await drawer.getByRole('link', { name: 'Sécurité' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sécurité' })).toBeVisible();
    await expect(drawer).toBeHidden();
    await expect(bar).toContainText('Sécurité');

    // The theme toggle and 'Se déconnecter' live in the drawer.
    await menu.click();
    await drawer.getByRole('button', { name: 'Mode sombre' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await drawer.getByRole('button', { name: 'Se déconnecter' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
  });

  test('the login form fits 320 px with the password toggle inside the field', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/login');
    const field = page.getByLabel('Mot de passe', { exact: true });
    const toggle = page.getByRole('button', { name: 'Afficher le mot de passe' });
    const [fieldBox, toggleBox] = [await field.boundingBox(), await toggle.boundingBox()];
    expect(fieldBox && toggleBox).toBeTruthy();
    expect(toggleBox!.x).toBeGreaterThanOrEqual(fieldBox!.x);
    expect(toggleBox!.x + toggleBox!.width).toBeLessThanOrEqual(fieldBox!.x + fieldBox!.width + 0.5);
    expect(toggleBox!.y).toBeGreaterThanOrEqual(fieldBox!.y - 0.5);
    expect(toggleBox!.y + toggleBox!.height).toBeLessThanOrEqual(fieldBox!.y + fieldBox!.height + 0.5);
    await field.fill('un secret');
    await toggle.click();
    await expect(field).toHaveAttribute('type', 'text');
    await expect(page.getByRole('button', { name: 'Masquer le mot de passe' })).toBeVisible();
    await expectNoPageOverflow(page, '/login at 320 px');
    await expectNoIconGlyphs(page, '/login at 320 px');
  });
});

test('the page links a web app manifest that installs Jalon, with its icons at their sizes', async ({
  page,
  request,
}) => {
  await page.goto('/login');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
    'href',
    '/icons/apple-touch-icon.png',
  );
  await expect(page.locator('meta[name="theme-color"]').first()).toHaveAttribute('content', /^#[0-9a-f]{6}$/);
  const response = await request.get('/manifest.webmanifest');
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await response.json()) as {
    name: string;
    lang: string;
    display: string;
    start_url: string;
    scope: string;
    icons: Array<{ src: string; sizes: string; purpose: string }>;
  };
  expect(manifest).toMatchObject({
    name: 'Jalon',
    lang: 'fr',
    display: 'standalone',
    start_url: '/',
    scope: '/',
  });
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of manifest.icons) {
    const png = await (await request.get(icon.src)).body();
    // A PNG's IHDR chunk holds the width and height at bytes 16 and 20.
    expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
  }
});

test("'Aller au contenu', the first Tab stop, puts the keyboard on the screen and leaves the address alone", async ({
  page,
  member,
}) => {
  await signIn(page, member);
  await expectDashboard(page, member);
  await page.goto('/projects');
  await expect(page.getByRole('heading', { level: 1, name: 'Projets' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Aller au contenu' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  // Under the hash router of raw IP addresses, '#main' in the address was read as a screen named 'main'.
  expect(new URL(page.url()).hash).toBe('');
  await expect(page.getByRole('heading', { level: 1, name: 'Projets' })).toBeVisible();
});
