import type { Page } from '@playwright/test';
import { expectNoViolationsInBothSchemes } from './support/axe.ts';
import type { Member } from './support/members.ts';
import { expect, expectDashboard, signIn, test } from './support/test.ts';

// Issue 39: on /me a person makes a personal access token, shown once, that a script then uses with
// `Authorization: Bearer`; the list says when it was last used; once revoked it answers 401. The
// calendar feed's address is made, read as a calendar app would, and revoked. Axe at 1440 px and at
// 360 px touch, light and dark.

async function openMe(page: Page, member: Member) {
  await page.emulateMedia({ colorScheme: 'light' });
  await signIn(page, member);
  await expectDashboard(page, member);
  await page.goto('/me');
  await expect(page.getByRole('heading', { level: 1, name: 'Mon profil' })).toBeVisible();
}

/**
 * Makes a token on /me and reads it from the field it is shown in, once. `press` is how the button is
 * pressed: a double click makes one token too.
 */
async function createToken(
  page: Page,
  name: string,
  scope: 'Lecture seule' | 'Lecture et écriture',
  press: 'click' | 'dblclick' = 'click',
) {
  const section = page.getByRole('region', { name: 'Jetons d’accès' });
  await section.getByLabel(/Nom du jeton/).fill(name);
  await section.getByLabel('Droits').selectOption({ label: scope });
  await section.getByLabel('Expiration').selectOption({ label: '30 jours' });
  await section.getByRole('button', { name: 'Créer le jeton' })[press]();
  await expect(section.getByText('Copiez-le maintenant : il ne sera plus affiché.')).toBeVisible();
  const token = await section.getByLabel('Nouveau jeton').inputValue();
  expect(token).toMatch(/^jalon_pat_[A-Za-z0-9_-]{43}$/);
  return token;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

test.describe('access tokens and the calendar feed at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a token made on /me works from a script until it is revoked; the feed is made, read and revoked', async ({
    page,
    request,
    member,
  }) => {
    test.setTimeout(75_000);
    await openMe(page, member);
    const section = page.getByRole('region', { name: 'Jetons d’accès' });
    await expect(section.getByText('Aucun jeton d’accès.')).toBeVisible();
    const token = await createToken(page, 'Intégration continue', 'Lecture et écriture');
    await expectNoViolationsInBothSchemes(page, '/me, a token just made (1440 px)');

    // --- The script: reads and writes with the token, never signs in.
    const projects = await request.get('/api/projects', { headers: bearer(token) });
    expect(projects.status()).toBe(200);
    const created = await request.post('/api/projects', {
      headers: bearer(token),
      data: { name: 'Créé par un script', description: '', deadline: '2027-06-30T23:59:59.999Z' },
    });
    expect(created.status()).toBe(201);
    // The security routes stay closed to it.
    expect((await request.get('/api/me/tokens', { headers: bearer(token) })).status()).toBe(403);

    // --- Shown once: after a reload the list has it, with its last use, and not the token.
    await page.reload();
    const item = section.getByRole('listitem').filter({ hasText: 'Intégration continue' });
    await expect(item.getByText(/^Dernière utilisation : /)).toBeVisible();
    await expect(page.getByLabel('Nouveau jeton')).toHaveCount(0);

    // --- Revoked: the script is refused.
    await section.getByRole('button', { name: 'Révoquer le jeton « Intégration continue »' }).click();
    const dialog = page.getByRole('alertdialog');
    await expectNoViolationsInBothSchemes(page, '/me, revoking a token (1440 px)');
    await dialog.getByRole('button', { name: 'Révoquer' }).click();
    await expect(section.getByText('Jeton « Intégration continue » révoqué.')).toBeVisible();
    await expect(section.getByText('Aucun jeton d’accès.')).toBeVisible();
    expect((await request.get('/api/projects', { headers: bearer(token) })).status()).toBe(401);

    // --- The calendar feed: an address shown once, read without credentials, then revoked.
    const feed = page.getByRole('region', { name: 'Flux agenda' });
    await expect(feed.getByText('Aucun flux agenda.')).toBeVisible();
    await feed.getByRole('button', { name: 'Créer l’adresse du flux' }).click();
    const url = await feed.getByLabel('Adresse du flux').inputValue();
    expect(url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    await expect(feed.getByText(/^Un flux est actif depuis le /)).toBeVisible();
    await expectNoViolationsInBothSchemes(page, '/me, a calendar feed just made (1440 px)');
    const calendar = await request.get(new URL(url).pathname);
    expect(calendar.status()).toBe(200);
    expect(calendar.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    const text = await calendar.text();
    expect(text).toContain('BEGIN:VCALENDAR');
    expect(text).toContain('SUMMARY:Échéance du projet Créé par un script');

    await feed.getByRole('button', { name: 'Révoquer le flux' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Révoquer le flux' }).click();
    await expect(feed.getByText('Flux agenda révoqué.')).toBeVisible();
    expect((await request.get(new URL(url).pathname)).status()).toBe(404);
  });
});

test.describe('access tokens at 360 px touch', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test('a read-only token, made with a double tap, is one token that reads and is refused a write', async ({
    page,
    request,
    member,
  }) => {
    await openMe(page, member);
    const token = await createToken(page, 'Tableau de bord', 'Lecture seule', 'dblclick');
    await expectNoViolationsInBothSchemes(page, '/me, a token just made (360 px)');
    expect((await request.get('/api/tasks', { headers: bearer(token) })).status()).toBe(200);
    const write = await request.post('/api/projects', {
      headers: bearer(token),
      data: { name: 'Refusé', description: '', deadline: '2027-06-30T23:59:59.999Z' },
    });
    expect(write.status()).toBe(403);
    const feed = page.getByRole('region', { name: 'Flux agenda' });
    // A double tap makes one address: the one shown is the one that answers.
    await feed.getByRole('button', { name: 'Créer l’adresse du flux' }).dblclick();
    await expect(feed.getByLabel('Adresse du flux')).toBeVisible();
    await expectNoViolationsInBothSchemes(page, '/me, a calendar feed just made (360 px)');
    const address = new URL(await feed.getByLabel('Adresse du flux').inputValue());
    expect((await request.get(address.pathname)).status()).toBe(200);

    // The double tap made one token: the list, read again from the server, holds it once.
    await page.reload();
    const tokens = page.getByRole('region', { name: 'Jetons d’accès' }).getByRole('listitem');
    await expect(tokens.filter({ hasText: 'Tableau de bord' })).toHaveCount(1);
  });
});
