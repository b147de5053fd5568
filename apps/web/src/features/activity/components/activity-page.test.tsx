import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ActivityEntry } from '@jalon/contract';
import { updateSession } from '../../../lib/session-store.ts';
import { makeMe, makeUser } from '../../../test/fixtures.ts';
import { json, mockFetch, pathOf, problem } from '../../../test/http.ts';
import { renderApp } from '../../../test/render-app.tsx';

const entry = (id: number, overrides: Partial<ActivityEntry>): ActivityEntry => ({
  id: String(id),
  createdAt: '2030-01-15T09:00:00.000Z',
  type: 'project.created',
  actor: { id: 'user-2', name: 'Bruno' },
  details: 'Projet créé : Refonte',
  target: { kind: 'project', id: 'p1', projectId: 'p1' },
  ...overrides,
});

describe('/activity', { timeout: 20_000 }, () => {
  it('lists the entries with links, filters by person and project, and loads the next page', async () => {
    updateSession({
      token: 'tok-1',
      sessionId: 'sess-1',
      sessionExpiry: '2999-01-01T00:00:00.000Z',
      user: makeUser(),
    });
    const calls = mockFetch((call) => {
      const path = pathOf(call);
      if (path === '/auth/me') return json(makeMe());
      if (path === '/activity/people') return json([{ id: 'user-2', name: 'Bruno' }]);
      if (path === '/projects') return json([]);
      if (path.startsWith('/activity?')) {
        const params = new URL(path, 'http://x').searchParams;
        if (params.get('before') === '5') {
          return json({
            items: [
              entry(4, {
                type: 'project.deleted',
                details: 'Projet supprimé : Ancien',
                target: { kind: 'project', id: 'p0', projectId: 'p0' },
              }),
            ],
            nextCursor: null,
          });
        }
        return json({
          items: [
            entry(6, {
              type: 'task.created',
              details: 'Tâche créée : Maquettes',
              target: { kind: 'task', id: 't1', projectId: 'p1' },
            }),
            entry(5, { actor: { id: null, name: null } }),
          ],
          nextCursor: '5',
        });
      }
      return problem(404, 'not_found');
    });
    renderApp('/activity');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Activité' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Activité' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('Bruno a créé une tâche : Tâche créée : Maquettes'),
      expect.stringContaining('Système a créé un projet : Projet créé : Refonte'),
    ]);
    expect(screen.getByRole('link', { name: 'Tâche créée : Maquettes' })).toHaveAttribute(
      'href',
      '/tasks/t1',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Afficher plus' }));
    expect(await screen.findByText(/Projet supprimé : Ancien/)).toBeInTheDocument();
    // A deleted project has no page to open.
    expect(screen.queryByRole('link', { name: 'Projet supprimé : Ancien' })).not.toBeInTheDocument();

    await userEvent.selectOptions(await screen.findByLabelText('Personne'), 'Bruno');
    await waitFor(() =>
      expect(
        calls.some(
          (call) => pathOf(call).startsWith('/activity?') && pathOf(call).includes('actorId=user-2'),
        ),
      ).toBe(true),
    );
  });
});
