import { ResolutionError, type ConflictRecord } from '@jalon/sync';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SyncEngine } from '../../../offline/sync-engine.ts';
import { fetchPullPage, sendBatch } from '../../../offline/transports.ts';
import { useWorkEngine, WorkProvider } from '../../../offline/work-context.tsx';
import { renderWorkRoute, TEST_USER_ID } from '../../../test/render-route.tsx';
import { makeProject, projectId } from '../../../test/work-fixtures.ts';
import { serveWork } from '../../../test/work-server.ts';
import { ConflictItem } from './conflict-item.tsx';
import { ConflictsPanel } from './conflicts-panel.tsx';
import { StorageNotice } from './storage-notice.tsx';
import { SyncPage } from './sync-page.tsx';

const conflict = (overrides: Partial<ConflictRecord> = {}): ConflictRecord =>
  ({
    id: 'client:1',
    entity: 'task',
    entityId: 'task-1',
    clientId: 'client',
    seq: 1,
    op: 'patch',
    reason: 'version_mismatch',
    fields: ['title'],
    serverVersion: 3,
    clientVersion: 1,
    serverData: { title: 'Changée ailleurs', status: 'in_progress' },
    clientData: { title: 'Moi' },
    originalData: { title: 'Moi' },
    resolved: false,
    ...overrides,
  }) as ConflictRecord;

describe('conflict item', () => {
  it('names what clashed and why, and shows both values of each clashing field side by side', () => {
    render(
      <ul>
        <ConflictItem conflict={conflict()} onResolve={vi.fn()} />
      </ul>,
    );
    expect(screen.getByText('Tâche « Moi »')).toBeInTheDocument();
    expect(screen.getByRole('listitem')).toHaveTextContent('Modifiée ailleurs entre-temps');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Champ',
      'Ma version',
      'Serveur',
    ]);
    expect(screen.getByRole('row', { name: 'Titre Moi Changée ailleurs' })).toBeInTheDocument();
  });

  it.each([
    ['Marquer résolu', { action: 'markResolved' }],
    ['Garder la version du serveur', { action: 'applyServer' }],
    ['Renvoyer ma version', { action: 'replayClient' }],
  ])("'%s' asks for that resolution", async (label, resolution) => {
    const onResolve = vi.fn(() => Promise.resolve());
    render(
      <ul>
        <ConflictItem conflict={conflict()} onResolve={onResolve} />
      </ul>,
    );
    await userEvent.click(screen.getByRole('button', { name: label }));
    expect(onResolve).toHaveBeenCalledWith(conflict(), resolution);
  });

  it("'Fusionner…' asks, for each clashing field, which value to keep: mine, the server's, or one typed in a field; 'Annuler' and Esc close it", async () => {
    const user = userEvent.setup();
    const onResolve = vi.fn(() => Promise.resolve());
    render(
      <ul>
        <ConflictItem conflict={conflict()} onResolve={onResolve} />
      </ul>,
    );
    await user.click(screen.getByRole('button', { name: 'Fusionner…' }));
    const title = screen.getByRole('group', { name: 'Titre' });
    expect(within(title).getByRole('radio', { name: 'Ma version : Moi' })).toBeChecked();
    expect(
      within(title).getByRole('radio', { name: 'Version du serveur : Changée ailleurs' }),
    ).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('group', { name: 'Titre' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Fusionner…' }));
    await user.click(screen.getByRole('radio', { name: 'Version du serveur : Changée ailleurs' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Titre' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Fusionner…' }));
    await user.click(screen.getByRole('radio', { name: 'Autre valeur' }));
    const typed = screen.getByRole('textbox', { name: 'Autre valeur pour Titre' });
    expect(typed).toHaveValue('Moi');
    await user.clear(typed);
    await user.type(typed, 'Les deux');
    await user.click(screen.getByRole('button', { name: 'Appliquer la fusion' }));
    expect(onResolve).toHaveBeenCalledWith(conflict(), { action: 'merge', json: '{"title":"Les deux"}' });
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Titre' })).not.toBeInTheDocument());
  });

  it('tells in French when the merge cannot be read, and keeps the form open', async () => {
    const user = userEvent.setup();
    const onResolve = vi.fn(() =>
      Promise.reject(new ResolutionError('invalid_json', 'Unexpected end of JSON input')),
    );
    render(
      <ul>
        <ConflictItem conflict={conflict()} onResolve={onResolve} />
      </ul>,
    );
    await user.click(screen.getByRole('button', { name: 'Fusionner…' }));
    await user.click(screen.getByRole('button', { name: 'Appliquer la fusion' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'JSON invalide: les valeurs fusionnées ne sont pas lisibles.',
    );
    expect(screen.getByRole('alert')).not.toHaveTextContent('Unexpected');
    expect(screen.getByRole('group', { name: 'Titre' })).toBeInTheDocument();
  });

  it("says what each way out does: 'Garder la version du serveur' drops my change, 'Marquer résolu' only files the conflict", () => {
    render(
      <ul>
        <ConflictItem conflict={conflict()} onResolve={vi.fn()} />
      </ul>,
    );
    expect(screen.getByRole('button', { name: 'Garder la version du serveur' })).toHaveAccessibleDescription(
      'Abandonne votre modification et affiche la version du serveur.',
    );
    expect(screen.getByRole('button', { name: 'Marquer résolu' })).toHaveAccessibleDescription(
      'Classe le conflit sans rien envoyer ni rien changer sur cet appareil.',
    );
  });

  it("offers 'Garder la version du serveur' only with the server's data, and shows 'Résolu' once resolved", () => {
    const { rerender } = render(
      <ul>
        <ConflictItem
          conflict={conflict({ serverData: null, reason: 'not_found', fields: [] })}
          onResolve={vi.fn()}
        />
      </ul>,
    );
    expect(screen.queryByRole('button', { name: 'Garder la version du serveur' })).not.toBeInTheDocument();
    expect(screen.getByRole('listitem')).toHaveTextContent('N’existe plus sur le serveur');
    rerender(
      <ul>
        <ConflictItem conflict={conflict({ resolved: true })} onResolve={vi.fn()} />
      </ul>,
    );
    expect(screen.getByText('Résolu')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

/** The engine the screen runs with, for a test to make edits as the screens do. */
function Grab({ onEngine }: { onEngine: (engine: SyncEngine) => void }) {
  const engine = useWorkEngine();
  useEffect(() => {
    if (engine) onEngine(engine);
  }, [engine, onEngine]);
  return null;
}

async function renderWithEngine(element: React.ReactElement, path: string) {
  let engine: SyncEngine | null = null;
  const view = renderWorkRoute(
    <>
      {element}
      <Grab onEngine={(started) => (engine = started)} />
    </>,
    path,
  );
  // vitest's waitFor keeps its own timers, so it works beside a test's fake ones.
  await vi.waitFor(() => expect(engine?.getSnapshot().ready).toBe(true));
  return { ...view, engine: engine! };
}

const rename = (engine: SyncEngine, name: string) =>
  act(() => engine.edit({ op: 'patch', entity: 'project', id: projectId(1), data: { name } }));

describe("'Conflits' panel", () => {
  it('is absent while there is no conflict, and lists an open one with its count and the full view link', async () => {
    const server = serveWork();
    const { engine } = await renderWithEngine(<ConflictsPanel />, '/dashboard');
    expect(screen.queryByRole('complementary', { name: 'Conflits' })).not.toBeInTheDocument();
    server.conflictOn(() => true, ['name']);
    await rename(engine, 'Moi');
    const panel = await screen.findByRole('complementary', { name: 'Conflits' });
    expect(panel).toHaveTextContent('1 modification en conflit à résoudre.');
    expect(within(panel).getByRole('link', { name: 'Tout voir' })).toHaveAttribute('href', '/sync');
    await userEvent.click(within(panel).getByRole('button', { name: 'Marquer résolu' }));
    await waitFor(() =>
      expect(screen.queryByRole('complementary', { name: 'Conflits' })).not.toBeInTheDocument(),
    );
  });

  it('reads the store again every 5 seconds', async () => {
    serveWork();
    const reread = vi.spyOn(SyncEngine.prototype, 'reread');
    // Only the panel's interval is faked: the engine's start and waitFor keep real time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await renderWithEngine(<ConflictsPanel />, '/dashboard');
    reread.mockClear();
    await act(() => vi.advanceTimersByTimeAsync(4_900));
    expect(reread).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(reread).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(reread).toHaveBeenCalledTimes(2);
    reread.mockRestore();
  });
});

describe('/sync page', () => {
  it('says when nothing waits and there is no conflict', async () => {
    serveWork();
    await renderWithEngine(<SyncPage />, '/sync');
    expect(screen.getByRole('heading', { level: 1, name: 'Synchronisation' })).toBeInTheDocument();
    expect(screen.getByText('Aucune modification en attente.')).toBeInTheDocument();
    expect(screen.getByText('Aucun conflit.')).toBeInTheDocument();
  });

  it("lists an unsent change with its state, 'Réessayer' after a failed send, and 'Abandonner'", async () => {
    const server = serveWork();
    const { engine } = await renderWithEngine(<SyncPage />, '/sync');
    server.failNetwork(true);
    await rename(engine, 'Hors ligne');
    const outbox = screen.getByRole('region', { name: 'Modifications en attente' });
    const item = await within(outbox).findByText('Modification · Projet « Hors ligne » : nom');
    await waitFor(() =>
      expect(within(outbox).getByRole('button', { name: 'Réessayer' })).toBeInTheDocument(),
    );
    expect(outbox).toHaveTextContent(/Nouvel essai à \d/);
    // No answer came: it may have reached the server, so it is only resent, never discarded.
    expect(item.parentElement).toHaveTextContent('Envoyée, en attente de réponse');
    expect(within(outbox).queryByRole('button', { name: /^Abandonner/ })).not.toBeInTheDocument();

    // A later change waits behind the backoff, unsent: it can be given up.
    await rename(engine, 'Abandonnée');
    const unsent = await within(outbox).findByText('Modification · Projet « Abandonnée » : nom');
    expect(unsent.parentElement).toHaveTextContent('En attente d’envoi');
    await userEvent.click(
      within(outbox).getByRole('button', { name: 'Abandonner : Modification · Projet « Abandonnée » : nom' }),
    );
    await waitFor(() =>
      expect(
        within(outbox).queryByText('Modification · Projet « Abandonnée » : nom'),
      ).not.toBeInTheDocument(),
    );

    server.failNetwork(false);
    await userEvent.click(within(outbox).getByRole('button', { name: 'Réessayer' }));
    expect(await within(outbox).findByText('Aucune modification en attente.')).toBeInTheDocument();
    expect(server.row('project', projectId(1))).toMatchObject({ name: 'Hors ligne' });
    expect(engine.getSnapshot().projects[0]?.name).toBe('Hors ligne');
  });

  it('clears resolved conflicts, and purges all of them after the confirmation', async () => {
    const user = userEvent.setup();
    const server = serveWork({ projects: [makeProject()] });
    const { engine } = await renderWithEngine(<SyncPage />, '/sync');
    server.conflictOn(() => true, ['name']);
    await rename(engine, 'Première');
    const conflicts = screen.getByRole('region', { name: 'Conflits' });
    await within(conflicts).findByText('Projet « Première »');
    await user.click(within(conflicts).getByRole('button', { name: 'Marquer résolu' }));
    expect(await within(conflicts).findByText('Résolu')).toBeInTheDocument();
    await user.click(within(conflicts).getByRole('button', { name: 'Effacer les résolus' }));
    expect(await within(conflicts).findByText('Aucun conflit.')).toBeInTheDocument();

    server.conflictOn(() => true, ['name']);
    await rename(engine, 'Seconde');
    await within(conflicts).findByText('Projet « Seconde »');
    await user.click(within(conflicts).getByRole('button', { name: 'Tout purger' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Tout purger' });
    expect(dialog).toHaveTextContent(
      'Supprimer tous les conflits, résolus ou non ? Les modifications en conflit seront perdues.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(within(conflicts).getByText('Projet « Seconde »')).toBeInTheDocument();
    await user.click(within(conflicts).getByRole('button', { name: 'Tout purger' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Tout purger' }));
    expect(await within(conflicts).findByText('Aucun conflit.')).toBeInTheDocument();
  });
});

describe('storage notice', () => {
  const renderNotice = (storageUnavailable: 'refused' | null) =>
    render(
      <WorkProvider
        userId={TEST_USER_ID}
        open={(userId) =>
          SyncEngine.inMemory({ userId, sendBatch, fetchPage: fetchPullPage, storageUnavailable })
        }
      >
        <StorageNotice />
      </WorkProvider>,
    );

  it('tells once that IndexedDB was refused, until dismissed', async () => {
    serveWork();
    renderNotice('refused');
    const notice = await screen.findByText(
      'Le stockage hors ligne est indisponible dans ce navigateur : Jalon fonctionne en ligne, sans copie locale.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Compris' }));
    expect(notice).not.toBeInTheDocument();
  });

  it('says nothing when the device keeps its copy', async () => {
    serveWork();
    renderNotice(null);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText(/Le stockage hors ligne est indisponible/)).not.toBeInTheDocument();
  });
});
