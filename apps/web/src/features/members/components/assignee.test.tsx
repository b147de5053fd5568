import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Router, useSearch } from 'wouter';
import { describe, expect, it } from 'vitest';
import type { Member } from '@jalon/contract';
import { browserLocation } from '../../../lib/navigation.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { updateSession } from '../../../lib/session-store.ts';
import { json, mockFetch, pathOf } from '../../../test/http.ts';
import { startAt } from '../../../test/test-router.ts';
import { AssigneeLabel } from './assignee-label.tsx';
import { AssigneePicker } from './assignee-picker.tsx';
import { MyTasksFilter } from './my-tasks-filter.tsx';

const MEMBERS: Member[] = [
  { id: 'u-anna', username: 'Anna Roux', role: 'member', active: true },
  { id: 'u-bruno', username: 'Bruno Parti', role: 'member', active: false },
  { id: 'u-camille', username: 'Camille Durand', role: 'admin', active: true },
];

function renderWithRouter(element: React.ReactElement, entry = '/tasks') {
  updateSession({ token: 'tok-1', sessionId: 'session-1', sessionExpiry: '2999-01-01T00:00:00.000Z' });
  const calls = mockFetch((call) =>
    pathOf(call) === '/members?include=deactivated' ? json(MEMBERS) : json(null, { status: 404 }),
  );
  function Address() {
    const search = useSearch();
    return <output aria-label="Adresse">{search && `?${search}`}</output>;
  }
  startAt(entry);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={browserLocation.hook}>
        {element}
        <Address />
      </Router>
    </QueryClientProvider>,
  );
  return calls;
}

function Picker({ initial }: { initial: string | null }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <AssigneePicker value={value} onChange={setValue} />
      <p>Valeur : {value ?? 'aucune'}</p>
    </>
  );
}

describe('AssigneePicker', () => {
  it("is labelled 'Assigné à', starts at 'Non assigné' and offers the active members only", async () => {
    const user = userEvent.setup();
    renderWithRouter(<Picker initial={null} />);
    const select = screen.getByLabelText('Assigné à');
    expect(select).toHaveDisplayValue('Non assigné');
    await screen.findByRole('option', { name: 'Anna Roux' });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Non assigné',
      'Anna Roux',
      'Camille Durand',
    ]);
    await user.selectOptions(select, 'Camille Durand');
    expect(screen.getByText('Valeur : u-camille')).toBeInTheDocument();
    await user.selectOptions(select, 'Non assigné');
    expect(screen.getByText('Valeur : aucune')).toBeInTheDocument();
  });

  it('keeps a deactivated current assignee, marked (désactivé)', async () => {
    renderWithRouter(<Picker initial="u-bruno" />);
    await waitFor(() =>
      expect(screen.getByLabelText('Assigné à')).toHaveDisplayValue('Bruno Parti (désactivé)'),
    );
  });
});

describe('AssigneeLabel', () => {
  it('shows initials and name, (désactivé) for someone who left, Non assigné for nobody', () => {
    render(
      <ul>
        <li>
          <AssigneeLabel assigneeId="u-anna" members={MEMBERS} />
        </li>
        <li>
          <AssigneeLabel assigneeId="u-bruno" members={MEMBERS} />
        </li>
        <li>
          <AssigneeLabel assigneeId={null} members={MEMBERS} />
        </li>
      </ul>,
    );
    const items = screen.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('ARAnna Roux');
    expect(items[1]).toHaveTextContent('BPBruno Parti (désactivé)');
    expect(items[2]).toHaveTextContent('Non assigné');
    // The initials are decoration: a screen reader reads the name once.
    expect(items[0]!.querySelector('[aria-hidden="true"]')).toHaveTextContent('AR');
  });

  it('waits for the directory before naming anyone', () => {
    const { rerender } = render(<AssigneeLabel assigneeId="u-anna" members={undefined} />);
    expect(screen.getByText('…')).toBeInTheDocument();
    rerender(<AssigneeLabel assigneeId="u-anna" members={MEMBERS} />);
    expect(screen.getByText('Anna Roux')).toBeInTheDocument();
  });
});

describe('MyTasksFilter', () => {
  it("toggles 'Mes tâches' in the URL, keeping the other parameters", async () => {
    const user = userEvent.setup();
    renderWithRouter(<MyTasksFilter />, '/tasks?view=list');
    const toggle = screen.getByRole('button', { name: 'Mes tâches' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Adresse')).toHaveTextContent('?view=list&mine=1');
    await user.click(toggle);
    expect(screen.getByLabelText('Adresse')).toHaveTextContent('?view=list');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
  });

  it('reads the filter from the address it is opened with', () => {
    renderWithRouter(<MyTasksFilter />, '/tasks?mine=1');
    expect(screen.getByRole('button', { name: 'Mes tâches' })).toHaveAttribute('aria-pressed', 'true');
  });
});
