import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoginBackground } from './login-background.tsx';

function preferReducedMotion(reduce: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: reduce && query.includes('prefers-reduced-motion'),
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
}

const backdrop = (container: HTMLElement) => container.querySelector('.backdrop');

describe('login backgrounds', () => {
  it('cycles neural -> gradient -> particles -> neural and remembers the choice', async () => {
    preferReducedMotion(false);
    const user = userEvent.setup();
    const { container } = render(<LoginBackground />);
    expect(backdrop(container)).toHaveAttribute('data-variant', 'neural');
    expect(backdrop(container)).toHaveAttribute('aria-hidden', 'true');

    const button = screen.getByRole('button', { name: 'Changer le fond animé (actuel : réseau neuronal)' });
    await user.click(button);
    expect(backdrop(container)).toHaveAttribute('data-variant', 'gradient');
    expect(localStorage.getItem('jalon:background')).toBe('gradient');
    await user.click(button);
    expect(backdrop(container)).toHaveAttribute('data-variant', 'particles');
    expect(button).toHaveAccessibleName('Changer le fond animé (actuel : particules)');
    await user.click(button);
    expect(backdrop(container)).toHaveAttribute('data-variant', 'neural');
  });

  it('starts from the remembered variant', () => {
    preferReducedMotion(false);
    localStorage.setItem('jalon:background', 'particles');
    const { container } = render(<LoginBackground />);
    expect(backdrop(container)).toHaveAttribute('data-variant', 'particles');
  });

  it('shows a still gradient and no animation under reduced motion', () => {
    preferReducedMotion(true);
    const { container } = render(<LoginBackground />);
    expect(backdrop(container)).toHaveClass('backdrop--static');
    expect(container.querySelector('.backdrop__canvas')).toBeNull();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
