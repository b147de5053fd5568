import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { updateSession } from '../../lib/session-store.ts';
import { makeMe, makeUser } from '../../test/fixtures.ts';
import { json, pathOf } from '../../test/http.ts';
import { PHONE_QUERY } from '../../lib/use-media-query.ts';
import { iconGlyphTexts } from '../../test/icon-glyphs.ts';
import { renderApp } from '../../test/render-app.tsx';
import { serveWork } from '../../test/work-server.ts';

/** A 360 px wide phone: only the shell's phone query matches. */
function onAPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === PHONE_QUERY,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

/** The bar around 'Menu' (testing-library counts the screen's own <header> as a banner too). */
function topBar(menu: HTMLElement): HTMLElement {
  const bar = menu.closest('header');
  if (!bar) throw new Error("'Menu' is not in the top bar");
  return bar;
}

function signedInApp(path = '/dashboard') {
  updateSession({
    token: 'tok-1',
    sessionId: 'sess-1',
    sessionExpiry: '2999-01-01T00:00:00.000Z',
    user: makeUser(),
  });
  serveWork({ handler: (call) => (pathOf(call) === '/auth/me' ? json(makeMe()) : undefined) });
  return renderApp(path);
}

describe('the shell on a phone', () => {
  beforeEach(onAPhone);

  it('shows a top bar with the product, the screen and the connection, and no navigation until Menu', async () => {
    signedInApp('/tasks');
    const bar = topBar(await screen.findByRole('button', { name: 'Menu' }));
    expect(bar).toHaveTextContent('Jalon');
    expect(bar).toHaveTextContent('Tâches');
    expect(within(bar).getByRole('status', { name: 'État de la connexion' })).toHaveTextContent('En ligne');
    expect(screen.queryByRole('navigation', { name: 'Navigation principale' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Se déconnecter' })).not.toBeInTheDocument();
  });

  it('shows icons as SVG, never as an emoji or a symbol glyph, in the bar and the open menu', async () => {
    signedInApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Bonjour, alice' });
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    expect(
      screen.getByRole('dialog', { name: 'Menu' }).querySelectorAll('svg[aria-hidden="true"]').length,
    ).toBeGreaterThan(5);
    expect(iconGlyphTexts(document.body)).toEqual([]);
  });

  it('opens the menu as a modal dialog: focus inside and kept there, Esc closes it and focus returns to Menu', async () => {
    signedInApp('/dashboard');
    const menu = await screen.findByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(menu);
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    expect(drawer).toHaveAttribute('aria-modal', 'true');
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(within(drawer).getByRole('button', { name: 'Fermer le menu' })).toHaveFocus();
    expect(document.getElementById('main')).toHaveAttribute('inert');
    for (const name of ['Navigation principale'])
      expect(within(drawer).getByRole('navigation', { name })).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Mode sombre' })).toBeInTheDocument();
    const signOut = within(drawer).getByRole('button', { name: 'Se déconnecter' });

    // Tab from the last control goes back to the first: focus stays in the drawer.
    signOut.focus();
    await userEvent.tab();
    expect(within(drawer).getByRole('button', { name: 'Fermer le menu' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(signOut).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    expect(menu).toHaveFocus();
    expect(document.getElementById('main')).not.toHaveAttribute('inert');
  });

  it('closes with its close button, and following a link closes it on the new screen', async () => {
    signedInApp('/dashboard');
    const menu = await screen.findByRole('button', { name: 'Menu' });
    await userEvent.click(menu);
    await userEvent.click(screen.getByRole('button', { name: 'Fermer le menu' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(menu).toHaveFocus();

    await userEvent.click(menu);
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('link', { name: 'Sécurité' }),
    );
    await waitFor(() => expect(topBar(menu)).toHaveTextContent('Sécurité'));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it("opens the menu with the 'm' shortcut", async () => {
    signedInApp('/dashboard');
    await screen.findByRole('button', { name: 'Menu' });
    await userEvent.keyboard('m');
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeInTheDocument();
  });
});
