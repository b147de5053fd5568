// Issue 39's webhooks in Chromium: an administrator adds a webhook on 'Intégrations' (the secret shown
// once), a task is edited, and the delivery shows in 'Journal des envois' once the receiver this test
// runs has it, signed. Axe checks 'Intégrations' with its journal at 360 px (touch) and 1440 px, light
// and dark.
//
// The administrator needs 2FA (own-server.ts says why this file runs its own server), and the receiver
// listens on 127.0.0.1, which the server sends to only with WEBHOOK_ALLOW_PRIVATE.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { enrolledAdmin, signInAdmin, type EnrolledAdmin } from './support/admin.ts';
import { expectNoViolationsInBothSchemes } from './support/axe.ts';
import { createMember } from './support/members.ts';
import { startOwnServer, type OwnServer } from './support/own-server.ts';
import { apiAs, uniqueName } from './support/work.ts';
import { expect, test as base } from './support/test.ts';

interface Receiver {
  url: string;
  received: Array<{ headers: http.IncomingHttpHeaders; body: string }>;
}

const test = base.extend<object, { ownServer: OwnServer; admin: EnrolledAdmin; receiver: Receiver }>({
  ownServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const id = randomUUID().slice(0, 8);
      const server = await startOwnServer(
        { email: `admin-${id}@e2e.test`, password: 'Jalon admin intégrations 2026!' },
        { env: { WEBHOOK_ALLOW_PRIVATE: 'true' } },
      );
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  admin: [async ({ ownServer }, use) => use(await enrolledAdmin(ownServer)), { scope: 'worker' }],
  receiver: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const received: Receiver['received'] = [];
      const server = http.createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          received.push({ headers: request.headers, body: Buffer.concat(chunks).toString() });
          response.writeHead(204).end();
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      await use({ url: `http://127.0.0.1:${port}/jalon`, received });
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ ownServer }, use) => use(ownServer.baseURL),
});

// In one worker, in order: the file's own server (a worker fixture) then starts once, where two workers
// sharing its tests would each start one, a server start costing more than the tests it spares.
test.describe.configure({ mode: 'default' });

test.describe('webhooks, at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("an administrator adds a webhook, edits a task, and sees the delivery in 'Journal des envois'", async ({
    page,
    request,
    admin,
    receiver,
  }) => {
    test.setTimeout(90_000);
    // A member's project and task, which the administrator then edits on screen.
    const api = await apiAs(request, await createMember(request));
    const project = await api.createProject({ name: uniqueName('Intégration continue'), description: '' });
    const task = await api.createTask({ title: uniqueName('Publier la version'), project: project.id });

    await signInAdmin(page, admin);
    await page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: 'Intégrations' })
      .click();
    await expect(page).toHaveURL(/\/admin\/integrations$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Intégrations' })).toBeVisible();

    const form = page.getByRole('form', { name: 'Ajouter un webhook' });
    await form.getByLabel(/^URL/).fill(receiver.url);
    // 'Tâche créée' and 'Tâche modifiée' are ticked by default; this one wants the modifications only.
    await form.getByRole('checkbox', { name: 'Tâche créée' }).uncheck();
    await expect(form.getByRole('checkbox', { name: 'Tâche modifiée' })).toBeChecked();
    await form.getByLabel('Description').fill('Chaîne de publication');
    await form.getByRole('button', { name: 'Ajouter le webhook' }).click();
    await expect(page.getByText('Copiez-le maintenant : il ne sera plus affiché.')).toBeVisible();
    await expect(page.getByText(/^whsec_/)).toBeVisible();
    const item = page.getByRole('listitem').filter({ hasText: receiver.url });
    await expect(item).toContainText('Actif');
    await expect(item).toContainText('Tâche modifiée');

    // The administrator edits the task on its page: the change goes out through the outbox.
    await page.goto(`/tasks/${task.id}`);
    await page
      .getByRole('combobox', { name: `Statut de « ${task.title} »` })
      .selectOption({ label: 'En cours' });
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBeGreaterThan(0);
    const body = JSON.parse(receiver.received[0]!.body);
    expect(body).toMatchObject({ type: 'task.updated', data: { id: task.id, status: 'in_progress' } });
    expect(receiver.received[0]!.headers['webhook-signature']).toMatch(/^v1,/);

    await page.goto('/admin/integrations');
    await page
      .getByRole('listitem')
      .filter({ hasText: receiver.url })
      .getByRole('button', { name: 'Journal des envois' })
      .click();
    const journal = page.getByRole('region', { name: 'Journal des envois' });
    const row = journal.getByRole('row', { name: /Tâche modifiée/ });
    await expect(row).toContainText('Envoyé');
    await expect(row).toContainText('204');
    await row.getByRole('button', { name: 'Renvoyer' }).click();
    await expect(journal.getByText(/L’envoi est remis en file/)).toBeVisible();
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(2);
    // The same message again: a receiver that has seen this webhook-id drops it.
    expect(receiver.received[1]!.headers['webhook-id']).toBe(receiver.received[0]!.headers['webhook-id']);
  });
});

const SIZES = [
  { label: '360 px (touch)', use: { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true } },
  { label: '1440 px', use: { viewport: { width: 1440, height: 900 } } },
] as const;

for (const size of SIZES) {
  test.describe(`'Intégrations', axe in light and dark, ${size.label}`, () => {
    test.use(size.use);

    test("a double click adds one webhook; the list, the secret shown once and 'Journal des envois'", async ({
      page,
      admin,
      receiver,
    }) => {
      test.setTimeout(90_000);
      await signInAdmin(page, admin);
      await page.goto('/admin/integrations');
      await expect(page.getByRole('heading', { level: 1, name: 'Intégrations' })).toBeVisible();
      const url = `${receiver.url}?${randomUUID().slice(0, 8)}`;
      const form = page.getByRole('form', { name: 'Ajouter un webhook' });
      await form.getByLabel(/^URL/).fill(url);
      // A double click (or tap) adds one webhook, not two.
      await form.getByRole('button', { name: 'Ajouter le webhook' }).dblclick();
      await expect(page.getByText('Copiez-le maintenant : il ne sera plus affiché.')).toBeVisible();
      await expectNoViolationsInBothSchemes(page, `'Intégrations' with the secret (${size.label})`);
      await expect(page.getByRole('listitem').filter({ hasText: url })).toHaveCount(1);
      await page
        .getByRole('listitem')
        .filter({ hasText: url })
        .getByRole('button', { name: 'Journal des envois' })
        .click();
      await expect(page.getByRole('region', { name: 'Journal des envois' })).toBeVisible();
      await expectNoViolationsInBothSchemes(page, `'Journal des envois' (${size.label})`);
      // Read again from the server: still one.
      await page.reload();
      await expect(page.getByRole('listitem').filter({ hasText: url })).toHaveCount(1);
    });
  });
}
