// Issue 39's import in Chromium: an administrator picks a CSV file on 'Importer et exporter', reads the
// preview (statuses, people, what is skipped and why), imports it and opens the new project with its
// tasks; the export is saved as a file. Axe checks the screen with its preview at 360 px (touch) and
// 1440 px, light and dark.
//
// The administrator needs 2FA (own-server.ts says why this file runs its own server).
import { randomUUID } from 'node:crypto';
import { enrolledAdmin, signInAdmin, type EnrolledAdmin } from './support/admin.ts';
import { expectNoViolationsInBothSchemes } from './support/axe.ts';
import { expectNoPageOverflow, expectTouchTargets } from './support/screen-checks.ts';
import { startOwnServer, type OwnServer } from './support/own-server.ts';
import { expect, test as base } from './support/test.ts';

const test = base.extend<object, { ownServer: OwnServer; admin: EnrolledAdmin }>({
  ownServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const id = randomUUID().slice(0, 8);
      const server = await startOwnServer({
        email: `admin-${id}@e2e.test`,
        password: 'Jalon admin import 2026!',
      });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  admin: [async ({ ownServer }, use) => use(await enrolledAdmin(ownServer)), { scope: 'worker' }],
  baseURL: async ({ ownServer }, use) => use(ownServer.baseURL),
});

/** A French spreadsheet's CSV: BOM, semicolons, a quoted cell with a line break, accents, a line without title. */
const csvFile = (admin: EnrolledAdmin, name: string) => ({
  name: `${name}.csv`,
  mimeType: 'text/csv',
  buffer: Buffer.from(
    '\uFEFFtitre;description;statut;priorité;assigné;échéance;étiquettes\r\n' +
      `Préparer le salon;"Stand, affiches\r\net badges";En cours;Haute;${admin.email};15/06/2026;Événement\r\n` +
      ';sans titre;;;;;\r\n' +
      'Réserver l’hôtel;;Terminée;Basse;personne@ailleurs.test;;\r\n',
  ),
});

const SIZES = [
  { label: '360 px (touch)', use: { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true } },
  { label: '1440 px', use: { viewport: { width: 1440, height: 900 } } },
] as const;

for (const size of SIZES) {
  test.describe(`'Importer et exporter', ${size.label}`, () => {
    test.use(size.use);

    test('an administrator imports a CSV after its preview, then exports everything', async ({
      page,
      admin,
    }) => {
      test.setTimeout(90_000);
      await signInAdmin(page, admin);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // On a phone the navigation is in the menu's drawer (decision 0034).
      const menu = page.getByRole('button', { name: 'Menu', exact: true });
      if (await menu.isVisible()) await menu.click();
      await page
        .getByRole('navigation', { name: 'Navigation principale' })
        .getByRole('link', { name: 'Importer et exporter' })
        .click();
      await expect(page).toHaveURL(/\/admin\/import-export$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Importer et exporter' })).toBeVisible();
      await expectNoViolationsInBothSchemes(page, `'Importer et exporter' (${size.label})`);

      const name = `Salon ${randomUUID().slice(0, 6)}`;
      const form = page.getByRole('form', { name: 'Importer' });
      await form.getByLabel(/^Fichier/).setInputFiles(csvFile(admin, name));
      await expect(form.getByLabel('Format')).toHaveValue('csv');
      await expect(form.getByLabel(/^Projet/)).toHaveValue('');
      await form.getByRole('button', { name: 'Prévisualiser' }).click();

      const preview = page.getByRole('region', { name: 'Aperçu de l’import' });
      await expect(preview.getByText(`Dans le projet « ${name} »`)).toBeVisible();
      await expect(preview.getByText('2 tâches à créer.')).toBeVisible();
      const statuses = preview.getByRole('table', {
        name: 'Ce que devient chaque liste ou statut du fichier',
      });
      await expect(statuses.getByRole('row', { name: 'En cours En cours' })).toBeVisible();
      await expect(statuses.getByRole('row', { name: 'Terminée Terminée' })).toBeVisible();
      await expect(preview.getByText(admin.email)).toBeVisible();
      await expect(preview.getByText('personne@ailleurs.test')).toBeVisible();
      await expect(preview.getByText('Événement')).toBeVisible();
      const skipped = preview.getByRole('table', { name: 'Ce qui ne sera pas importé, et pourquoi' });
      await expect(skipped.getByRole('row', { name: 'ligne 4 Titre manquant.' })).toBeVisible();
      await expectNoPageOverflow(page, `the import's preview (${size.label})`);
      if (size.label.startsWith('360'))
        await expectTouchTargets(page, `the import's preview (${size.label})`);
      await expectNoViolationsInBothSchemes(page, `the import's preview (${size.label})`);

      await preview.getByRole('button', { name: 'Importer' }).click();
      await expect(page.getByText('Import terminé : 2 tâches créées.')).toBeVisible();
      await page.getByRole('link', { name: 'Ouvrir le projet' }).click();
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page.getByText('Préparer le salon').first()).toBeVisible();

      await page.goBack();
      await expect(page.getByRole('heading', { level: 1, name: 'Importer et exporter' })).toBeVisible();
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Exporter tout (JSON)' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^jalon-export-\d{4}-\d\d-\d\d\.json$/);
      await expect(page.getByText(/^Fichier enregistré : jalon-export-/)).toBeVisible();
    });
  });
}

test.describe("'Importer', a double click", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('imports the file once and says what the one import created', async ({ page, admin }) => {
    test.setTimeout(90_000);
    await signInAdmin(page, admin);
    await page.goto('/admin/import-export');
    const name = `Salon ${randomUUID().slice(0, 6)}`;
    const form = page.getByRole('form', { name: 'Importer' });
    await form.getByLabel(/^Fichier/).setInputFiles(csvFile(admin, name));
    await form.getByRole('button', { name: 'Prévisualiser' }).click();
    const preview = page.getByRole('region', { name: 'Aperçu de l’import' });
    await expect(preview.getByText('2 tâches à créer.')).toBeVisible();

    const imports: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/admin/import'))
        imports.push(request.url());
    });
    await preview.getByRole('button', { name: 'Importer' }).dblclick();
    await expect(page.getByText('Import terminé : 2 tâches créées.')).toBeVisible();
    expect(imports).toHaveLength(1);

    const projectPath = await page.getByRole('link', { name: 'Ouvrir le projet' }).getAttribute('href');
    await page.goto(`/tasks?view=list&project=${projectPath!.split('/').pop()}`);
    await expect(page.getByText('2 tâches', { exact: true })).toBeVisible();
  });
});
