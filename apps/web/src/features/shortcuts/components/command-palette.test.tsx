import type { SearchItem } from '@jalon/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { Router } from 'wouter';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browserLocation } from '../../../lib/navigation.ts';
import { emptySnapshot } from '../../../offline/work-snapshot.ts';
import { json, mockFetch } from '../../../test/http.ts';
import { startAt } from '../../../test/test-router.ts';
import { getColorScheme, setColorScheme } from '../../preferences/index.ts';
import { CommandPalette } from './command-palette.tsx';

// The device's copy of the person's work, as the offline engine would give it.
const work = {
  ...emptySnapshot('memory', null),
  ready: true,
  projects: [
    { id: 'p1', name: 'Échéance proche' },
    { id: 'p2', name: 'Refonte du site' },
  ],
  tasks: [{ id: 't1', title: 'Relire le contrat', project: 'p2' }],
};
vi.mock('../../../offline/work-context.tsx', () => ({ useWork: () => work, useWorkEngine: () => null }));

const combobox = () =>
  screen.getByRole('combobox', { name: 'Rechercher une commande, un projet ou une tâche' });
const activeOption = () => screen.getByRole('option', { selected: true });

// What the server's search finds for 'clause': a task by its description, and one the titles list already.
const found = (id: string, title: string): SearchItem => ({
  kind: 'task',
  id,
  taskId: id,
  title,
  excerpt: 'une clause',
  rank: 0.5,
  highlights: { title: [], excerpt: [{ start: 4, end: 10 }] },
});

const withProviders = (ui: ReactNode) => (
  <QueryClientProvider client={new QueryClient()}>
    <Router hook={browserLocation.hook}>{ui}</Router>
  </QueryClientProvider>
);

function renderPalette() {
  const onClose = vi.fn();
  const onSignOut = vi.fn();
  const router = startAt('/dashboard');
  render(withProviders(<CommandPalette open onClose={onClose} onSignOut={onSignOut} />));
  return { router, onClose, onSignOut };
}

beforeEach(() => {
  setColorScheme('light');
  mockFetch((call) =>
    json({
      items: call.url.includes('q=contrat')
        ? [found('t2', 'Signer le bail'), found('t1', 'Relire le contrat')]
        : [],
      next: null,
    }),
  );
});

describe('the command palette', () => {
  it('opens on an empty query with the focus in the field and the first option active', () => {
    renderPalette();
    expect(combobox()).toHaveFocus();
    expect(combobox()).toHaveAttribute('aria-expanded', 'true');
    expect(activeOption()).toHaveTextContent('Tableau de bord');
    expect(combobox()).toHaveAttribute('aria-activedescendant', activeOption().id);
    expect(screen.getByRole('group', { name: 'Aller à' })).toBeInTheDocument();
  });

  it('filters as the person types, keeps the first match active, and opens it with Enter', async () => {
    const { router, onClose } = renderPalette();
    await userEvent.keyboard('ECHEANCE proche');
    expect(screen.getAllByRole('option')).toHaveLength(1);
    expect(activeOption()).toHaveAccessibleName('Ouvrir le projet Échéance proche');
    expect(combobox()).toHaveAttribute('aria-activedescendant', activeOption().id);
    await userEvent.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/projects/p1');
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('moves the active option with the arrows, round from either end', async () => {
    const { router } = renderPalette();
    await userEvent.keyboard('{ArrowDown}');
    expect(activeOption()).toHaveTextContent('Projets');
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(activeOption()).toHaveTextContent('Se déconnecter');
    expect(combobox()).toHaveAttribute('aria-activedescendant', activeOption().id);
    await userEvent.keyboard('{ArrowDown}');
    expect(activeOption()).toHaveTextContent('Tableau de bord');
    // A new query starts again from its first match.
    await userEvent.keyboard('{ArrowDown}{ArrowDown}relire');
    expect(activeOption()).toHaveAccessibleName('Ouvrir la tâche Relire le contrat');
    await userEvent.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/tasks/t1');
  });

  it('lists what the search finds in the texts after the titles, each once', async () => {
    const { router } = renderPalette();
    await userEvent.keyboard('contrat');
    const group = await screen.findByRole('group', { name: 'Trouvé dans les textes' });
    expect(screen.getAllByRole('option', { name: 'Ouvrir la tâche Relire le contrat' })).toHaveLength(1);
    await userEvent.click(within(group).getByRole('option', { name: 'Ouvrir la tâche Signer le bail' }));
    expect(router.state.location.pathname).toBe('/tasks/t2');
  });

  it('says when nothing matches, and Enter then does nothing', async () => {
    const { router, onClose } = renderPalette();
    await userEvent.keyboard('zzz introuvable');
    expect(screen.getByRole('status')).toHaveTextContent('Aucun résultat.');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(combobox()).toHaveAttribute('aria-expanded', 'false');
    expect(combobox()).not.toHaveAttribute('aria-activedescendant');
    await userEvent.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('switches the colour scheme and signs out, by keyboard or by pointer', async () => {
    const { onSignOut } = renderPalette();
    await userEvent.keyboard('mode sombre{Enter}');
    expect(getColorScheme()).toBe('dark');
    await userEvent.clear(combobox());
    await userEvent.click(screen.getByRole('option', { name: 'Se déconnecter' }));
    expect(onSignOut).toHaveBeenCalledOnce();
  });

  it('starts each opening from an empty query and the first option', async () => {
    const router = startAt('/dashboard');
    render(withProviders(<Toggled />));
    await userEvent.click(screen.getByRole('button', { name: 'Ouvrir' }));
    await userEvent.keyboard('activite{Enter}');
    expect(router.state.location.pathname).toBe('/activity');
    await userEvent.click(screen.getByRole('button', { name: 'Ouvrir' }));
    expect(combobox()).toHaveValue('');
    // Closed from outside, as the page's Esc does: the query does not come back either.
    await userEvent.keyboard('zzz');
    await userEvent.click(screen.getByRole('button', { name: 'Fermer', hidden: true }));
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ouvrir' }));
    expect(combobox()).toHaveValue('');
    expect(activeOption()).toHaveTextContent('Tableau de bord');
  });
});

/** The palette opened and closed by the page, as the shell does (Ctrl+K, Esc), or by itself. */
function Toggled() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Ouvrir
      </button>
      <button type="button" onClick={() => setOpen(false)}>
        Fermer
      </button>
      <CommandPalette open={open} onClose={() => setOpen(false)} onSignOut={() => undefined} />
    </>
  );
}
