// Issue 16's journey in Chromium: an administrator invites a person from /admin/members, the link
// taken from the mail outbox opens /invitation, the new member signs in, and once the administrator
// deactivates them their open browser lands on /login at its next call. Axe checks /admin/members and
// /invitation (with a name refused as too close to the administrator's) at 360 px (touch) and 1440 px,
// light and dark.
//
// The administrator needs 2FA, and the shared server's bootstrap admin must stay without it for
// login.spec.ts: this file runs its own server, whose first start creates this admin (own-server.ts).
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { enrolledAdmin, signInAdmin, type EnrolledAdmin } from './support/admin.ts';
import { expectNoViolationsInBothSchemes } from './support/axe.ts';
import { linkFromInbox, mailsTo } from './support/mailbox.ts';
import { startOwnServer, type OwnServer } from './support/own-server.ts';
import { clickSignOut, expect, signIn, test as base } from './support/test.ts';

const test = base.extend<object, { ownServer: OwnServer; admin: EnrolledAdmin }>({
  ownServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const id = randomUUID().slice(0, 8);
      const server = await startOwnServer({
        email: `admin-${id}@e2e.test`,
        password: 'Jalon admin équipe 2026!',
      });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  admin: [async ({ ownServer }, use) => use(await enrolledAdmin(ownServer)), { scope: 'worker' }],
  baseURL: async ({ ownServer }, use) => use(ownServer.baseURL),
});

// In one worker, in order: the file's own server (a worker fixture) then starts once, where two workers
// sharing its tests would each start one, a server start costing more than the tests it spares.
test.describe.configure({ mode: 'default' });

async function adminBrowser(browser: Browser, ownServer: OwnServer, admin: EnrolledAdmin) {
  const context = await browser.newContext({
    baseURL: ownServer.baseURL,
    locale: 'fr-FR',
    timezoneId: 'UTC',
    reducedMotion: 'reduce',
    viewport: { width: 1440, height: 900 },
  });
  const page = await context.newPage();
  await signInAdmin(page, admin);
  return { context, page };
}

const membersRow = (page: Page, name: string) => page.getByRole('row', { name: new RegExp(name) });

test.describe('teams: invitation to deactivation, at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('an administrator invites a person, who joins and signs in; deactivated, their open browser lands on /login', async ({
    page,
    browser,
    ownServer,
    admin,
    allowFailedRequest,
  }) => {
    test.setTimeout(90_000);
    const id = randomUUID().slice(0, 8);
    const email = `invitee-${id}@e2e.test`;
    const name = `Dominique ${id}`;
    const password = 'Bienvenue équipe 2026!';

    // The administrator finds 'Membres' in the navigation and invites the person as a member.
    const adminSide = await adminBrowser(browser, ownServer, admin);
    const adminPage = adminSide.page;
    await adminPage
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: 'Membres' })
      .click();
    await expect(adminPage).toHaveURL(/\/admin\/members$/);
    await expect(adminPage.getByRole('heading', { level: 1, name: 'Membres' })).toBeVisible();
    await adminPage.getByLabel('E-mail').fill(email);
    await adminPage.getByLabel('Rôle').selectOption({ label: 'Membre' });
    // A double click sends one invitation: one pending, one mail, and its link the good one.
    await adminPage.getByRole('button', { name: 'Envoyer l’invitation' }).dblclick();
    await expect(adminPage.getByText(`Invitation envoyée à ${email}.`)).toBeVisible();
    await expect(adminPage.getByRole('alert')).toHaveCount(0);
    const pending = adminPage
      .getByRole('list', { name: 'Invitations en attente' })
      .getByRole('listitem', { name: email });
    await expect(pending).toHaveCount(1);
    await expect(pending).toContainText('Expire le');
    // The list is the server's (read again after the send), and so is the outbox of mails.
    await adminPage.reload();
    await expect(pending).toHaveCount(1);
    expect(mailsTo(email, ownServer.dataDir)).toHaveLength(1);

    // Inviting the address again while its link is pending is refused, in French; the first link stays good.
    await adminPage.getByLabel('E-mail').fill(email);
    await adminPage.getByRole('button', { name: 'Envoyer l’invitation' }).click();
    await expect(adminPage.getByRole('alert')).toHaveText(
      'L’invitation n’a pas pu être envoyée : Une invitation est déjà en attente pour cette adresse : son lien reste valable. Révoquez-la pour en envoyer une nouvelle.',
    );

    // The person opens the link from their mail: the page names the address, then a name and a password.
    const link = await linkFromInbox(email, '/invitation', ownServer.dataDir);
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Rejoindre Jalon' })).toBeVisible();
    await expect(page.getByText(`Cette invitation est adressée à ${email}.`)).toBeVisible();
    await page.getByLabel('Nom').fill(name);
    await page.getByLabel('Mot de passe', { exact: true }).fill(password);
    await expect(page.getByRole('meter', { name: 'Force du mot de passe' })).toBeVisible();
    await page.getByLabel('Confirmer le mot de passe').fill(password);
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await expect(page.getByText('Compte créé. Redirection…')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    // They sign in with what they chose; a member's navigation has no 'Membres'.
    await signIn(page, { email, password });
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: `Bonjour, ${name}` })).toBeVisible();
    const navigation = page.getByRole('navigation', { name: 'Navigation principale' });
    await expect(navigation.getByRole('link', { name: 'Tâches' })).toBeVisible();
    await expect(navigation.getByRole('link', { name: 'Membres' })).toHaveCount(0);

    // The administrator gives them a task, chosen by name in 'Assigné à'; they find it under 'Mes tâches'.
    const projectName = `Accueil ${id}`;
    const taskTitle = `Préparer le poste ${id}`;
    await adminPage.goto('/projects/new');
    await adminPage.getByLabel('Nom').fill(projectName);
    await adminPage.getByLabel('Description').fill('L’arrivée de Dominique.');
    await adminPage
      .getByLabel('Échéance')
      .fill(new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10));
    await adminPage.getByRole('button', { name: 'Créer le projet' }).click();
    await expect(adminPage.getByRole('heading', { level: 1, name: projectName })).toBeVisible();
    await adminPage.goto('/tasks/new');
    await adminPage.getByLabel('Titre').fill(taskTitle);
    await adminPage.getByLabel('Projet').selectOption({ label: projectName });
    await adminPage.getByLabel('Assigné à').selectOption({ label: name });
    await adminPage.getByRole('button', { name: 'Créer' }).click();
    await expect(adminPage.getByText('Créé', { exact: true })).toBeVisible();
    await expect(adminPage.getByRole('status', { name: 'État de la connexion' })).toHaveText('En ligne', {
      timeout: 20_000,
    });

    await navigation.getByRole('link', { name: 'Tâches' }).click();
    const mine = page.getByRole('button', { name: 'Mes tâches' });
    await mine.click();
    await expect(mine).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(/[?&]mine=1/);
    const card = page.getByRole('row', { name: taskTitle, exact: true });
    await expect(card).toBeVisible({ timeout: 20_000 });
    await expect(card.getByText(name)).toBeVisible();
    await page.reload();
    await expect(card).toBeVisible();

    // The administrator sees them among the members, with the invitation gone, and deactivates them.
    await adminPage.goto('/admin/members');
    await expect(pending).toHaveCount(0);
    const row = membersRow(adminPage, name);
    await expect(row).toContainText(email);
    await expect(row).toContainText('Actif');
    await row.getByRole('button', { name: 'Désactiver' }).click();
    const dialog = adminPage.getByRole('alertdialog', { name: 'Désactiver ce membre ?' });
    await dialog.getByRole('button', { name: 'Désactiver' }).click();
    await expect(adminPage.getByText(`${name} : modification enregistrée.`)).toBeVisible();
    await expect(row).toContainText('Désactivé');

    // Their open browser lands on /login with the expiry warning: by itself when its live stream hears of
    // the revocation first, or at its next call to the server (a click on 'Dashboard'). Which comes first
    // depends on the machine's speed: the click is made only while the link is still there.
    const expired = /\/login\?expired=true$/;
    const landed = page.waitForURL(expired);
    await Promise.race([
      landed,
      navigation
        .getByRole('link', { name: 'Dashboard' })
        .click()
        .catch(() => landed),
    ]);
    await expect(page).toHaveURL(expired);
    await expect(page.getByText('Session expirée. Veuillez vous reconnecter.')).toBeVisible();

    // The right password now says why; nothing more is said to someone without it.
    allowFailedRequest(403, /\/api\/auth\/login$/);
    await signIn(page, { email, password });
    await expect(page.getByRole('alert')).toContainText('Compte désactivé. Contactez un administrateur.');
    await signIn(page, { email, password: 'Pas le bon 2026!' });
    await expect(page.getByRole('alert')).toContainText('Identifiants invalides');
    await expect(page.getByRole('alert')).not.toContainText('désactivé');

    await adminSide.context.close();
  });
});

const SIZES = [
  { label: '360 px (touch)', use: { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true } },
  { label: '1440 px', use: { viewport: { width: 1440, height: 900 } } },
] as const;

for (const size of SIZES) {
  test.describe(`teams screens, axe in light and dark, ${size.label}`, () => {
    test.use(size.use);

    test('/admin/members and /invitation', async ({ page, admin, ownServer, allowFailedRequest }) => {
      const invitee = `a11y-${randomUUID().slice(0, 8)}@e2e.test`;
      await signInAdmin(page, admin);
      await page.goto('/admin/members');
      await expect(page.getByRole('row', { name: /\(vous\)/ })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Invitations en attente' })).toBeVisible();
      // Every member's actions within reach, not past the screen's right edge (a phone's rows are stacked).
      for (const button of await page.getByRole('table').getByRole('button').all()) {
        const box = await button.boundingBox();
        expect(box!.x + box!.width).toBeLessThanOrEqual(size.use.viewport.width);
      }
      await expectNoViolationsInBothSchemes(page, `/admin/members (${size.label})`);

      // With a confirmation open.
      await page.getByLabel('E-mail').fill(invitee);
      await page.getByRole('button', { name: 'Envoyer l’invitation' }).click();
      await expect(page.getByText(/^Invitation envoyée à/)).toBeVisible();
      await page.getByRole('button', { name: `Révoquer l’invitation de ${invitee}` }).click();
      await expect(page.getByRole('alertdialog', { name: 'Révoquer l’invitation ?' })).toBeVisible();
      await expectNoViolationsInBothSchemes(page, `/admin/members, revoke dialog (${size.label})`);
      await page.getByRole('button', { name: 'Annuler' }).click();
      // An invitation whose person first picks a name that reads like the administrator's ('admin').
      const homonym = `homonyme-${randomUUID().slice(0, 8)}@e2e.test`;
      await page.getByLabel('E-mail').fill(homonym);
      await page.getByRole('button', { name: 'Envoyer l’invitation' }).click();
      await expect(page.getByText(`Invitation envoyée à ${homonym}.`)).toBeVisible();

      // The invitation page, signed out: a dead link is said before any form.
      await clickSignOut(page);
      await expect(page).toHaveURL(/\/login$/);
      await page.goto('/invitation?token=a11y');
      await expect(page.getByRole('alert')).toHaveText(
        'Ce lien d’invitation est invalide, expiré ou déjà utilisé.',
      );
      await expect(page.getByLabel('Nom')).toHaveCount(0);
      await expectNoViolationsInBothSchemes(page, `/invitation, dead link (${size.label})`);
      // The link of the invitation left pending above opens the form, naming the address; its error is checked here.
      await page.goto(await linkFromInbox(invitee, '/invitation', ownServer.dataDir));
      await expect(page.getByText(`Cette invitation est adressée à ${invitee}.`)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Créer mon compte' })).toBeVisible();
      await page.getByLabel('Nom').fill('Personne');
      await page.getByLabel('Mot de passe', { exact: true }).fill('abcdefgh1');
      await page.getByLabel('Confirmer le mot de passe').fill('autre chose');
      await page.getByRole('button', { name: 'Créer mon compte' }).click();
      await expect(page.getByRole('alert')).toHaveText('Les mots de passe ne correspondent pas.');
      await expectNoViolationsInBothSchemes(page, `/invitation, mismatch (${size.label})`);

      // 'ADMIN', in another case than the administrator's name, is refused under the name field.
      allowFailedRequest(409, /\/api\/auth\/invitations\/accept$/);
      await page.goto(await linkFromInbox(homonym, '/invitation', ownServer.dataDir));
      const nameField = page.getByLabel('Nom');
      await nameField.fill('ADMIN');
      await page.getByLabel('Mot de passe', { exact: true }).fill('Homonyme équipe 2026!');
      await page.getByLabel('Confirmer le mot de passe').fill('Homonyme équipe 2026!');
      await page.getByRole('button', { name: 'Créer mon compte' }).click();
      const taken = 'Ce nom ressemble trop à celui d’un autre membre. Choisissez-en un autre.';
      await expect(page.getByRole('alert')).toHaveText(taken);
      await expect(nameField).toHaveAttribute('aria-invalid', 'true');
      await expect(nameField).toHaveAccessibleDescription(taken);
      await expectNoViolationsInBothSchemes(page, `/invitation, name taken (${size.label})`);
      await nameField.fill(`Homonyme ${homonym.slice(9, 17)}`);
      await page.getByRole('button', { name: 'Créer mon compte' }).click();
      await expect(page.getByText('Compte créé. Redirection…')).toBeVisible();
    });
  });
}
