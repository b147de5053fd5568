import type { Page } from '@playwright/test';
import { expectNoViolationsInBothSchemes } from './support/axe.ts';
import { expect, expectDashboard, signIn, test } from './support/test.ts';
import { uniqueName } from './support/work.ts';

// Issue 13: every global shortcut from the dashboard, none while typing, the off switch,
// and the /shortcuts page (its search filters) with axe at 360 and 1440 px, light and dark.

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
// The shortcuts' own announcements (the write toasts have a polite region too).
const status = (page: Page) =>
  page.locator('.app-shell p.visually-hidden[role="status"][aria-live="polite"]');

/** From the dashboard, as the issue asks: every shortcut starts there. */
async function fromDashboard(page: Page) {
  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Bonjour, / })).toBeVisible();
}

async function press(page: Page, ...keys: string[]) {
  for (const key of keys) await page.keyboard.press(key);
}

test('every global shortcut does what it says, from the dashboard', async ({ page, member }) => {
  await signIn(page, member);
  await expectDashboard(page, member);

  const navigation: Array<[string[], RegExp, string]> = [
    [['g', 'p'], /\/projects$/, 'Projets'],
    [['g', 's'], /\/security$/, 'Sécurité'],
    [['g', 't'], /\/tasks$/, 'Tâches'],
    [['g', 'a'], /\/activity$/, 'Activité'],
    [['g', 'm'], /\/me$/, 'Mon profil'],
    [['n', 'p'], /\/projects\/new$/, 'Nouveau projet'],
    [['n', 't'], /\/tasks\/new$/, 'Nouvelle tâche'],
    [['n', 'b'], /\/projects\/board\/new$/, 'Nouveau projet en kanban'],
    [['Shift+?'], /\/shortcuts$/, 'Raccourcis clavier'],
    [['1'], /\/tasks\?view=kanban$/, 'Tâches'],
    [['2'], /\/tasks\?view=list$/, 'Tâches'],
    [['3'], /\/tasks\?view=calendar$/, 'Tâches'],
  ];
  for (const [keys, url, heading] of navigation) {
    await fromDashboard(page);
    await press(page, ...keys);
    await expect(page, keys.join(' ')).toHaveURL(url);
    await expect(h1(page, heading)).toBeVisible();
  }
  // On the task screen, 1 2 3 switch its views in place.
  await press(page, '1');
  await expect(page).toHaveURL(/\/tasks\?view=kanban$/);

  await page.goto('/projects');
  await expect(h1(page, 'Projets')).toBeVisible();
  await press(page, 'g', 'd');
  await expectDashboard(page, member);

  // Esc leaves a screen that is a form, as its 'Annuler' would.
  await press(page, 'n', 'p');
  await expect(h1(page, 'Nouveau projet')).toBeVisible();
  await page.locator('body').click({ position: { x: 1, y: 1 } });
  await press(page, 'Escape');
  await expectDashboard(page, member);

  // / puts the cursor in the shell's search, even on a screen with a search field of its own.
  await page.goto('/projects');
  await expect(h1(page, 'Projets')).toBeVisible();
  await press(page, '/');
  await expect(page.getByRole('combobox', { name: 'Rechercher', exact: true })).toBeFocused();

  // f goes to the page's filter, m to the navigation, r refreshes.
  await fromDashboard(page);
  await press(page, 'f');
  await expect(page.getByRole('combobox', { name: 'Projet' })).toBeFocused();
  await page.keyboard.press('Tab');
  await press(page, 'm');
  await expect(
    page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Dashboard' }),
  ).toBeFocused();
  await press(page, 'r');
  await expect(status(page)).toHaveText('Données actualisées.');

  // Ctrl+Z / Ctrl+Shift+Z: nothing edited yet in this tab.
  await press(page, 'Control+z');
  await expect(status(page)).toHaveText('Rien à annuler.');
  await press(page, 'Control+Shift+Z');
  await expect(status(page)).toHaveText('Rien à rétablir.');

  // Ctrl+S saves the open form, from inside a field.
  await press(page, 'n', 'p');
  const name = uniqueName('Créé au clavier');
  await page.getByLabel('Nom', { exact: true }).fill(name);
  await page.getByLabel('Description').fill('Enregistré avec Ctrl+S');
  await page.getByLabel('Échéance').fill('2030-06-30');
  await page.getByLabel('Description').focus();
  await press(page, 'Control+s');
  await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
});

test('Esc closes what is open on the dashboard: the quick-create (even from its field), the preferences, the palette', async ({
  page,
  member,
}) => {
  await signIn(page, member);
  await expectDashboard(page, member);
  const create = page.getByRole('button', { name: 'Créer', exact: true });
  const quickCreate = page.getByRole('region', { name: 'Création rapide' });
  await create.click();
  await expect(quickCreate).toBeVisible();
  await quickCreate.getByLabel('Nom du projet').fill('Brouillon');
  await press(page, 'Escape');
  await expect(quickCreate).toHaveCount(0);
  // The keyboard is back on the button that opened it, and the person is still on the dashboard.
  await expect(create).toBeFocused();
  await expect(create).toHaveAttribute('aria-expanded', 'false');
  await expectDashboard(page, member);

  const preferences = page.getByRole('button', { name: 'Thème et préférences' });
  await preferences.click();
  await expect(preferences).toHaveAttribute('aria-expanded', 'true');
  await press(page, 'Escape');
  await expect(preferences).toHaveAttribute('aria-expanded', 'false');
  await expect(preferences).toBeFocused();

  // The palette opened over the quick-create: one Esc closes the palette only, the next the panel.
  await create.click();
  await press(page, 'Control+k');
  const palette = page.getByRole('dialog', { name: 'Palette de commandes' });
  await expect(palette).toBeVisible();
  await press(page, 'Escape');
  await expect(palette).toBeHidden();
  await expect(quickCreate).toBeVisible();
  await press(page, 'Escape');
  await expect(quickCreate).toHaveCount(0);
});

test('no shortcut fires while typing in a field, and single keys can be switched off', async ({
  page,
  member,
}) => {
  await signIn(page, member);
  await expectDashboard(page, member);
  await page.goto('/shortcuts');
  const search = page.getByRole('searchbox', { name: 'Rechercher un raccourci' });
  await search.click();
  await page.keyboard.type('g d n p 1 ? r');
  await expect(search).toHaveValue('g d n p 1 ? r');
  await expect(page).toHaveURL(/\/shortcuts$/);

  await fromDashboard(page);
  const projectFilter = page.getByRole('combobox', { name: 'Projet' });
  await projectFilter.focus();
  await press(page, 'g', 'p');
  await expect(page).toHaveURL(/\/dashboard$/);

  // WCAG 2.1.4: the preference on /me turns the single-key shortcuts off, not Ctrl+K.
  await page.goto('/me');
  const toggle = page.getByRole('checkbox', { name: /Raccourcis à une touche/ });
  await expect(toggle).toBeChecked();
  await toggle.uncheck();
  await page.locator('h1').click();
  await press(page, 'g', 'd');
  await press(page, '?');
  await expect(page).toHaveURL(/\/me$/);
  await press(page, 'Control+k');
  await expect(page.getByRole('dialog', { name: 'Palette de commandes' })).toBeVisible();
  await press(page, 'Escape');
  await page.goto('/shortcuts');
  await expect(page.getByText('Les raccourcis à une touche sont désactivés')).toBeVisible();
  // The choice is kept by the server: it follows the person after a reload.
  await page.reload();
  await page.locator('h1').click();
  await press(page, 'g', 'd');
  await expect(page).toHaveURL(/\/shortcuts$/);
});

for (const [label, viewport] of [
  ['360 px, touch', { width: 360, height: 740 }],
  ['1440 px', { width: 1440, height: 900 }],
] as const) {
  test.describe(`the shortcuts page at ${label}`, () => {
    test.use({ viewport, hasTouch: label.includes('touch') });

    // The page as it opens is in the screen sweep; what it shows once filtered is checked here.
    test("lists the shortcuts page's sections, filters by action or key, axe in light and dark", async ({
      page,
      member,
    }) => {
      await page.emulateMedia({ colorScheme: 'light' });
      await signIn(page, member);
      await expectDashboard(page, member);
      await page.goto('/shortcuts');
      await expect(h1(page, 'Raccourcis clavier')).toBeVisible();
      for (const section of ['Navigation', 'Actions', 'Vue projet']) {
        await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
      }
      await expect(page.getByRole('row', { name: 'g puis a Aller à l’activité' })).toBeVisible();
      await expect(page.getByText("Aucune tâche pour l'instant.")).toBeVisible();

      const search = page.getByRole('searchbox', { name: 'Rechercher un raccourci' });
      await search.fill('ACTIVITE');
      await expect(page.getByRole('row')).toHaveCount(2);
      await expect(page.getByRole('row', { name: 'g puis a Aller à l’activité' })).toBeVisible();
      await search.fill('calendrier');
      // Only its section is left. (Not every h2 of the page: after a reconnect of the live stream, the
      // shell's 'Pendant votre absence…' may head the page too.)
      await expect(page.getByRole('heading', { level: 2, name: 'Vue projet', exact: true })).toBeVisible();
      for (const gone of ['Navigation', 'Actions']) {
        await expect(page.getByRole('heading', { level: 2, name: gone, exact: true })).toHaveCount(0);
      }
      await search.fill('introuvable');
      await expect(page.getByText('Aucun raccourci ne correspond à cette recherche.')).toBeVisible();
      await expectNoViolationsInBothSchemes(page, `/shortcuts filtered (${label})`);
    });
  });
}
