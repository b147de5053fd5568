import type { Page } from '@playwright/test';
import { databases, keptValue, revokeFromElsewhere, storedUserId } from './support/device-copy.ts';
import { createMember, userIdOf } from './support/members.ts';
import { expect, expectDashboard, signIn, test } from './support/test.ts';
import { apiAs, uniqueName } from './support/work.ts';

// session-live.spec.ts's promise on the newest screens: a page left open on the inbox, or on a task's
// page with its sub-tasks, while its session is revoked from another device, leaves for the sign-in screen
// within seconds and the device's copy (the inbox kept beside the tasks included) is wiped.

const EXPIRED = 'Session expirée. Veuillez vous reconnecter.';

/** Waits for the page's live stream: only through it can a revocation reach a page nobody touches. */
const streamOpened = (page: Page) =>
  page.waitForResponse((response) => response.url().endsWith('/api/events') && response.status() === 200);

/** Revoked elsewhere: the page leaves by itself, says why once, and its copy is gone. */
async function expectSignedOutAndWiped(page: Page, userId: string) {
  await expect(page).toHaveURL(/\/login\?expired=true$/, { timeout: 5_000 });
  await expect.poll(() => databases(page), { timeout: 5_000 }).not.toContain(`jalon:${userId}`);
  await expect(page.getByRole('status').filter({ hasText: EXPIRED })).toHaveCount(1);
  await expect(page.getByRole('alert')).toHaveCount(0);
}

test('an inbox left open on /notifications leaves, its offline copy wiped, when its session is revoked elsewhere', async ({
  page,
  request,
  member: bob,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const alice = await createMember(request, { username: uniqueName('Alice') });
  const api = await apiAs(request, alice);
  const project = await api.createProject({ name: uniqueName('Salon'), description: '' });
  const task = await api.createTask({
    title: uniqueName('Imprimer les badges'),
    project: project.id,
    assignee: await userIdOf(request, bob),
  });
  await signIn(page, bob);
  await expectDashboard(page, bob);
  const stream = streamOpened(page);
  await page.goto('/notifications');
  await stream;
  await expect(
    page.getByRole('link', { name: new RegExp(`vous a assigné « ${task.title} »`) }),
  ).toBeVisible();
  const userId = (await storedUserId(page))!;
  // The inbox is on the device, beside the copy of the tasks, before the revocation.
  await expect
    .poll(
      async () => ((await keptValue(page, userId, 'notifications')) as { items?: unknown[] })?.items?.length,
    )
    .toBe(1);

  await revokeFromElsewhere(request, bob);
  await expectSignedOutAndWiped(page, userId);
});

test('a task page with its sub-tasks left open leaves, its offline copy wiped, when its session is revoked elsewhere', async ({
  page,
  request,
  member,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const api = await apiAs(request, member);
  const project = await api.createProject({ name: uniqueName('Stand'), description: '' });
  const parent = await api.createTask({ title: uniqueName('Monter le stand'), project: project.id });
  const step = await api.createTask({ title: 'Réserver le camion', project: project.id, parent: parent.id });
  await signIn(page, member);
  await expectDashboard(page, member);
  const stream = streamOpened(page);
  await page.goto(`/tasks/${parent.id}`);
  await stream;
  const section = page.getByRole('region', { name: /Sous-tâches/ });
  await expect(section.getByRole('checkbox', { name: `« ${step.title} » terminée` })).toBeVisible();
  const userId = (await storedUserId(page))!;
  await expect.poll(() => databases(page)).toContain(`jalon:${userId}`);

  await revokeFromElsewhere(request, member);
  await expectSignedOutAndWiped(page, userId);
});
