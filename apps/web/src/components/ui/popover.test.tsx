import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Popover } from './popover.tsx';

function Example({ labelled = false }: { labelled?: boolean }) {
  return (
    <>
      <p>Ailleurs sur la page</p>
      <Popover
        button={{ className: 'button', children: 'Options' }}
        align="end"
        labelledBy={labelled ? 'options-title' : undefined}
      >
        {(close) => (
          <>
            {labelled && <h2 id="options-title">Réglages</h2>}
            <label>
              <input type="checkbox" /> Compact
            </label>
            <button type="button" onClick={close}>
              Terminé
            </button>
          </>
        )}
      </Popover>
    </>
  );
}

describe('Popover', () => {
  it('discloses its panel from the toggle, which says whether it is open and which panel it controls', async () => {
    const user = userEvent.setup();
    render(<Example />);
    const toggle = screen.getByRole('button', { name: 'Options' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('checkbox', { name: 'Compact' })).not.toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const checkbox = screen.getByRole('checkbox', { name: 'Compact' });
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toContainElement(checkbox);
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('checkbox', { name: 'Compact' })).not.toBeInTheDocument();
  });

  it('stays open for a press inside it and closes for a press outside', async () => {
    const user = userEvent.setup();
    render(<Example />);
    const toggle = screen.getByRole('button', { name: 'Options' });
    await user.click(toggle);
    await user.click(screen.getByRole('checkbox', { name: 'Compact' }));
    expect(screen.getByRole('checkbox', { name: 'Compact' })).toBeChecked();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByText('Ailleurs sur la page'));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on Esc from inside the panel and gives the focus back to its toggle', async () => {
    const user = userEvent.setup();
    render(<Example />);
    const toggle = screen.getByRole('button', { name: 'Options' });
    await user.click(toggle);
    await user.click(screen.getByRole('checkbox', { name: 'Compact' }));
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('lets its content close it', async () => {
    const user = userEvent.setup();
    render(<Example />);
    await user.click(screen.getByRole('button', { name: 'Options' }));
    await user.click(screen.getByRole('button', { name: 'Terminé' }));
    expect(screen.getByRole('button', { name: 'Options' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('is a region named by its heading when it has one', async () => {
    const user = userEvent.setup();
    render(<Example labelled />);
    await user.click(screen.getByRole('button', { name: 'Options' }));
    expect(screen.getByRole('region', { name: 'Réglages' })).toContainElement(
      screen.getByRole('checkbox', { name: 'Compact' }),
    );
  });
});
