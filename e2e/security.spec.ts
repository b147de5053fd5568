// Issue 3's journey in Chromium: a new administrator is made to enrol in 2FA, then uses it (TOTP and
// backup codes), revokes a session of another browser, and exports the audit log. Axe checks the
// 2FA set-up and the three tabs in light and dark.
//
// The administrator is new: the shared server's bootstrap admin must stay without 2FA for
// login.spec.ts, and no route makes a member an admin, so this file runs its own server whose first
// start creates this admin (support/own-server.ts).
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { Browser, Download, Page } from '@playwright/test';
import { expectNoViolationsInBothSchemes } from './support/axe.ts';
import { totpCode } from './support/members.ts';
import { startOwnServer, type OwnServer } from './support/own-server.ts';
import { pdfTextRuns } from './support/pdf-text.ts';
import { expect, signIn, test as base } from './support/test.ts';

const test = base.extend<object, { ownServer: OwnServer }>({
  ownServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const id = randomUUID().slice(0, 8);
      const server = await startOwnServer({
        email: `admin-${id}@e2e.test`,
        password: 'Jalon admin 2FA 2026!',
      });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ ownServer }, use) => use(ownServer.baseURL),
});

const CODE_FIELD = 'Code de vérification ou code de secours';
const expiredWarning = 'Session expirée. Veuillez vous reconnecter.';

const tab = (page: Page, name: string) =>
  page.getByRole('tablist', { name: 'Rubriques de sécurité' }).getByRole('tab', { name, exact: true });

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** The login's second step, typed as a person does (the field has the focus when the step opens). */
async function secondFactor(page: Page, code: string, options: { again?: boolean } = {}) {
  const field = page.getByLabel(CODE_FIELD);
  if (!options.again) await expect(field).toBeFocused();
  await field.fill(code);
  await page.getByRole('button', { name: 'Vérifier' }).click();
}

async function saved(download: Download): Promise<Buffer> {
  const file = await download.path();
  return fs.readFileSync(file);
}

/** The same administrator on a second browser, signed in with a backup code. */
async function secondBrowser(
  browser: Browser,
  baseURL: string,
  admin: OwnServer['admin'],
  backupCode: string,
) {
  const context = await browser.newContext({
    baseURL,
    locale: 'fr-FR',
    timezoneId: 'UTC',
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  const uncaught: string[] = [];
  page.on('pageerror', (error) => uncaught.push(error.message));
  await signIn(page, admin);
  await secondFactor(page, backupCode);
  await expect(page).toHaveURL(/\/dashboard$/);
  return { context, page, uncaught };
}

test.describe('security screen: a new administrator', () => {
  test('enrols in 2FA, signs in with TOTP and a backup code, revokes a session, exports the audit log', async ({
    page,
    browser,
    ownServer,
  }) => {
    test.setTimeout(120_000);
    const { admin, baseURL } = ownServer;
    let secret = '';
    let backupCodes: string[] = [];

    await test.step('forced to /security, enrols by computing the code from the secret shown', async () => {
      await signIn(page, admin);
      await expect(page).toHaveURL(/\/security$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Sécurité' })).toBeVisible();
      await expect(tab(page, 'Sessions')).toHaveAttribute('aria-disabled', 'true');
      await expect(tab(page, "Journal d'audit")).toHaveAttribute('aria-disabled', 'true');
      await page.goto('/dashboard');
      await expect(page).toHaveURL(/\/security$/);

      await page.getByRole('button', { name: 'Activer la 2FA' }).click();
      await expect(page.getByRole('heading', { name: 'Configurer votre application' })).toBeVisible();
      await expect(
        page.getByRole('img', { name: 'QR code à scanner avec votre application d’authentification' }),
      ).toBeVisible();
      secret = (await page.locator('code.secret').textContent())?.trim() ?? '';
      expect(secret).toMatch(/^[A-Z2-7]{16,}=*$/);
      await expectNoViolationsInBothSchemes(page, 'security, 2FA set-up');

      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Télécharger (.txt)' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('jalon-backup-codes.txt');
      const text = (await saved(download)).toString('utf8');
      expect(text).toContain('Jalon — codes de secours de double authentification');
      backupCodes = text
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter((line) => /^[A-Z2-9]{5}-[A-Z2-9]{5}$/.test(line));
      expect(backupCodes).toHaveLength(10);
      await expect(page.getByText('Fichier jalon-backup-codes.txt téléchargé.')).toBeVisible();

      await page.getByLabel('Code à 6 chiffres').fill(totpCode(secret));
      await page.getByRole('button', { name: 'Vérifier et activer' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
    });

    await test.step('signs out, then in with a TOTP code of a later step', async () => {
      await signOut(page);
      await signIn(page, admin);
      await expect(page.getByRole('heading', { level: 1, name: 'Double authentification' })).toBeVisible();
      // The enrolment used the current 30-second step, and a step is accepted once (replay).
      await secondFactor(page, totpCode(secret, Date.now() + 30_000));
      await expect(page).toHaveURL(/\/dashboard$/);
    });

    await test.step('signs in with a backup code, which then no longer works', async () => {
      await signOut(page);
      await signIn(page, admin);
      await secondFactor(page, backupCodes[0]!);
      await expect(page).toHaveURL(/\/dashboard$/);

      await signOut(page);
      await signIn(page, admin);
      await secondFactor(page, backupCodes[0]!);
      await expect(page.getByRole('alert')).toHaveText('Code 2FA invalide');
      await expect(page).toHaveURL(/\/login$/);

      await secondFactor(page, backupCodes[1]!, { again: true });
      await expect(page).toHaveURL(/\/dashboard$/);
    });

    const other = await secondBrowser(browser, baseURL, admin, backupCodes[2]!);

    await test.step('revokes the session of the other browser, whose next request lands on /login', async () => {
      await page.goto('/security');
      await tab(page, 'Sessions').click();
      await expect(page.getByRole('heading', { name: 'Sessions actives' })).toBeVisible();
      const sessions = page.getByRole('list', { name: 'Sessions' }).getByRole('listitem');
      await expect(sessions).toHaveCount(2);
      const current = sessions.filter({ hasText: 'Actuelle' });
      await expect(current).toHaveCount(1);
      await expect(current.getByRole('button', { name: /\(la vôtre\)$/ })).toBeVisible();

      const theOther = sessions.filter({ hasNotText: 'Actuelle' });
      await theOther.getByRole('button', { name: /^Révoquer la session / }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Révoquer cette session ?' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Oui, révoquer' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByText('Session révoquée.')).toBeVisible();
      await expect(sessions).toHaveCount(1);
      await expect(sessions.first()).toContainText('Actuelle');

      await other.page.reload();
      await expect(other.page).toHaveURL(/\/login\?expired=true$/);
      await expect(other.page.getByRole('status')).toHaveText(expiredWarning);
      expect(other.uncaught).toEqual([]);
      await other.context.close();
    });

    await test.step('filters the audit log, exports it as CSV and PDF and finds the events in them', async () => {
      await tab(page, "Journal d'audit").click();
      const table = page.getByRole('table', {
        name: "Entrées du journal d'audit, les plus récentes d'abord",
      });
      await expect(table.getByRole('columnheader')).toHaveText(['Date', 'Type', 'Utilisateur', 'Détails']);
      const rows = table.locator('tbody tr');
      await expect(rows.filter({ hasText: 'auth.session.revoked' }).first()).toBeVisible();

      const type = page.getByLabel('Type', { exact: true });
      await type.selectOption({ label: 'Sécurité (security.*)' });
      await expect(rows.filter({ hasText: 'security.2fa.enabled' })).toHaveCount(1);
      await expect(rows.filter({ hasText: /auth\.login/ })).toHaveCount(0);

      await type.selectOption({ label: 'Tous' });
      const search = page.getByLabel('Rechercher (détails, utilisateur)');
      await search.fill('secours');
      await expect(rows.filter({ hasText: 'security.2fa.backup_code_used' }).first()).toBeVisible();
      await expect(rows.filter({ hasText: 'auth.session.revoked' })).toHaveCount(0);
      await search.fill('');
      await expect(rows.filter({ hasText: 'auth.session.revoked' }).first()).toBeVisible();

      const events = [
        'security.2fa.enabled',
        'security.2fa.backup_code_used',
        'auth.login.succeeded',
        'auth.session.revoked',
      ];

      let downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Exporter en CSV' }).click();
      const csvDownload = await downloading;
      expect(csvDownload.suggestedFilename()).toMatch(/^audit-logs-.+\.csv$/);
      await expect(page.getByText(`Fichier ${csvDownload.suggestedFilename()} téléchargé.`)).toBeVisible();
      const csv = await saved(csvDownload);
      expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const csvText = csv.toString('utf8');
      expect(csvText.slice(1).split(/\r?\n/)[0]).toBe(
        'Date;Type;Utilisateur;E-mail;IP;Ressource;Résultat;Détails',
      );
      for (const event of events) expect(csvText, `${event} in the CSV`).toContain(event);
      expect(csvText).toContain(admin.email);

      downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Exporter en PDF' }).click();
      const pdfDownload = await downloading;
      expect(pdfDownload.suggestedFilename()).toMatch(/^audit-logs-.+\.pdf$/);
      const pdf = await saved(pdfDownload);
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const runs = pdfTextRuns(pdf);
      // The journal's times as the screen shows them, in this browser's zone (UTC in these journeys), named.
      expect(runs).toEqual(expect.arrayContaining(['Date (UTC)', 'Type', 'Utilisateur', 'Détails']));
      for (const event of events) expect(runs, `${event} in the PDF`).toContain(event);
    });

    await test.step('axe: the three tabs in light and dark', async () => {
      await tab(page, '2FA').click();
      await expect(page.getByText('La double authentification est activée.')).toBeVisible();
      await expectNoViolationsInBothSchemes(page, 'security, 2FA tab');
      await tab(page, 'Sessions').click();
      await expect(page.getByRole('list', { name: 'Sessions' }).getByRole('listitem')).toHaveCount(1);
      await expectNoViolationsInBothSchemes(page, 'security, Sessions tab');
      await tab(page, "Journal d'audit").click();
      await expect(
        page.locator('tbody tr').filter({ hasText: 'security.2fa.enabled' }).first(),
      ).toBeVisible();
      await expectNoViolationsInBothSchemes(page, 'security, audit tab');
    });
  });
});
