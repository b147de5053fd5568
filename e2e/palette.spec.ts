import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expectNoViolationsInBothSchemes } from './support/axe.ts';
import { expect, expectDashboard, signIn, test } from './support/test.ts';
import { apiAs } from './support/work.ts';

// Issue 13: the Ctrl+K command palette finds 'Échéance proche' by typing 'echeance proche' and opens
// it; keyboard only, the ARIA combobox pattern; axe with the palette open at 360 and 1440 px, light and dark.

const palette = (page: Page) => page.getByRole('dialog', { name: 'Palette de commandes' });
const searchField = (page: Page) =>
  palette(page).getByRole('combobox', { name: 'Rechercher une commande, un projet ou une tâche' });

/** Ctrl+K, then typing once the field has the focus, as a person sees it open before typing. */
async function openPalette(page: Page) {
  await page.keyboard.press('Control+k');
  await expect(searchField(page)).toBeFocused();
}

test('finds a project ignoring accents and case, and opens it with the keyboard', async ({
  page,
  request,
  member,
}) => {
  const id = randomUUID().slice(0, 8);
  const api = await apiAs(request, member);
  const project = await api.createProject({ name: `Échéance proche ${id}`, description: 'Rendu du dossier' });
  await api.createTask({ title: `Relire le contrat ${id}`, project: project.id });

  await signIn(page, member);
  await expectDashboard(page, member);
  await page.keyboard.press('Control+k');
  await expect(palette(page)).toBeVisible();
  const input = palette(page).getByRole('combobox', {
    name: 'Rechercher une commande, un projet ou une tâche',
  });
  await expect(input).toBeFocused();
  await expect(input).toHaveAttribute('aria-expanded', 'true');

  await page.keyboard.type(`ECHEANCE proche ${id}`);
  const option = palette(page).getByRole('option', { name: `Ouvrir le projet Échéance proche ${id}` });
  await expect(option).toBeVisible();
  await expect(palette(page).getByRole('option')).toHaveCount(1);
  await expect(option).toHaveAttribute('aria-selected', 'true');
  // The field names the active option for screen readers, as the combobox pattern asks.
  await expect(input).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
  await page.keyboard.press('Enter');
  await expect(palette(page)).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Échéance proche ${id}` })).toBeVisible();

  // A task by its title opens its own page, beside the screen the palette was called over.
  await openPalette(page);
  await page.keyboard.type(`relire ${id}`);
  await expect(
    palette(page).getByRole('option', { name: `Ouvrir la tâche Relire le contrat ${id}` }),
  ).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/tasks\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { level: 2, name: `Relire le contrat ${id}` })).toBeVisible();
  await page.getByRole('button', { name: 'Fermer' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}$`));

  // Arrows move the active option; go to a screen, create, switch theme; Esc closes, nothing happens.
  await openPalette(page);
  await page.keyboard.press('ArrowDown');
  const second = palette(page).getByRole('option', { name: 'Projets', exact: true });
  await expect(second).toHaveAttribute('aria-selected', 'true');
  await expect(input).toHaveAttribute('aria-activedescendant', (await second.getAttribute('id'))!);
  await page.keyboard.type('activite');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/activity$/);
  await openPalette(page);
  await page.keyboard.type('nouvelle tache');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/tasks\/new$/);
  await openPalette(page);
  await page.keyboard.type('mode sombre');
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await openPalette(page);
  await page.keyboard.type('zzz introuvable');
  await expect(palette(page).getByText('Aucun résultat.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(palette(page)).toBeHidden();
  await expect(page).toHaveURL(/\/tasks\/new$/);

  // Sign out from the palette.
  await openPalette(page);
  await page.keyboard.type('deconnecter');
  await expect(palette(page).getByRole('option', { name: 'Se déconnecter' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login$/);
});

for (const [label, viewport] of [
  ['360 px, touch', { width: 360, height: 740 }],
  ['1440 px', { width: 1440, height: 900 }],
] as const) {
  test.describe(`the open palette at ${label}`, () => {
    test.use({ viewport, hasTouch: label.includes('touch') });

    test('opens from its button, axe in light and dark', async ({ page, member }) => {
      await page.emulateMedia({ colorScheme: 'light' });
      await signIn(page, member);
      await expectDashboard(page, member);
      await page.getByRole('button', { name: 'Palette de commandes' }).click();
      await expect(palette(page)).toBeVisible();
      await expect(palette(page).getByRole('option', { name: 'Mon profil' })).toBeVisible();
      await expectNoViolationsInBothSchemes(page, `palette (${label})`);
      await palette(page).getByRole('option', { name: 'Raccourcis clavier' }).click();
      await expect(page).toHaveURL(/\/shortcuts$/);
    });
  });
}
