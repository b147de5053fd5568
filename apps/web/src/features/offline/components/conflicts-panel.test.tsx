import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConflictsPanel } from './conflicts-panel.tsx';

describe('Conflits panel', () => {
  it('renders nothing without conflicts', () => {
    const { container } = render(<ConflictsPanel count={0} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows its title and count when there are some', () => {
    render(<ConflictsPanel count={2} />);
    expect(screen.getByRole('heading', { name: 'Conflits' })).toBeInTheDocument();
    expect(screen.getByText('2 modifications en conflit à résoudre.')).toBeInTheDocument();
  });
});
