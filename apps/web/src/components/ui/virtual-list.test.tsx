import { render, renderHook, screen } from '@testing-library/react';
import type { Virtualizer } from '@tanstack/react-virtual';
import { describe, expect, it } from 'vitest';
import { useMeasuringWithoutLayout, VirtualList } from './virtual-list.tsx';

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

  it('estimates the rows not yet measured at the first measured height, until the estimate itself changes', () => {
    const { result, rerender } = renderHook(({ estimate }) => useMeasuringWithoutLayout(estimate), {
      initialProps: { estimate: 240 },
    });
    const row = document.createElement('div');
    const instance = {} as Virtualizer<HTMLDivElement, Element>;
    const measured = (height: number) =>
      ({ borderBoxSize: [{ blockSize: height }] }) as unknown as ResizeObserverEntry;
    expect(result.current.estimateSize()).toBe(240);
    expect(result.current.measureElement(row, measured(186.4), instance)).toBe(186);
    expect(result.current.estimateSize()).toBe(186);
    // A taller row later (an editor open in it) does not change what the others are taken for.
    result.current.measureElement(row, measured(400), instance);
    expect(result.current.estimateSize()).toBe(186);
    // From phone rows to desk rows: the new estimate holds until a desk row is measured.
    rerender({ estimate: 39 });
    expect(result.current.estimateSize()).toBe(39);
    result.current.measureElement(row, measured(41), instance);
    expect(result.current.estimateSize()).toBe(41);
  });
});
