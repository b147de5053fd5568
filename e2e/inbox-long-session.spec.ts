import { randomUUID } from 'node:crypto';
import { request as apiRequest, type Page } from '@playwright/test';
import { createMember, userIdOf } from './support/members.ts';
import { startOwnServer } from './support/own-server.ts';
import { expect, expectDashboard, signIn, test } from './support/test.ts';
import { apiAs, uniqueName } from './support/work.ts';

// a-working-day.spec.ts's promise on the inbox, with the window shrunk to its smallest: on a server of
// the journey's own with SESSION_IDLE_MINUTES=1, a session kept in use for longer than that minute still
// has its stream, so the bell's count goes up live, on the page's first stream and on the one a reload
// opens past the window.

const indicator = (page: Page) => page.getByRole('status', { name: 'État de la connexion' });
const UNREAD = (count: number) => `Notifications, ${count} non lue${count > 1 ? 's' : ''}`;

test('the bell’s count still goes up live after a 1-minute idle window has passed, before and after a reload', async ({
  page,
}) => {
  test.setTimeout(4 * 60_000);
  const id = randomUUID().slice(0, 8);
  const server = await startOwnServer(
    { email: `admin-cloche-${id}@e2e.test`, password: 'Jalon admin cloche 2026!' },
    { env: { SESSION_IDLE_MINUTES: '1' } },
  );
  const api = await apiRequest.newContext({ baseURL: server.baseURL });
  try {
    const alice = await createMember(api);
    const bob = await createMember(api);
    const bobId = await userIdOf(api, bob);
    const project = await (
      await apiAs(api, alice)
    ).createProject({ name: uniqueName('Salon'), description: '' });
    // Alice signs in for each: her own sessions idle out within the minute too.
    const assignBob = async (title: string) =>
      (await apiAs(api, alice)).createTask({
        title: uniqueName(title),
        project: project.id,
        assignee: bobId,
      });

    const streamAnswers: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/events')) streamAnswers.push(response.status());
    });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.baseURL}/login`);
    await signIn(page, bob);
    await expectDashboard(page, bob);
    const signedIn = Date.now();
    await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

    // In use, not idle: a screen that asks the server every 20 s, through the sidebar (no reload), until
    // the minute counted from the sign-in is well past.
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    const screens = ['Sécurité', 'Dashboard'];
    for (let step = 0; Date.now() - signedIn < 75_000; step += 1) {
      await nav.getByRole('link', { name: screens[step % screens.length]! }).click();
      await expect(indicator(page)).toHaveText('En ligne');
      await page.waitForTimeout(20_000);
    }

    await assignBob('Imprimer les badges');
    await expect(page.getByRole('button', { name: UNREAD(1) })).toBeVisible();

    // A new stream, opened past the window, hears the next one too.
    await page.reload();
    await expect(indicator(page)).toHaveText('En ligne');
    await assignBob('Réserver le traiteur');
    await expect(page.getByRole('button', { name: UNREAD(2) })).toBeVisible();
    await expect(page).not.toHaveURL(/\/login/);
    expect(streamAnswers.length).toBeGreaterThan(1);
    expect(streamAnswers.every((status) => status === 200)).toBe(true);
  } finally {
    // The page first: a page still open would see its server go and say so in its console.
    await page.close();
    await api.dispose();
    await server.stop();
  }
});
