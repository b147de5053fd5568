import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VirtualList } from './virtual-list.tsx';

const tasks = Array.from({ length: 100 }, (_, index) => `Tâche ${index + 1}`);

describe('VirtualList', () => {
  it('mounts only the rows in view as it mounts, and a few more past the edge once it has painted', async () => {
    // jsdom lays nothing out: the list assumes a 640 px scroller until ResizeObserver says otherwise, so
    // with 64 px rows ten fit.
    render(
      <VirtualList
        items={tasks}
        label="Tâches"
        getKey={(task) => task}
        estimateSize={64}
        renderItem={(task) => task}
      />,
    );
    const list = screen.getByRole('list', { name: 'Tâches' });
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByText('Tâche 10')).toHaveAttribute('aria-posinset', '10');
    expect(list.querySelector('[aria-setsize="100"]')).not.toBeNull();

    expect(await screen.findByText('Tâche 13')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(13);
  });
});
