import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { User, Webhook, WebhookDelivery } from '@jalon/contract';
import { updateSession } from '../../../lib/session-store.ts';
import { makeMe, makeUser } from '../../../test/fixtures.ts';
import { json, mockFetch, pathOf, problem, type RecordedCall } from '../../../test/http.ts';
import { renderApp } from '../../../test/render-app.tsx';

const ADMIN: Partial<User> = {
  id: 'u-admin',
  username: 'Alice Admin',
  role: 'admin',
  twoFactorEnabled: true,
};
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

const webhook = (overrides: Partial<Webhook> = {}): Webhook => ({
  id: 'wh-1',
  url: 'https://ci.example.test/jalon',
  events: ['task.updated'],
  description: 'Chaîne CI',
  enabled: true,
  disabledAt: null,
  failingSince: null,
  createdAt: '2030-01-15T09:00:00.000Z',
  ...overrides,
});
const delivery: WebhookDelivery = {
  id: 'msg_1',
  event: 'task.updated',
  status: 'delivered',
  attempts: 1,
  responseStatus: 204,
  durationMs: 42,
  error: null,
  createdAt: '2030-01-15T10:00:00.000Z',
  lastAttemptAt: '2030-01-15T10:00:01.000Z',
};

type Route = (call: RecordedCall) => Response;
const routeOf = (call: RecordedCall) => `${call.method} ${pathOf(call).split('?')[0]}`;

/** A fake API holding webhooks as the server would; `overrides` replaces a route. */
function serveWebhooks(initial: Webhook[], overrides: Record<string, Route> = {}) {
  updateSession({
    token: 'tok-1',
    sessionId: 'session-1',
    sessionExpiry: '2999-01-01T00:00:00.000Z',
    user: makeUser(ADMIN),
  });
  let webhooks = initial;
  const routes: Record<string, Route> = {
    'GET /auth/me': () => json(makeMe(ADMIN)),
    'GET /admin/webhooks': () => json(webhooks),
    'POST /admin/webhooks': (call) => {
      const created = webhook({ id: 'wh-2', ...(call.body as Partial<Webhook>) });
      webhooks = [created, ...webhooks];
      return json({ ...created, secret: SECRET }, { status: 201 });
    },
    'PATCH /admin/webhooks/wh-1': (call) => {
      const change = call.body as Partial<Webhook>;
      // Switched on again, its failures are forgotten (as the server does).
      const reset = change.enabled ? { disabledAt: null, failingSince: null } : {};
      webhooks = webhooks.map((w) => (w.id === 'wh-1' ? { ...w, ...change, ...reset } : w));
      return json(webhooks.find((w) => w.id === 'wh-1'));
    },
    'DELETE /admin/webhooks/wh-1': () => {
      webhooks = webhooks.filter((w) => w.id !== 'wh-1');
      return json({ deleted: true });
    },
    'GET /admin/webhooks/wh-1/deliveries': () => json([delivery]),
    'POST /admin/webhooks/wh-1/deliveries/msg_1/redeliver': () =>
      json({ ...delivery, status: 'pending' }, { status: 202 }),
    ...overrides,
  };
  return mockFetch((call) => routes[routeOf(call)]?.(call) ?? problem(404, 'not_found'));
}

async function openPage() {
  renderApp('/admin/integrations');
  await screen.findByRole('heading', { level: 1, name: 'Intégrations' }, { timeout: 5_000 });
}

describe('/admin/integrations', () => {
  it('adds a webhook and shows its secret once', async () => {
    const user = userEvent.setup();
    const calls = serveWebhooks([]);
    await openPage();
    expect(await screen.findByText('Aucun webhook pour l’instant.')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Ajouter un webhook' });
    await user.type(within(form).getByLabelText(/URL/), 'https://hooks.example.test/jalon');
    await user.click(within(form).getByRole('checkbox', { name: 'Projet créé' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Tâche modifiée' }));
    await user.type(within(form).getByLabelText('Description'), 'Tableau de bord');
    await user.click(within(form).getByRole('button', { name: 'Ajouter le webhook' }));

    expect(await screen.findByText('Copiez-le maintenant : il ne sera plus affiché.')).toBeInTheDocument();
    expect(screen.getByText(SECRET)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      url: 'https://hooks.example.test/jalon',
      events: ['task.created', 'project.created'],
      description: 'Tableau de bord',
    });
    await user.click(screen.getByRole('button', { name: 'J’ai copié le secret' }));
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
    const navigation = screen.getByRole('navigation', { name: 'Navigation principale' });
    expect(within(navigation).getByRole('link', { name: 'Intégrations' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('refuses a form without any event, before asking the server', async () => {
    const user = userEvent.setup();
    const calls = serveWebhooks([]);
    await openPage();
    const form = screen.getByRole('form', { name: 'Ajouter un webhook' });
    await user.type(within(form).getByLabelText(/URL/), 'https://hooks.example.test/jalon');
    for (const name of ['Tâche créée', 'Tâche modifiée'])
      await user.click(within(form).getByRole('checkbox', { name }));
    await user.click(within(form).getByRole('button', { name: 'Ajouter le webhook' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choisissez au moins un événement.');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('says in French why the server refused the target', async () => {
    const user = userEvent.setup();
    serveWebhooks([], { 'POST /admin/webhooks': () => problem(400, 'webhook_target_refused') });
    await openPage();
    const form = screen.getByRole('form', { name: 'Ajouter un webhook' });
    await user.type(within(form).getByLabelText(/URL/), 'https://10.0.0.1/hook');
    await user.click(within(form).getByRole('button', { name: 'Ajouter le webhook' }));
    expect(await screen.findByText(/les adresses locales ou privées sont refusées/)).toBeInTheDocument();
  });

  it('shows a webhook the server switched off, and switches it on again', async () => {
    const user = userEvent.setup();
    const calls = serveWebhooks([
      webhook({
        enabled: false,
        disabledAt: '2030-01-16T10:00:00.000Z',
        failingSince: '2030-01-15T10:00:00.000Z',
      }),
    ]);
    await openPage();
    expect(await screen.findByText('Désactivé le 16/01/2030 10:00 après 24 h d’échecs')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Réactiver' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ enabled: true }),
    );
    expect(await screen.findByText('Actif')).toBeInTheDocument();
  });

  it('edits and deletes a webhook after a confirmation', async () => {
    const user = userEvent.setup();
    const calls = serveWebhooks([webhook()]);
    await openPage();
    await user.click(await screen.findByRole('button', { name: 'Modifier' }));
    const form = screen.getByRole('form', { name: 'Modifier le webhook' });
    const description = within(form).getByLabelText('Description');
    await user.clear(description);
    await user.type(description, 'Nouvelle chaîne');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Nouvelle chaîne')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({
      description: 'Nouvelle chaîne',
    });

    await user.click(screen.getByRole('button', { name: 'Supprimer' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Supprimer ce webhook ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Webhook supprimé.')).toBeInTheDocument();
    expect(await screen.findByText('Aucun webhook pour l’instant.')).toBeInTheDocument();
  });

  it("opens 'Journal des envois' with status and duration, and 'Renvoyer' queues the delivery again", async () => {
    const user = userEvent.setup();
    const calls = serveWebhooks([webhook()]);
    await openPage();
    await user.click(await screen.findByRole('button', { name: 'Journal des envois' }));
    const row = await screen.findByRole('row', { name: /Tâche modifiée/ });
    expect(row).toHaveTextContent('Envoyé');
    expect(row).toHaveTextContent('204');
    expect(row).toHaveTextContent('42 ms');
    await user.click(within(row).getByRole('button', { name: 'Renvoyer' }));
    expect(await screen.findByText(/L’envoi est remis en file/)).toBeInTheDocument();
    expect(calls.some((call) => pathOf(call).endsWith('/deliveries/msg_1/redeliver'))).toBe(true);
  });
});
