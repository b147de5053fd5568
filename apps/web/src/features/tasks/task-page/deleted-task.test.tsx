import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { updateSession } from '../../../lib/session-store.ts';
import { makeUser } from '../../../test/fixtures.ts';
import { json, mockFetch, pathOf, problem } from '../../../test/http.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { makeTask, taskId } from '../../../test/work-fixtures.ts';
import { DeletedTask } from './deleted-task.tsx';

const TASK = makeTask({ id: taskId(1), title: 'Monter le stand' });

function render(canDelete: boolean) {
  updateSession({
    token: 'tok-1',
    sessionId: 'sess-1',
    sessionExpiry: '2999-01-01T00:00:00.000Z',
    user: makeUser({ id: 'user-1', username: 'alice' }),
  });
  renderRoute(
    <DeletedTask
      task={{ ...TASK, permissions: { canDelete } }}
      title={<h1>Tâche introuvable.</h1>}
      actions={null}
    />,
    '/tasks/:id',
    `/tasks/${TASK.id}`,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a task deleted while its page is open', { timeout: 20_000 }, () => {
  it('says so, and restores it through the server for whoever may delete it', async () => {
    const calls = mockFetch((call) => {
      if (pathOf(call) === `/tasks/${TASK.id}/restore`) return json(TASK);
      throw new Error(`unexpected ${pathOf(call)}`);
    });
    render(true);
    expect(screen.getByText('La tâche « Monter le stand » a été supprimée.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Restaurer' }));
    await vi.waitFor(() => expect(calls.map((call) => call.method)).toEqual(['POST']));
    expect(await screen.findByRole('button', { name: 'Restaurer' })).toBeEnabled();
  });

  it('offers nothing to someone who may not delete it', () => {
    render(false);
    expect(screen.queryByRole('button', { name: 'Restaurer' })).toBeNull();
  });

  it('says in French why the server refused', async () => {
    mockFetch(() => problem(403, 'forbidden'));
    render(true);
    await userEvent.click(screen.getByRole('button', { name: 'Restaurer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'La tâche n’a pas pu être restaurée : Action non autorisée.',
    );
  });
});
