import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RenderAfterPaint } from './render-after-paint.tsx';

describe('RenderAfterPaint', () => {
  it('renders its children once the commit that mounted it has painted, not in that commit', async () => {
    render(
      <>
        <h1>Refonte du site</h1>
        <RenderAfterPaint>
          <p>Les tâches du projet</p>
        </RenderAfterPaint>
      </>,
    );
    expect(screen.getByRole('heading', { name: 'Refonte du site' })).toBeInTheDocument();
    expect(screen.queryByText('Les tâches du projet')).not.toBeInTheDocument();
    expect(await screen.findByText('Les tâches du projet')).toBeInTheDocument();
  });

  it('renders its children at once when they are needed before that paint', () => {
    render(
      <RenderAfterPaint now>
        <nav aria-label="Navigation principale" />
      </RenderAfterPaint>,
    );
    expect(screen.getByRole('navigation', { name: 'Navigation principale' })).toBeInTheDocument();
  });
});
