import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fr } from '../../../locales/fr/index.ts';
import { BINDINGS } from '../shortcut-dispatcher.ts';
import { ShortcutsPage } from './shortcuts-page.tsx';

const rowOf = (label: string) => screen.getByRole('row', { name: new RegExp(`${label}$`) });

describe('the shortcuts help page', () => {
  it('lists every binding the dispatcher acts on, once, in its section', () => {
    render(<ShortcutsPage />);
    expect(screen.getAllByRole('row')).toHaveLength(BINDINGS.length + 3);
    for (const { action, group } of BINDINGS) {
      const section = screen.getByRole('region', { name: fr.shortcuts.groups[group] });
      expect(
        within(section).getByRole('row', { name: new RegExp(`${fr.shortcuts.items[action]}$`) }),
      ).toBeVisible();
    }
  });

  it('prints the keys as a French keyboard names them', () => {
    render(<ShortcutsPage />);
    expect(rowOf('Rétablir la modification annulée')).toHaveTextContent('Ctrl+Maj+Z');
    expect(rowOf('Fermer')).toHaveTextContent('Esc');
    expect(rowOf('Ouvrir la palette de commandes')).toHaveTextContent('Ctrl+K');
    expect(rowOf('Aller à l’activité')).toHaveTextContent('g puis a');
  });

  it('filters by action, ignoring accents, and by key', async () => {
    const user = userEvent.setup();
    render(<ShortcutsPage />);
    const search = screen.getByRole('searchbox', { name: 'Rechercher un raccourci' });
    await user.type(search, 'ACTIVITE');
    expect(screen.getAllByRole('row')).toHaveLength(2);
    await user.clear(search);
    await user.type(search, 'Ctrl+S');
    expect(screen.getByRole('row', { name: /Enregistrer le formulaire ouvert$/ })).toBeVisible();
    expect(screen.queryByRole('row', { name: /Annuler ma dernière modification$/ })).toBeNull();
  });
});
