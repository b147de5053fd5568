import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, pathOf } from '../../../test/http.ts';
import { PHONE_QUERY } from '../../../lib/use-media-query.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { projectId } from '../../../test/work-fixtures.ts';
import { TaskFiltersBar } from './task-filters-bar.tsx';

const projects = [{ id: projectId(1), name: 'Site vitrine' }];

/** The screen's width: a phone matches the app's PHONE_QUERY, a tablet or a desk does not. */
function screenWidth(phone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: phone && query === PHONE_QUERY,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

const renderBar = (entry = '/tasks') => renderRoute(<TaskFiltersBar projects={projects} />, '/tasks', entry);

beforeEach(() => {
  mockFetch((call) => (pathOf(call) === '/members' ? json([]) : json(null, { status: 404 })));
});

describe('the task filters on a phone', () => {
  beforeEach(() => screenWidth(true));

  it("are folded behind 'Filtres', which opens and closes them", async () => {
    const user = userEvent.setup();
    renderBar();
    const toggle = screen.getByRole('button', { name: 'Filtres' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!);
    expect(panel).toHaveAttribute('role', 'search');
    expect(screen.queryByRole('search', { name: 'Filtres' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Statut')).not.toBeVisible();
    expect(toggle.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('search', { name: 'Filtres' })).toBe(panel);
    expect(screen.getByLabelText('Statut')).toBeVisible();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByLabelText('Statut')).not.toBeVisible();
  });

  it('count the filters that apply in the button’s name, from the address and as they are set', async () => {
    const user = userEvent.setup();
    const { router } = renderBar(`/tasks?view=kanban&status=todo&project=${projectId(1)}`);
    const toggle = screen.getByRole('button', { name: 'Filtres (2)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    await user.selectOptions(screen.getByLabelText('Priorité'), 'Haute');
    expect(toggle).toHaveAccessibleName('Filtres (3)');
    expect(router.state.location.search).toContain('priority=high');
    await user.click(screen.getByRole('button', { name: 'Mes tâches' }));
    expect(toggle).toHaveAccessibleName('Filtres (4)');

    await user.click(screen.getByRole('button', { name: 'Réinitialiser les filtres' }));
    expect(toggle).toHaveAccessibleName('Filtres');
    expect(router.state.location.search).toBe('?view=kanban');
  });
});

describe('the task filters on a tablet or a desk', () => {
  beforeEach(() => screenWidth(false));

  it('are open, with no button to fold them', () => {
    renderBar('/tasks?status=todo');
    expect(screen.queryByRole('button', { name: /^Filtres/ })).not.toBeInTheDocument();
    expect(screen.getByRole('search', { name: 'Filtres' })).toBeVisible();
    expect(screen.getByLabelText('Statut')).toHaveValue('todo');
  });
});
