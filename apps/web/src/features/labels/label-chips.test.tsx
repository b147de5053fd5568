import type { Label } from '@jalon/contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LabelChips } from './label-chips.tsx';

const label = (id: string, name: string, color: Label['color']): Label => ({
  id,
  name,
  color,
  version: 0,
  deletedAt: null,
});

describe('LabelChips', () => {
  const byId = new Map([
    ['l1', label('l1', 'Urgent', 'red')],
    ['l2', label('l2', 'Client', 'blue')],
  ]);

  it('lists a task’s labels by name under “Étiquettes”, leaving out a label the copy no longer has', () => {
    render(<LabelChips labelIds={['l2', 'gone', 'l1']} byId={byId} />);
    const list = screen.getByRole('list', { name: 'Étiquettes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Client', 'Urgent']);
  });

  it('draws nothing for a task without labels', () => {
    const { container } = render(<LabelChips labelIds={[]} byId={byId} />);
    expect(container).toBeEmptyDOMElement();
  });
});
