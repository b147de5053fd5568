import { DEFAULT_PREFERENCES } from '@jalon/contract/plain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { updateSession } from '../../../lib/session-store.ts';
import { json, mockFetch } from '../../../test/http.ts';
import { getPreferences, reloadPreferences } from '../preferences-store.ts';
import { reloadColorScheme } from '../theme-store.ts';
import { PreferencesMenu } from './preferences-menu.tsx';

beforeEach(() => {
  window.localStorage.clear();
  updateSession({ token: 'session-token' });
  reloadPreferences();
});

afterEach(() => {
  reloadPreferences();
  reloadColorScheme();
});

describe('theme and preferences menu', () => {
  it('lists the six themes with their contrast grade and applies the chosen one', async () => {
    const user = userEvent.setup();
    const calls = mockFetch(() => json(DEFAULT_PREFERENCES));
    render(<PreferencesMenu />);
    const toggle = screen.getByRole('button', { name: 'Thème et préférences' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    const themes = screen.getByRole('group', { name: 'Thème' });
    expect(
      within(themes)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual([
      'Bleu ProAA+contraste AA+',
      'ÉmeraudeAAcontraste AA',
      'IndigoAA+contraste AA+',
      'AmbreAAcontraste AA',
      'RoseAA+contraste AA+',
      'ArdoiseAAAcontraste AAA',
    ]);
    expect(within(themes).getByRole('radio', { name: /Bleu Pro/ })).toBeChecked();
    await user.click(within(themes).getByRole('radio', { name: /Indigo/ }));
    expect(document.documentElement.dataset.palette).toBe('indigo');
    await waitFor(() => expect(calls.at(-1)?.body).toEqual({ theme: 'indigo' }));
  });

  it('offers focus mode, sounds, ambient audio and the two sliders with their defaults', async () => {
    const user = userEvent.setup();
    mockFetch(() => json(DEFAULT_PREFERENCES));
    render(<PreferencesMenu />);
    await user.click(screen.getByRole('button', { name: 'Thème et préférences' }));
    expect(screen.getByRole('slider', { name: 'Intensité des animations' })).toHaveValue('70');
    expect(screen.getByRole('slider', { name: 'Intensité des animations' })).toHaveAttribute('min', '10');
    expect(screen.getByRole('slider', { name: 'Volume d’ambiance' })).toHaveValue('70');
    expect(screen.getByRole('slider', { name: 'Volume d’ambiance' })).toHaveAttribute('min', '0');
    await user.click(screen.getByRole('checkbox', { name: 'Mode focus (mono)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Sons d’interface' }));
    await user.click(screen.getByRole('checkbox', { name: 'Audio d’ambiance' }));
    expect(getPreferences()).toMatchObject({ focusMode: 'mono', uiSounds: true, advancedAudio: true });
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Thème et préférences' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Thème et préférences' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });
});
