// Issue 14's passkey journey in Chromium, with the DevTools protocol's virtual authenticator standing in
// for a USB key: a member with 2FA adds a passkey from the 2FA tab, signs out, signs in with the
// passkey instead of a code, and removes it. Axe checks the tab with a passkey listed, light and dark.
// And a passkey alone (decision 0037): the administrator's first sign-in enrols with a key only, signs
// out, and signs in with it.
//
// Browsers refuse an IP address as the relying party, so this file runs its own server whose public
// URL names `localhost` (support/own-server.ts).
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { chooseScheme, expectNoViolations, expectNoViolationsInBothSchemes } from './support/axe.ts';
import { createMember, enrolTwoFactor, totpCode } from './support/members.ts';
import { startOwnServer, type OwnServer } from './support/own-server.ts';
import { clickSignOut, expect, signIn, test as base } from './support/test.ts';

const test = base.extend<object, { ownServer: OwnServer }>({
  ownServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const id = randomUUID().slice(0, 8);
      const server = await startOwnServer(
        { email: `admin-${id}@e2e.test`, password: 'Jalon admin passkeys 2026!' },
        { publicHost: 'localhost' },
      );
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  baseURL: async ({ ownServer }, use) => use(ownServer.baseURL),
});

const STEP = 30_000;

// One worker, so one private server serves both screen sizes.
test.describe.configure({ mode: 'serial' });

/** A USB security key as Chromium's WebAuthn domain emulates it: it answers at once, PIN verified. */
async function plugInSecurityKey(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'usb',
      hasResidentKey: false,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

const passkeyList = (page: Page) => page.getByRole('list', { name: 'Vos clés d’accès' });

for (const viewport of [
  { name: '1440 px', size: { width: 1440, height: 900 }, touch: false },
  { name: '360 px (touch)', size: { width: 360, height: 780 }, touch: true },
]) {
  test.describe(`passkeys at ${viewport.name}`, () => {
    test.use({ viewport: viewport.size, hasTouch: viewport.touch, isMobile: viewport.touch });

    test('adds a passkey, signs in with it instead of a code, and removes it', async ({
      page,
      request,
      allowFailedRequest,
    }) => {
      test.setTimeout(90_000);
      const member = await createMember(request);
      // Codes of three consecutive steps: enrolment (t-1), adding (t), removing (t+1).
      const now = Date.now();
      const { secret, backupCodes } = await enrolTwoFactor(request, member, now - STEP);
      const key = await plugInSecurityKey(page);

      await test.step('signs in with a backup code and adds a named passkey with a current code', async () => {
        await signIn(page, member);
        await page.getByLabel('Code de vérification ou code de secours').fill(backupCodes[0]!);
        await page.getByRole('button', { name: 'Vérifier' }).click();
        await expect(page).toHaveURL(/\/dashboard$/);
        await page.goto('/security');
        await expect(page.getByRole('heading', { name: 'Clés d’accès' })).toBeVisible();
        await expect(page.getByText('Aucune clé d’accès enregistrée.')).toBeVisible();

        // Nothing is sent without a name and a full code.
        await page.getByRole('button', { name: 'Ajouter une clé d’accès' }).click();
        await expect(page.getByText('Donnez un nom à la clé (64 caractères au plus).')).toBeVisible();
        await expect(page.getByText('Saisissez les 6 chiffres du code.')).toBeVisible();

        await page.getByLabel('Nom de la clé').fill('Clé USB bleue');
        await page.getByLabel('Code à 6 chiffres pour confirmer').fill(totpCode(secret, now));
        await page.getByRole('button', { name: 'Ajouter une clé d’accès' }).click();
        await expect(page.getByText('Clé d’accès « Clé USB bleue » ajoutée.')).toBeVisible();
        await expect(passkeyList(page).getByRole('listitem')).toHaveCount(1);
        await expect(passkeyList(page)).toContainText('Clé USB bleue');
        await expect(passkeyList(page)).toContainText('Jamais utilisée');
        expect(await key.credentials()).toHaveLength(1);
      });

      if (!viewport.touch) {
        await test.step('the 2FA tab with a passkey passes axe in light and dark', async () => {
          await expectNoViolationsInBothSchemes(page, '2FA tab with a passkey');
        });
      } else {
        await test.step('the section fits the narrow screen', async () => {
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow).toBeLessThanOrEqual(0);
          await expectNoViolations(page, '2FA tab with a passkey (360 px)');
        });
      }

      await test.step('signs out, then signs in with the passkey instead of a code', async () => {
        await clickSignOut(page);
        await expect(page).toHaveURL(/\/login$/);
        await signIn(page, member);
        await expect(page.getByLabel('Code de vérification ou code de secours')).toBeVisible();
        await page.getByRole('button', { name: 'Utiliser une clé d’accès' }).click();
        await expect(page).toHaveURL(/\/dashboard$/);
      });

      await test.step('removes the passkey with a current code and a confirmation', async () => {
        await page.goto('/security');
        await expect(passkeyList(page)).not.toContainText('Jamais utilisée');
        await page.getByRole('button', { name: 'Supprimer la clé d’accès Clé USB bleue' }).click();
        await expect(page.getByRole('heading', { name: 'Supprimer la clé « Clé USB bleue »' })).toBeVisible();
        await page.getByLabel('Code pour supprimer la clé').fill(totpCode(secret, now + STEP));
        await page.getByRole('button', { name: 'Supprimer la clé', exact: true }).click();
        const dialog = page.getByRole('alertdialog', { name: 'Supprimer cette clé d’accès ?' });
        await expect(dialog).toContainText('Elle ne permettra plus de vous connecter.');
        await dialog.getByRole('button', { name: 'Oui, supprimer' }).click();
        await expect(page.getByText('Clé d’accès supprimée.')).toBeVisible();
        await expect(page.getByText('Aucune clé d’accès enregistrée.')).toBeVisible();
      });

      await test.step('without a passkey, the sign-in step says so and still takes a code', async () => {
        await clickSignOut(page);
        await signIn(page, member);
        allowFailedRequest(404, /\/api\/auth\/passkey-options$/);
        await page.getByRole('button', { name: 'Utiliser une clé d’accès' }).click();
        await expect(page.getByText('Aucune clé d’accès n’est enregistrée pour ce compte.')).toBeVisible();
        await page.getByLabel('Code de vérification ou code de secours').fill(backupCodes[1]!);
        await page.getByRole('button', { name: 'Vérifier' }).click();
        await expect(page).toHaveURL(/\/dashboard$/);
      });
    });
  });
}

test.describe('a passkey alone as the administrator’s second factor', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the first sign-in enrols with a passkey only, signs out, and signs in with the passkey', async ({
    page,
    ownServer,
  }) => {
    test.setTimeout(90_000);
    const key = await plugInSecurityKey(page);

    await test.step('the forced enrolment offers a passkey instead of an app, and shows the backup codes', async () => {
      await signIn(page, ownServer.admin);
      await expect(page).toHaveURL(/\/security$/);
      await expect(page.getByRole('heading', { name: 'Utiliser une clé d’accès' })).toBeVisible();
      await page.getByLabel('Nom de la clé').fill('Clé de l’administrateur');
      await page.getByRole('button', { name: 'Enregistrer une clé d’accès' }).click();
      await expect(
        page.getByText(
          'Double authentification activée par votre clé d’accès. Conservez vos codes de secours en lieu sûr.',
        ),
      ).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Codes de secours' })).toBeVisible();
      expect(await key.credentials()).toHaveLength(1);
      await expectNoViolations(page, 'forced enrolment finished by a passkey');
      await page.getByRole('button', { name: 'Continuer vers le tableau de bord' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
    });

    await test.step('the 2FA tab says the keys are the second factor, with no app', async () => {
      await page.goto('/security');
      await expect(
        page.getByText(
          'La double authentification est activée avec vos clés d’accès. Vos codes de secours servent si vous perdez vos clés.',
        ),
      ).toBeVisible();
      await expect(passkeyList(page)).toContainText('Clé de l’administrateur');
      await expect(page.getByLabel('Code de secours (facultatif)')).toBeVisible();
      await expectNoViolations(page, '2FA tab with passkeys only (light)');
      // The same tab on a phone, dark: nothing overflows, axe is clean.
      await chooseScheme(page, 'dark');
      await page.setViewportSize({ width: 360, height: 780 });
      // Polled: the phone layout follows the resize a moment later (read at once on a loaded machine, the
      // overflow was once the desk layout's 78 px).
      await expect
        .poll(() =>
          page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
        )
        .toBeLessThanOrEqual(0);
      await expectNoViolations(page, '2FA tab with passkeys only (360 px, dark)');
      await page.setViewportSize({ width: 1440, height: 900 });
    });

    await test.step('signs out, then signs in with the passkey: no code field that cannot work', async () => {
      await page.getByRole('button', { name: 'Se déconnecter' }).click();
      await expect(page).toHaveURL(/\/login$/);
      await signIn(page, ownServer.admin);
      await expect(page.getByLabel('Code de secours', { exact: true })).toBeVisible();
      await expect(page.getByLabel('Code de vérification ou code de secours')).toHaveCount(0);
      await page.getByRole('button', { name: 'Utiliser une clé d’accès' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
    });
  });
});
