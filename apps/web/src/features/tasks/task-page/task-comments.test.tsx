import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Comment, Member } from '@jalon/contract';
import { clearSession, updateSession } from '../../../lib/session-store.ts';
import { json, pathOf } from '../../../test/http.ts';
import { renderWorkRoute, TEST_USER_ID } from '../../../test/render-route.tsx';
import { makeTask, taskId } from '../../../test/work-fixtures.ts';
import { serveWork } from '../../../test/work-server.ts';
import { TaskComments } from './task-comments.tsx';

const OTHER = '00000000-0000-4000-a000-000000000002';
const GONE = '00000000-0000-4000-a000-000000000003';
const MEMBERS: Member[] = [
  { id: TEST_USER_ID, username: 'Moi', role: 'member', active: true },
  { id: OTHER, username: 'Élodie', role: 'member', active: true },
  { id: '00000000-0000-4000-a000-000000000004', username: 'Eric', role: 'member', active: true },
  { id: GONE, username: 'Gaston', role: 'member', active: false },
];
const TASK = taskId(1);
const comment = (overrides: Partial<Comment>): Comment => ({
  id: '00000000-0000-4000-8000-300000000001',
  taskId: TASK,
  body: 'Bonjour',
  mentions: [],
  author: { id: OTHER, username: 'Élodie' },
  createdAt: '2030-01-15T09:00:00.000Z',
  updatedAt: '2030-01-15T09:00:00.000Z',
  version: 0,
  deletedAt: null,
  ...overrides,
});

function serve(comments: Comment[]) {
  return serveWork({
    tasks: [makeTask()],
    comments,
    handler: (call) => (pathOf(call) === '/members?include=deactivated' ? json(MEMBERS) : undefined),
  });
}
const renderThread = () =>
  renderWorkRoute(<TaskComments taskId={TASK} level={2} />, '/tasks/:id', `/tasks/${TASK}`);

beforeEach(() => {
  updateSession({
    token: 'session-token',
    user: {
      id: TEST_USER_ID,
      email: 'moi@example.test',
      username: 'Moi',
      role: 'member',
      twoFactorEnabled: false,
    },
  });
});
afterEach(() => clearSession());

describe('the comment thread', () => {
  it('shows comments oldest first, mentions as names, a deleted one as a tombstone, Markdown rendered', async () => {
    serve([
      comment({ body: `Pour <@${TEST_USER_ID}> et <@${GONE}> : **urgent**` }),
      comment({
        id: '00000000-0000-4000-8000-300000000002',
        body: null,
        deletedAt: '2030-01-15T10:00:00.000Z',
        createdAt: '2030-01-15T09:30:00.000Z',
        version: 1,
      }),
    ]);
    renderThread();
    const list = await screen.findByRole('list');
    const items = within(list).getAllByRole('listitem');
    await waitFor(() => expect(items[0]).toHaveTextContent('Pour @Moi et @Gaston (désactivé) : urgent'));
    expect(await within(items[0]!).findByText('urgent')).toHaveProperty('tagName', 'STRONG');
    expect(items[1]).toHaveTextContent('Commentaire supprimé.');
    // Someone else's comment: no edit, no delete for a member.
    expect(within(items[0]!).queryByRole('button', { name: 'Modifier' })).toBeNull();
  });

  it('mentions a member chosen with the keyboard, shows the comment at once as pending, and sends it once', async () => {
    const server = serve([]);
    renderThread();
    const user = userEvent.setup();
    const field = await screen.findByRole('textbox', { name: 'Nouveau commentaire' });
    await user.type(field, 'Merci @e');
    const list = await screen.findByRole('listbox', { name: 'Membres à mentionner' });
    // Active members only, accents folded: 'Élodie' matches 'e', Gaston (deactivated) is not offered.
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['@Élodie', '@Eric']);
    expect(field).toHaveAttribute('aria-activedescendant', within(list).getAllByRole('option')[0]!.id);
    expect(
      screen.getByText('2 membres proposés, flèches pour choisir, Entrée pour mentionner.'),
    ).toHaveAttribute('role', 'status');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(field).toHaveValue(`Merci <@${OTHER}> `);
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.type(field, 'pour la relecture');
    // The network holds the answer: the comment shows meanwhile, as written offline would.
    const release = server.hold();
    await user.click(screen.getByRole('button', { name: 'Commenter' }));

    const item = await screen.findByText(/Merci @Élodie pour la relecture/);
    expect(item.closest('li')).toHaveTextContent('En attente de synchronisation');
    expect(field).toHaveValue('');
    release();
    await waitFor(() =>
      expect(server.operations().filter((operation) => operation.entity === 'comment')).toEqual([
        expect.objectContaining({
          op: 'upsert',
          data: { taskId: TASK, body: `Merci <@${OTHER}> pour la relecture` },
        }),
      ]),
    );
    // Answered, the comment shows under the server's id, no longer pending.
    await waitFor(() =>
      expect(screen.getByText(/Merci @Élodie pour la relecture/).closest('li')).not.toHaveTextContent(
        'En attente de synchronisation',
      ),
    );
  });

  it('lets the author edit and delete their own comment; Esc closes the @ list without closing anything else', async () => {
    const server = serve([comment({ author: { id: TEST_USER_ID, username: 'Moi' }, body: 'Premier jet' })]);
    renderThread();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Modifier' }));
    const field = screen.getByRole('textbox', { name: 'Modifier le commentaire' });
    await user.type(field, ' @');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    const escape = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    field.dispatchEvent(escape);
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(escape.defaultPrevented).toBe(true);
    await user.clear(field);
    await user.type(field, 'Second jet');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Second jet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Supprimer' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Supprimer le commentaire' });
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Commentaire supprimé.')).toBeInTheDocument();
    expect(screen.queryByText('Second jet')).toBeNull();
    await waitFor(() =>
      expect(
        server
          .operations()
          .filter((operation) => operation.entity === 'comment')
          .map((operation) => operation.op),
      ).toEqual(['patch', 'delete']),
    );
  });

  it('renders a long thread a step at a time, all of it in the end, oldest first', async () => {
    serve(
      Array.from({ length: 45 }, (_, index) =>
        comment({
          id: `00000000-0000-4000-8000-3000000001${String(index).padStart(2, '0')}`,
          body: `Numéro ${index + 1}`,
          createdAt: `2030-01-15T09:${String(index).padStart(2, '0')}:00.000Z`,
        }),
      ),
    );
    renderThread();
    expect(await screen.findByText('Numéro 45')).toBeInTheDocument();
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(45);
    expect(items[0]).toHaveTextContent('Numéro 1');
  });
});
