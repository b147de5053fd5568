import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWorkRoute } from '../../../test/render-route.tsx';
import { makeProject, makeTask, taskId } from '../../../test/work-fixtures.ts';
import { serveWork } from '../../../test/work-server.ts';
import type * as Labels from '../../labels/index.ts';
import { TasksPage } from './tasks-page.tsx';

// Every row and card draws its labels' chips once per render of its own: counting the chips' renders by
// task counts the renders of its row or card (each task below carries a label of its own).
const renders = vi.hoisted(() => new Map<string, number>());
vi.mock('../../labels/index.ts', async (original) => {
  const actual = await original<typeof Labels>();
  return {
    ...actual,
    LabelChips: (props: Parameters<typeof actual.LabelChips>[0]) => {
      const key = props.labelIds.join();
      renders.set(key, (renders.get(key) ?? 0) + 1);
      return actual.LabelChips(props);
    },
  };
});

const tasks = [
  makeTask({ id: taskId(1), title: 'Maquette accueil', status: 'todo', labels: ['label-1'] }),
  makeTask({ id: taskId(2), title: 'Écrire la FAQ', status: 'done', labels: ['label-2'] }),
  makeTask({ id: taskId(3), title: 'Budget', status: 'todo', labels: ['label-3'] }),
];

beforeEach(() => renders.clear());

describe('a filter change on a big project', () => {
  it.each([
    ['list', 'row'],
    ['kanban', 'article'],
  ] as const)(
    "does not render again the %s's tasks it keeps, and shows the ones it brings back",
    async (view, role) => {
      const user = userEvent.setup();
      serveWork({ projects: [makeProject()], tasks });
      renderWorkRoute(<TasksPage />, '/tasks', `/tasks?view=${view}`);
      await screen.findByRole(role, { name: 'Budget' });
      // The board's other columns come a frame after the first.
      await screen.findByRole(role, { name: 'Écrire la FAQ' });
      const before = new Map(renders);
      const filters = screen.getByRole('search', { name: 'Filtres' });

      await user.selectOptions(within(filters).getByLabelText('Statut'), 'À faire');
      expect(screen.queryByRole(role, { name: 'Écrire la FAQ' })).not.toBeInTheDocument();
      expect(screen.getByText('2 tâches')).toBeInTheDocument();
      await user.selectOptions(within(filters).getByLabelText('Statut'), 'Tous');
      expect(await screen.findByRole(role, { name: 'Écrire la FAQ' })).toBeInTheDocument();

      expect(renders.get('label-1')).toBe(before.get('label-1'));
      expect(renders.get('label-3')).toBe(before.get('label-3'));
      expect(renders.get('label-2')).toBeGreaterThan(before.get('label-2')!);
    },
  );
});
