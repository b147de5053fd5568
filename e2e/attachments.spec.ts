import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { chooseScheme, expectNoViolationsInBothSchemes } from './support/axe.ts';
import type { Member } from './support/members.ts';
import { expect, expectDashboard, signIn, test } from './support/test.ts';
import { apiAs, uniqueName } from './support/work.ts';

// Issue 37, attached files on the task page: an image and a PDF attached with 'Joindre un fichier', the
// image's thumbnail made by the server, the PDF downloaded byte for byte. Axe at 360 px touch and
// 1440 px, light and dark.

// An 8 × 8 PNG (red): small enough to write here, a real image for the server's preview.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4YKmNFTEMLQkAq6xJAVajaZIAAAAASUVORK5CYII=',
  'base64',
);
// A PDF with bytes past ASCII, so a download that re-encoded anything would show.
const PDF = Buffer.from(
  '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
    '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

async function ownTask(page: Page, request: Parameters<typeof apiAs>[0], member: Member) {
  const api = await apiAs(request, member);
  const project = await api.createProject({ name: uniqueName('Salon'), description: 'Le stand' });
  const task = await api.createTask({ title: uniqueName('Stand du salon'), project: project.id });
  await page.emulateMedia({ colorScheme: 'light' });
  await signIn(page, member);
  await expectDashboard(page, member);
  return task;
}

async function attach(page: Page, name: string, mimeType: string, buffer: Buffer) {
  const files = page.getByRole('region', { name: 'Fichiers joints' });
  const chooser = page.waitForEvent('filechooser');
  await files.getByRole('button', { name: 'Joindre un fichier' }).click();
  await (await chooser).setFiles({ name, mimeType, buffer });
  await expect(files.getByRole('button', { name: `Télécharger « ${name} »` })).toBeVisible();
}

test.describe('attached files at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('attach an image and a PDF, see the thumbnail, download the PDF unchanged', async ({
    page,
    request,
    member,
  }) => {
    test.setTimeout(75_000);
    const task = await ownTask(page, request, member);
    await page.goto(`/tasks/${task.id}`);
    const files = page.getByRole('region', { name: 'Fichiers joints' });
    await expect(files.getByText('Aucun fichier joint.')).toBeVisible();

    await attach(page, 'stand.png', 'image/png', PNG);
    await attach(page, 'devis.pdf', 'application/pdf', PDF);
    await expect(files.getByRole('img', { name: 'Aperçu de « stand.png »' })).toBeVisible();
    const pdf = files.getByRole('listitem').filter({ hasText: 'devis.pdf' });
    await expect(pdf).toContainText(`${PDF.length} octets · par ${member.username}, le`);
    await expect(files.getByRole('img', { name: /devis\.pdf/ })).toHaveCount(0);
    await expectNoViolationsInBothSchemes(page, 'task page with files (1440 px)');

    const download = page.waitForEvent('download');
    await files.getByRole('button', { name: 'Télécharger « devis.pdf »' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe('devis.pdf');
    expect(fs.readFileSync((await saved.path())!).equals(PDF)).toBe(true);

    await files.getByRole('button', { name: 'Retirer « stand.png »' }).click();
    await expect(files.getByRole('img', { name: 'Aperçu de « stand.png »' })).toHaveCount(0);
  });
});

test.describe('attached files at 360 px, touch', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

  test('attach an image in dark, see its thumbnail', async ({ page, request, member }) => {
    test.setTimeout(60_000);
    const task = await ownTask(page, request, member);
    await chooseScheme(page, 'dark');
    await page.goto(`/tasks/${task.id}`);
    await attach(page, 'photo du stand.png', 'image/png', PNG);
    const files = page.getByRole('region', { name: 'Fichiers joints' });
    await expect(files.getByRole('img', { name: 'Aperçu de « photo du stand.png »' })).toBeVisible();
    await expectNoViolationsInBothSchemes(page, 'task page with files (360 px)');
  });
});
