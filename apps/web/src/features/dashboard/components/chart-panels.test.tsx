import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeDashboard } from '../../../test/dashboard-test-kit.ts';
import { ChartPanels } from './chart-panels.tsx';

// The canvas charts are replaced by stand-ins that show the data they were given.
vi.mock('react-chartjs-2', () => {
  const stub =
    (name: string) =>
    ({ data }: { data: { labels: string[]; datasets: { data: number[] }[] } }): ReactNode => (
      <pre data-testid={name}>{JSON.stringify(data.datasets[0]?.data)}</pre>
    );
  return { Doughnut: stub('doughnut'), Bar: stub('bar') };
});

/** A browser's IntersectionObserver, driven by the test: `scrollNear()` brings every observed box in. */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly targets = new Set<Element>();
  readonly options: IntersectionObserverInit | undefined;
  constructor(
    private readonly callback: IntersectionObserverCallback,
    options?: IntersectionObserverInit,
  ) {
    this.options = options;
    FakeIntersectionObserver.instances.push(this);
  }
  observe(target: Element) {
    this.targets.add(target);
  }
  disconnect() {
    this.targets.clear();
  }
  scrollNear() {
    const entries = [...this.targets].map(
      (target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry,
    );
    if (entries.length > 0) this.callback(entries, this as unknown as IntersectionObserver);
  }
}

describe('the dashboard charts below the first screen', () => {
  beforeEach(() => {
    FakeIntersectionObserver.instances = [];
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('loads no chart until its panel nears the screen, then draws it; the numbers are in the table all along', async () => {
    render(<ChartPanels dashboard={makeDashboard()} />);
    expect(screen.getByRole('table', { name: 'Tâches par priorité' })).toBeInTheDocument();
    expect(screen.queryByTestId('doughnut')).not.toBeInTheDocument();
    expect(screen.queryByTestId('bar')).not.toBeInTheDocument();
    expect(FakeIntersectionObserver.instances.map((observer) => observer.options?.rootMargin)).toEqual([
      '200px',
      '200px',
    ]);

    act(() => FakeIntersectionObserver.instances.forEach((observer) => observer.scrollNear()));
    expect(await screen.findByTestId('doughnut')).toHaveTextContent('[3,2,1,1]');
    expect(await screen.findByTestId('bar')).toHaveTextContent('[9,20,12]');
  });

  it('keeps a chart drawn once it has been near the screen (no observer left watching)', async () => {
    render(<ChartPanels dashboard={makeDashboard()} />);
    act(() => FakeIntersectionObserver.instances.forEach((observer) => observer.scrollNear()));
    await screen.findByTestId('bar');
    expect(FakeIntersectionObserver.instances.every((observer) => observer.targets.size === 0)).toBe(true);
  });
});
