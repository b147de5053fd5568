import type { Label } from '@jalon/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, pathOf } from '../../../test/http.ts';
import { renderWorkRoute } from '../../../test/render-route.tsx';
import { makeTask, taskId } from '../../../test/work-fixtures.ts';
import { serveWork } from '../../../test/work-server.ts';
import { TaskDetail } from './task-detail.tsx';

const PARENT = taskId(1);
const CLIENT: Label = {
  id: '00000000-0000-4000-8000-500000000001',
  name: 'Client',
  color: 'blue',
  version: 1,
  deletedAt: null,
};
const URGENT: Label = { ...CLIENT, id: '00000000-0000-4000-8000-500000000002', name: 'Urgent', color: 'red' };

function serve(tasks = [makeTask({ id: PARENT, title: 'Monter le stand' })]) {
  return serveWork({
    tasks,
    labels: [CLIENT, URGENT],
    handler: (call) => (pathOf(call).startsWith('/members') ? json([]) : undefined),
  });
}
const renderPage = () =>
  renderWorkRoute(
    <TaskDetail taskId={PARENT} titleLevel={1} actions={null} onRenamed={() => undefined} />,
    '/tasks/:id',
    `/tasks/${PARENT}`,
  );

describe('a task’s labels on its page', () => {
  it('adds a label chosen with the keyboard, creates one on the fly, and takes one off', async () => {
    const server = serve();
    renderPage();
    const user = userEvent.setup();
    const field = await screen.findByRole('combobox', { name: 'Étiquettes' });
    await user.type(field, 'urg');
    const list = screen.getByRole('listbox', { name: 'Étiquettes proposées' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Urgent', 'Créer l’étiquette « urg »']);
    expect(field).toHaveAttribute('aria-activedescendant', within(list).getAllByRole('option')[0]!.id);
    await user.keyboard('{Enter}');
    const chosen = await screen.findByRole('list', { name: 'Étiquettes choisies' });
    expect(within(chosen).getByText('Urgent')).toBeInTheDocument();
    expect(field).toHaveValue('');

    // A name no label has: the last option makes it, and the task carries it at once.
    await user.type(field, 'Devis');
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(within(chosen).getByText('Devis')).toBeInTheDocument());
    await waitFor(() =>
      expect(server.operations().filter((operation) => operation.entity === 'label')).toEqual([
        expect.objectContaining({ op: 'upsert', data: { name: 'Devis', color: 'green' } }),
      ]),
    );
    const created = server.operations().find((operation) => operation.entity === 'label')!.id;

    await user.click(screen.getByRole('button', { name: 'Retirer l’étiquette « Urgent »' }));
    await waitFor(() => expect(within(chosen).queryByText('Urgent')).toBeNull());
    await waitFor(() =>
      expect(server.row('task', PARENT)).toMatchObject({ labels: [created.replace('tmp-', '')] }),
    );
  });
});

describe('a task’s sub-tasks on its page', () => {
  it('adds three with Enter, ticks them off to 3/3, and moves one up from the keyboard', async () => {
    const server = serve();
    renderPage();
    const user = userEvent.setup();
    const field = await screen.findByRole('textbox', { name: 'Ajouter une sous-tâche' });
    for (const title of ['Réserver', 'Imprimer', 'Livrer']) await user.type(field, `${title}{Enter}`);
    // Enter leaves the field empty and ready for the next.
    expect(field).toHaveValue('');
    expect(field).toHaveFocus();
    const section = screen.getByRole('region', { name: /Sous-tâches/ });
    const boxes = await within(section).findAllByRole('checkbox');
    expect(boxes.map((box) => box.getAttribute('aria-label'))).toEqual([
      '« Réserver » terminée',
      '« Imprimer » terminée',
      '« Livrer » terminée',
    ]);
    for (const box of boxes) await user.click(box);
    expect(
      await within(section).findByRole('img', { name: '3 sous-tâches terminées sur 3' }),
    ).toHaveTextContent('3/3');

    await user.click(within(section).getByRole('button', { name: 'Monter « Livrer »' }));
    await waitFor(() =>
      expect(
        within(section)
          .getAllByRole('checkbox')
          .map((box) => box.getAttribute('aria-label')),
      ).toEqual(['« Réserver » terminée', '« Livrer » terminée', '« Imprimer » terminée']),
    );
    expect(within(section).getByRole('button', { name: 'Monter « Livrer »' })).toHaveFocus();
    await waitFor(() => {
      const creates = server.operations().filter((operation) => operation.op === 'upsert');
      expect(creates.map((operation) => operation.data)).toEqual([
        expect.objectContaining({ title: 'Réserver', parent: PARENT, position: 0 }),
        expect.objectContaining({ title: 'Imprimer', parent: PARENT, position: 1 }),
        expect.objectContaining({ title: 'Livrer', parent: PARENT, position: 2 }),
      ]);
    });
  });

  it('asks before deleting a parent, naming its sub-tasks, in the singular for one', async () => {
    serve([
      makeTask({ id: PARENT, title: 'Monter le stand' }),
      makeTask({ id: taskId(2), title: 'Réserver', parent: PARENT }),
    ]);
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Supprimer la tâche' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Supprimer aussi la sous-tâche ?' });
    expect(dialog).toHaveTextContent('La tâche et sa sous-tâche seront supprimées pour toute l’équipe.');
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
