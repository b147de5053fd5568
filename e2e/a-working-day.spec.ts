import { randomUUID } from 'node:crypto';
import { request as apiRequest, type Page } from '@playwright/test';
import { createMember } from './support/members.ts';
import { startOwnServer } from './support/own-server.ts';
import { expect, expectDashboard, signIn, test } from './support/test.ts';
import { apiAs, uniqueName } from './support/work.ts';

// Issue 32: a session in use keeps its live stream past its idle window. Its 9 minutes run in a worker
// of their own (a project of its own in playwright.config.ts), beside the other journeys' two.

const indicator = (page: Page) => page.getByRole('status', { name: 'État de la connexion' });

// A day compressed: SESSION_IDLE_MINUTES=6 on a server of the journey's own (the shared one keeps its
// 30 minutes), a person moving through screens for 8 minutes, most of them read from the device's copy,
// then a reload: the stream still opens, and a colleague's change arrives without another reload. It
// waits in real time (that is the point); it runs in its own file so the other journeys go on beside it.
test.describe('a session in use past its idle window', () => {
  test.describe.configure({ timeout: 14 * 60_000 });
  // A step that cannot happen fails at once, not at the end of the 14 minutes.
  test.use({ actionTimeout: 15_000 });

  test('keeps its live stream for 8 minutes with a 6-minute idle window, across a reload', async ({
    page,
  }) => {
    const id = randomUUID().slice(0, 8);
    const server = await startOwnServer(
      { email: `admin-journee-${id}@e2e.test`, password: 'Jalon admin journée 2026!' },
      { env: { SESSION_IDLE_MINUTES: '6' } },
    );
    const api = await apiRequest.newContext({ baseURL: server.baseURL });
    try {
      const marie = await createMember(api);
      const paul = await createMember(api);
      const project = await (
        await apiAs(api, marie)
      ).createProject({ name: uniqueName('Journée'), description: '' });
      const title = uniqueName('Relire le cahier');
      const task = await (await apiAs(api, marie)).createTask({ title, project: project.id });

      const streamAnswers: number[] = [];
      page.on('response', (response) => {
        if (response.url().endsWith('/api/events')) streamAnswers.push(response.status());
      });
      await page.goto(`${server.baseURL}/login`);
      await signIn(page, marie);
      await expectDashboard(page, marie);

      // Screens read from the device's copy (no server call of their own), as a person moves through
      // them, and /security, which asks the server each time: its answers, less than a minute apart,
      // keep the session's expiry ahead of the page's 5-minute refresh lead, so the page never refreshes
      // the session (which also set the cookie again): only the session's own sliding expiry counts.
      const nav = page.getByRole('navigation', { name: 'Navigation principale' });
      const security = async () => nav.getByRole('link', { name: 'Sécurité' }).click();
      const screens = [
        async () => nav.getByRole('link', { name: 'Projets' }).click(),
        // The journey's own server holds this one project: its card's 'Ouvrir'.
        async () => page.getByRole('link', { name: 'Ouvrir' }).first().click(),
        security,
        async () => nav.getByRole('link', { name: 'Tâches' }).click(),
        async () => page.getByRole('group', { name: 'Vue' }).getByRole('button', { name: 'Kanban' }).click(),
        security,
      ];
      const started = Date.now();
      let reloaded = false;
      for (let step = 0; Date.now() - started < 8 * 60_000; step += 1) {
        await screens[step % screens.length]!();
        // Past the 6-minute window counted from the sign-in, a reload opens a new stream.
        if (!reloaded && Date.now() - started > 7 * 60_000) {
          await page.reload();
          reloaded = true;
        }
        await expect(indicator(page)).toHaveText('En ligne');
        // Reading the screen.
        await page.waitForTimeout(15_000);
      }
      expect(reloaded).toBe(true);
      await expect(page).not.toHaveURL(/\/login/);
      expect(streamAnswers.length).toBeGreaterThan(1);
      expect(streamAnswers.every((status) => status === 200)).toBe(true);
      await expect(page.getByText(/^Dernière synchro : il y a \d+ [smhj]$/)).toBeVisible();

      // A colleague renames the task from their own device; it shows here without a reload.
      await nav.getByRole('link', { name: 'Tâches' }).click();
      await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
      const renamed = uniqueName('Relu par Paul');
      const sent = Date.now();
      await (await apiAs(api, paul)).updateTask(task.id, { title: renamed });
      await expect(page.getByText(renamed, { exact: true }).first()).toBeVisible();
      // Recorded, not asserted (timings belong to bench/); the issue asks for 2 s.
      test.info().annotations.push({ type: 'delay', description: `shown after ${Date.now() - sent} ms` });
    } finally {
      // The page first: a page still open would see its server go and say so in its console.
      await page.close();
      await api.dispose();
      await server.stop();
    }
  });
});
