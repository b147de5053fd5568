import type { SearchItem } from '@jalon/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserLocation } from '../../../lib/navigation.ts';
import { emptySnapshot } from '../../../offline/work-snapshot.ts';
import { json, mockFetch, pathOf, type RecordedCall } from '../../../test/http.ts';
import { startAt } from '../../../test/test-router.ts';
import { makeTask, projectId, taskId } from '../../../test/work-fixtures.ts';
import { ShellSearch } from './shell-search.tsx';

// The device's copy, for the search offline.
const work = {
  ...emptySnapshot('memory', null),
  ready: true,
  tasks: [makeTask({ id: taskId(9), title: 'Ranger', description: 'Les éléments du stock' })],
  projects: [],
};
vi.mock('../../../offline/work-context.tsx', () => ({ useWork: () => work, useWorkEngine: () => null }));

const item = (overrides: Partial<SearchItem>): SearchItem => ({
  kind: 'task',
  id: taskId(1),
  taskId: taskId(1),
  title: 'Trier les éléments',
  excerpt: '',
  rank: 0.6,
  highlights: { title: [{ start: 10, end: 18 }], excerpt: [] },
  ...overrides,
});

const PAGE = [
  item({}),
  item({
    kind: 'project',
    id: projectId(2),
    taskId: undefined,
    title: 'Déménagement',
    excerpt: 'Les <b>éléments</b> lourds',
    rank: 0.3,
    highlights: { title: [], excerpt: [{ start: 7, end: 15 }] },
  }),
  item({
    id: taskId(2),
    taskId: taskId(2),
    title: 'Revoir',
    rank: 0.2,
    highlights: { title: [], excerpt: [] },
  }),
];

let calls: RecordedCall[];
beforeEach(() => {
  calls = mockFetch(() => json({ items: PAGE, next: null }));
});
afterEach(() => vi.restoreAllMocks());

function renderSearch(compact = false) {
  const router = startAt('/dashboard');
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Router hook={browserLocation.hook}>
        <ShellSearch compact={compact} />
      </Router>
    </QueryClientProvider>,
  );
  return router;
}

const field = () => screen.getByRole('combobox', { name: 'Rechercher' });
const activeOption = () => screen.getByRole('option', { selected: true });

describe("the shell's search", () => {
  it('asks the server once typing pauses, and shows its results grouped by kind, the words marked', async () => {
    renderSearch();
    await userEvent.type(field(), 'élément');
    const tasks = await screen.findByRole('group', { name: 'Tâches' });
    expect(calls.map(pathOf)).toEqual([`/search?q=${encodeURIComponent('élément')}&limit=20`]);
    expect(
      within(tasks)
        .getAllByRole('option')
        .map((option) => option.getAttribute('aria-label')),
    ).toEqual(['Ouvrir la tâche Trier les éléments', 'Ouvrir la tâche Revoir']);
    const projects = screen.getByRole('group', { name: 'Projets' });
    // Stored markup is text: only the ranges are marked.
    expect(within(projects).getByRole('option')).toHaveTextContent('Les <b>éléments</b> lourds');
    expect([...document.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual([
      'éléments',
      'éléments',
    ]);
    expect(field()).toHaveAttribute('aria-expanded', 'true');
  });

  it('moves through the results with the arrows, across groups, and opens one with Enter', async () => {
    const router = renderSearch();
    await userEvent.type(field(), 'élément');
    await screen.findByRole('group', { name: 'Projets' });
    expect(activeOption()).toHaveAccessibleName('Ouvrir la tâche Trier les éléments');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(activeOption()).toHaveAccessibleName('Ouvrir le projet Déménagement');
    expect(field()).toHaveAttribute('aria-activedescendant', activeOption().id);
    await userEvent.keyboard('{ArrowDown}');
    expect(activeOption()).toHaveAccessibleName('Ouvrir la tâche Trier les éléments');
    await userEvent.keyboard('{ArrowUp}{Enter}');
    expect(router.state.location.pathname).toBe(`/projects/${projectId(2)}`);
    expect(field()).toHaveValue('');
  });

  it('opens a task page by pointer, and Esc empties the field', async () => {
    const router = renderSearch();
    await userEvent.type(field(), 'revoir');
    await userEvent.click(await screen.findByRole('option', { name: 'Ouvrir la tâche Revoir' }));
    expect(router.state.location.pathname).toBe(`/tasks/${taskId(2)}`);
    await userEvent.type(field(), 'abc{Escape}');
    expect(field()).toHaveValue('');
  });

  it("groups labels and people, and opens the tasks they filter: a label's, a person's assigned", async () => {
    const label = '00000000-0000-4000-a000-000000000001';
    const person = '00000000-0000-4000-a000-000000000002';
    calls = mockFetch(() =>
      json({
        items: [
          item({ kind: 'label', id: label, taskId: undefined, title: 'Réclamation', rank: 0.5 }),
          item({ kind: 'person', id: person, taskId: undefined, title: 'Hélène Vasseur', rank: 0.4 }),
        ],
        next: null,
      }),
    );
    const router = renderSearch();
    await userEvent.type(field(), 'rec');
    const labels = await screen.findByRole('group', { name: 'Étiquettes' });
    await userEvent.click(
      within(labels).getByRole('option', { name: 'Voir les tâches étiquetées Réclamation' }),
    );
    expect(router.state.location.pathname).toBe('/tasks');
    expect(router.state.location.search).toBe(`?label=${label}`);

    await userEvent.type(field(), 'hel');
    const people = await screen.findByRole('group', { name: 'Personnes' });
    await userEvent.click(
      within(people).getByRole('option', { name: 'Voir les tâches assignées à Hélène Vasseur' }),
    );
    expect(router.state.location.search).toBe(`?assignee=${person}`);
  });

  it("searches the device's copy offline and says so", async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderSearch();
    await userEvent.type(field(), 'elements');
    expect(await screen.findByText('Résultats hors ligne')).toBeInTheDocument();
    const option = await screen.findByRole('option', { name: 'Ouvrir la tâche Ranger' });
    expect(option.querySelector('mark')).toHaveTextContent('éléments');
    expect(calls).toEqual([]);
  });

  it('says when nothing is found', async () => {
    calls = mockFetch(() => json({ items: [], next: null }));
    renderSearch();
    await userEvent.type(field(), 'zzz');
    expect(await screen.findByText('Aucun résultat.')).toBeInTheDocument();
    expect(field()).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens in a dialog from the phone bar', async () => {
    renderSearch(true);
    await userEvent.click(screen.getByRole('button', { name: 'Rechercher' }));
    expect(field()).toHaveFocus();
    await userEvent.keyboard('élément');
    await userEvent.click(await screen.findByRole('option', { name: 'Ouvrir la tâche Trier les éléments' }));
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });
});
