import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { updateSession } from '../../../lib/session-store.ts';
import { makeMe, makeUser } from '../../../test/fixtures.ts';
import { json, mockFetch, pathOf, problem, type RecordedCall } from '../../../test/http.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { reloadPreferences, updatePreferences } from '../../preferences/index.ts';
import { editHistory, recordEdit, setEditWriter, type Fields } from '../edit-history.ts';

let calls: RecordedCall[] = [];

function signedIn(path: string) {
  updateSession({
    token: 'tok-1',
    sessionId: 'sess-1',
    sessionExpiry: '2999-01-01T00:00:00.000Z',
    user: makeUser(),
  });
  calls = mockFetch((call) => {
    if (pathOf(call) === '/auth/me') return json(makeMe());
    if (pathOf(call) === '/preferences') return json(makeMe().preferences);
    return problem(404, 'not_found');
  });
  return renderApp(path);
}

// Lazy screens load through dynamic imports: generous waits, the machine may be busy.
const heading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 5_000 });

beforeEach(() => {
  reloadPreferences();
  editHistory.clear();
});

describe('global shortcuts in the shell', { timeout: 20_000 }, () => {
  it('g then a key goes to its screen, ? opens the help, n p the new project page', async () => {
    const { router } = signedIn('/shortcuts');
    await heading('Raccourcis clavier');
    await userEvent.keyboard('gm');
    await heading('Mon profil');
    await userEvent.keyboard('np');
    await heading('Nouveau projet');
    expect(router.state.location.pathname).toBe('/projects/new');
    // Esc leaves a screen that is only a form (the name field has the focus: take it out first).
    act(() => (document.activeElement as HTMLElement).blur());
    await userEvent.keyboard('{Escape}');
    await heading('Mon profil');
    await userEvent.keyboard('?');
    await heading('Raccourcis clavier');
  });

  it("/ puts the cursor in the shell's 'Rechercher', even on a screen with a filter field of its own", async () => {
    signedIn('/shortcuts');
    await heading('Raccourcis clavier');
    await userEvent.keyboard('/');
    expect(screen.getByRole('combobox', { name: 'Rechercher' })).toHaveFocus();
  });

  it('Esc on a form screen opened directly goes to the dashboard', async () => {
    const { router } = signedIn('/projects/board/new');
    await heading('Nouveau projet en kanban');
    act(() => (document.activeElement as HTMLElement).blur());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('ignores keys typed into a field, and single keys once the person switched them off', async () => {
    const { router } = signedIn('/shortcuts');
    await heading('Raccourcis clavier');
    const search = screen.getByRole('searchbox', { name: 'Rechercher un raccourci' });
    await userEvent.type(search, 'gm');
    expect(search).toHaveValue('gm');
    expect(router.state.location.pathname).toBe('/shortcuts');

    search.blur();
    act(() => updatePreferences({ singleKeyShortcuts: false }));
    expect(await screen.findByText(/Les raccourcis à une touche sont désactivés/)).toBeInTheDocument();
    await userEvent.keyboard('gm?');
    expect(router.state.location.pathname).toBe('/shortcuts');
    // Ctrl+K is no single key: it still opens the palette.
    await userEvent.keyboard('{Control>}k{/Control}');
    expect(
      await screen.findByRole('combobox', { name: 'Rechercher une commande, un projet ou une tâche' }),
    ).toBeInTheDocument();
  });

  it('Ctrl+Z writes the recorded fields back through the registered writer, Ctrl+Shift+Z again', async () => {
    signedIn('/shortcuts');
    await heading('Raccourcis clavier');
    // The shell's offline engine opens after the first paint and registers its own writer (its first pull
    // says it is open): let it, then put this test's writer in its place.
    await waitFor(() => expect(calls.some((call) => pathOf(call).startsWith('/sync/changes'))).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    await userEvent.keyboard('{Control>}z{/Control}');
    expect(await screen.findByText('Rien à annuler.')).toBeInTheDocument();

    const writes: Array<[string, string, Fields]> = [];
    const unregister = setEditWriter(async (entity, id, fields) => {
      writes.push([entity, id, fields]);
    });
    recordEdit({ entity: 'task', id: 't1', before: { title: 'Avant' }, after: { title: 'Après' } });
    await userEvent.keyboard('{Control>}z{/Control}');
    expect(await screen.findByText('Modification annulée.')).toBeInTheDocument();
    await userEvent.keyboard('{Control>}{Shift>}Z{/Shift}{/Control}');
    expect(await screen.findByText('Modification rétablie.')).toBeInTheDocument();
    await waitFor(() =>
      expect(writes).toEqual([
        ['task', 't1', { title: 'Avant' }],
        ['task', 't1', { title: 'Après' }],
      ]),
    );
    unregister();
  });

  it('filters the help list by action or key, ignoring accents', async () => {
    signedIn('/shortcuts');
    await heading('Raccourcis clavier');
    const search = screen.getByRole('searchbox', { name: 'Rechercher un raccourci' });
    await userEvent.type(search, 'activite');
    expect(screen.getAllByRole('row')).toHaveLength(2);
    expect(screen.getByRole('row', { name: 'g puis a Aller à l’activité' })).toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, 'rien de tel');
    expect(screen.getByText('Aucun raccourci ne correspond à cette recherche.')).toBeInTheDocument();
  });
});
