import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminMember, Invitation, User } from '@jalon/contract';
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
const member = (overrides: Partial<AdminMember>): AdminMember => ({
  id: 'u-camille',
  username: 'Camille Durand',
  email: 'camille@example.test',
  role: 'member',
  active: true,
  twoFactorEnabled: true,
  lastActiveAt: '2030-01-15T09:55:00.000Z',
  createdAt: '2030-01-01T00:00:00.000Z',
  ...overrides,
});

type Route = (call: RecordedCall) => Response;
const routeOf = (call: RecordedCall) => `${call.method} ${pathOf(call).split('?')[0]}`;

/** A fake API holding members and invitations; PATCH and DELETE change them as the server would. */
function serveAdmin(user: Partial<User> = ADMIN, overrides: Record<string, Route> = {}) {
  updateSession({
    token: 'tok-1',
    sessionId: 'session-1',
    sessionExpiry: '2999-01-01T00:00:00.000Z',
    user: makeUser(user),
  });
  let members = [
    member({ id: 'u-admin', username: 'Alice Admin', email: 'alice@example.test', role: 'admin' }),
    member({}),
  ];
  let invitations: Invitation[] = [
    {
      id: 'inv-1',
      email: 'dominique@example.test',
      role: 'member',
      expiresAt: '2030-01-22T10:00:00.000Z',
      createdAt: '2030-01-15T10:00:00.000Z',
    },
  ];
  const routes: Record<string, Route> = {
    'GET /auth/me': () => json(makeMe(user)),
    'GET /admin/members': () => json(members),
    'GET /admin/invitations': () => json(invitations),
    'PATCH /admin/members/u-camille': (call) => {
      members = members.map((m) =>
        m.id === 'u-camille' ? { ...m, ...(call.body as Partial<AdminMember>) } : m,
      );
      return json(members[1]);
    },
    'POST /admin/members/u-camille/reset-2fa': () => {
      members = members.map((m) => (m.id === 'u-camille' ? { ...m, twoFactorEnabled: false } : m));
      return json({ reset: true });
    },
    'POST /admin/invitations': (call) => {
      const body = call.body as { email: string; role: 'admin' | 'member' };
      const created = {
        id: 'inv-2',
        ...body,
        expiresAt: '2030-01-22T11:00:00.000Z',
        createdAt: '2030-01-15T11:00:00.000Z',
      };
      invitations = [created, ...invitations];
      return json(created, { status: 201 });
    },
    'DELETE /admin/invitations/inv-1': () => {
      invitations = invitations.filter((invitation) => invitation.id !== 'inv-1');
      return json({ revoked: true });
    },
    ...overrides,
  };
  return mockFetch((call) => routes[routeOf(call)]?.(call) ?? problem(404, 'not_found'));
}

async function openPage() {
  const view = renderApp('/admin/members');
  await screen.findByRole('heading', { level: 1, name: 'Membres' }, { timeout: 5_000 });
  return view;
}

const row = (name: RegExp) => screen.getByRole('row', { name });

describe('/admin/members', () => {
  it("lists members with role, 2FA, last activity and status; 'Membres' is in the navigation", async () => {
    serveAdmin();
    await openPage();
    const camille = await screen.findByRole('row', { name: /Camille Durand/ });
    expect(camille).toHaveTextContent('camille@example.test');
    expect(camille).toHaveTextContent('Membre');
    expect(camille).toHaveTextContent('Activée');
    expect(camille).toHaveTextContent('15/01/2030');
    expect(camille).toHaveTextContent('Actif');
    // Nobody deactivates themself: the administrator's own row offers no such button.
    expect(
      within(row(/Alice Admin \(vous\)/)).queryByRole('button', { name: 'Désactiver' }),
    ).not.toBeInTheDocument();
    const navigation = screen.getByRole('navigation', { name: 'Navigation principale' });
    expect(within(navigation).getByRole('link', { name: 'Membres' })).toHaveAttribute('aria-current', 'page');
    const invitations = await screen.findByRole('list', { name: 'Invitations en attente' });
    expect(within(invitations).getByRole('listitem', { name: 'dominique@example.test' })).toHaveTextContent(
      'Expire le 22 janvier 2030',
    );
  });

  it('deactivates a member after a confirmation, and shows them Désactivé', async () => {
    const user = userEvent.setup();
    const calls = serveAdmin();
    await openPage();
    await user.click(
      within(await screen.findByRole('row', { name: /Camille Durand/ })).getByRole('button', {
        name: 'Désactiver',
      }),
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Désactiver ce membre ?' });
    expect(dialog).toHaveTextContent('Camille Durand ne pourra plus se connecter');
    await user.click(within(dialog).getByRole('button', { name: 'Désactiver' }));
    expect(await screen.findByText('Camille Durand : modification enregistrée.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ active: false });
    await waitFor(() => expect(row(/Camille Durand/)).toHaveTextContent('Désactivé'));
    expect(within(row(/Camille Durand/)).getByRole('button', { name: 'Réactiver' })).toBeInTheDocument();
  });

  it('explains the last-administrator refusal in French', async () => {
    const user = userEvent.setup();
    serveAdmin(ADMIN, { 'PATCH /admin/members/u-camille': () => problem(409, 'last_admin') });
    await openPage();
    await user.click(
      within(await screen.findByRole('row', { name: /Camille Durand/ })).getByRole('button', {
        name: 'Nommer administrateur',
      }),
    );
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Changer le rôle' }),
    );
    expect(
      await screen.findByText(/Le dernier administrateur actif ne peut être ni rétrogradé ni désactivé\./),
    ).toBeInTheDocument();
  });

  it("resets a member's 2FA with the administrator's own code", async () => {
    const user = userEvent.setup();
    const calls = serveAdmin();
    await openPage();
    await user.click(
      within(await screen.findByRole('row', { name: /Camille Durand/ })).getByRole('button', {
        name: 'Réinitialiser la 2FA',
      }),
    );
    const form = screen.getByRole('region', { name: 'Réinitialiser la 2FA de Camille Durand' });
    await user.click(within(form).getByRole('button', { name: 'Réinitialiser' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Le code doit contenir au moins 6 caractères.');
    await user.type(within(form).getByLabelText('Votre code 2FA actuel (ou un code de secours)'), '123 456');
    await user.click(within(form).getByRole('button', { name: 'Réinitialiser' }));
    expect(await screen.findByText('2FA de Camille Durand réinitialisée.')).toBeInTheDocument();
    expect(calls.find((call) => routeOf(call) === 'POST /admin/members/u-camille/reset-2fa')?.body).toEqual({
      code: '123456',
    });
    await waitFor(() => expect(row(/Camille Durand/)).toHaveTextContent('Désactivée'));
  });

  it('invites a person and revokes an invitation', async () => {
    const user = userEvent.setup();
    const calls = serveAdmin();
    await openPage();
    await user.type(screen.getByLabelText('E-mail'), 'eve@example.test');
    await user.selectOptions(screen.getByLabelText('Rôle'), 'Administrateur');
    await user.click(screen.getByRole('button', { name: 'Envoyer l’invitation' }));
    expect(await screen.findByText('Invitation envoyée à eve@example.test.')).toBeInTheDocument();
    expect(calls.find((call) => routeOf(call) === 'POST /admin/invitations')?.body).toEqual({
      email: 'eve@example.test',
      role: 'admin',
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    const list = await screen.findByRole('list', { name: 'Invitations en attente' });
    expect(await within(list).findByRole('listitem', { name: 'eve@example.test' })).toHaveTextContent(
      'Administrateur',
    );

    await user.click(screen.getByRole('button', { name: 'Révoquer l’invitation de dominique@example.test' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Révoquer' }));
    expect(await screen.findByText('Invitation de dominique@example.test révoquée.')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(list).queryByRole('listitem', { name: 'dominique@example.test' }),
      ).not.toBeInTheDocument(),
    );
  });

  it('says when the e-mail already has an account', async () => {
    const user = userEvent.setup();
    serveAdmin(ADMIN, { 'POST /admin/invitations': () => problem(409, 'email_taken') });
    await openPage();
    await user.type(screen.getByLabelText('E-mail'), 'camille@example.test');
    await user.click(screen.getByRole('button', { name: 'Envoyer l’invitation' }));
    expect(
      await screen.findByText(
        'L’invitation n’a pas pu être envoyée : Cette adresse e-mail est déjà utilisée.',
      ),
    ).toBeInTheDocument();
  });

  it('sends a member to the dashboard and keeps Membres out of their navigation', async () => {
    const calls = serveAdmin(
      { id: 'u-camille', role: 'member' },
      { 'GET /dashboard': () => problem(404, 'not_found') },
    );
    const { router } = renderApp('/admin/members');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const navigation = await screen.findByRole('navigation', { name: 'Navigation principale' });
    expect(within(navigation).queryByRole('link', { name: 'Membres' })).not.toBeInTheDocument();
    expect(calls.some((call) => pathOf(call).startsWith('/admin/'))).toBe(false);
  });
});
