import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/http.ts';
import { holdTempToken, makeStatus, renderSecurity, serve, signIn } from '../../../test/security-test-kit.ts';

const disabledStatus = () => json(makeStatus({ enabled: false, backupCodesRemaining: 0 }));

describe('security screen: tabs', () => {
  it("offers the tabs '2FA', 'Sessions' and \"Journal d'audit\" as a tab list, 2FA first", async () => {
    signIn();
    serve({ 'GET /2fa/status': disabledStatus });
    await renderSecurity();
    const tablist = screen.getByRole('tablist', { name: 'Rubriques de sécurité' });
    const tabs = within(tablist).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['2FA', 'Sessions', "Journal d'audit"]);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: '2FA' })).toBeVisible();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Double authentification (2FA)' }),
    ).toBeInTheDocument();
  });

  it('moves between tabs with the arrow keys, Home and End, keeping one tab stop', async () => {
    const user = userEvent.setup();
    signIn();
    serve({
      'GET /2fa/status': disabledStatus,
      'GET /auth/sessions': () => json({ sessions: [], currentSession: 'session-1' }),
      'GET /auth/audit-logs': () => json({ items: [], nextCursor: null }),
    });
    await renderSecurity();
    const tab = (name: string) => screen.getByRole('tab', { name });

    await user.click(tab('2FA'));
    expect(tab('2FA')).toHaveFocus();
    expect(tab('Sessions')).toHaveAttribute('tabindex', '-1');

    await user.keyboard('{ArrowRight}');
    expect(tab('Sessions')).toHaveFocus();
    expect(tab('Sessions')).toHaveAttribute('aria-selected', 'true');
    expect(tab('2FA')).toHaveAttribute('aria-selected', 'false');
    expect(await screen.findByRole('heading', { level: 2, name: 'Sessions actives' })).toBeInTheDocument();
    expect(screen.getByRole('tabpanel', { name: 'Sessions' })).toBeVisible();

    await user.keyboard('{ArrowRight}');
    expect(tab("Journal d'audit")).toHaveFocus();
    expect(await screen.findByRole('heading', { level: 2, name: "Journal d'audit" })).toBeInTheDocument();

    await user.keyboard('{ArrowRight}');
    expect(tab('2FA')).toHaveFocus();
    expect(tab('2FA')).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{ArrowLeft}');
    expect(tab("Journal d'audit")).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(tab('2FA')).toHaveFocus();
    await user.keyboard('{End}');
    expect(tab("Journal d'audit")).toHaveFocus();

    // Tab leaves the tab list for the panel.
    await user.tab();
    expect(screen.getByRole('tabpanel', { name: "Journal d'audit" })).toHaveFocus();
  });

  it('opens a tab with a click', async () => {
    const user = userEvent.setup();
    signIn();
    serve({
      'GET /2fa/status': disabledStatus,
      'GET /auth/sessions': () => json({ sessions: [], currentSession: 'session-1' }),
    });
    await renderSecurity();
    await user.click(screen.getByRole('tab', { name: 'Sessions' }));
    expect(await screen.findByText('Aucune session active.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Double authentification (2FA)' })).not.toBeInTheDocument();
  });

  it('with only a temporary token, keeps to the 2FA tab, says why, and still offers sign-out', async () => {
    const user = userEvent.setup();
    holdTempToken();
    const calls = serve({ 'GET /2fa/status': disabledStatus });
    await renderSecurity();

    expect(screen.getByText(/Accès limité/)).toBeInTheDocument();
    expect(
      screen.getByText(
        'Les onglets Sessions et Journal d’audit seront disponibles une fois la double authentification activée.',
      ),
    ).toBeInTheDocument();
    const sessions = screen.getByRole('tab', { name: 'Sessions' });
    expect(sessions).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('tab', { name: "Journal d'audit" })).toHaveAttribute('aria-disabled', 'true');

    await user.click(sessions);
    expect(sessions).toHaveAttribute('aria-selected', 'false');
    screen.getByRole('tab', { name: '2FA' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: '2FA' })).toHaveAttribute('aria-selected', 'true');

    expect(await screen.findByRole('button', { name: 'Activer la 2FA' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Se déconnecter' })).toBeInTheDocument();
    expect(calls.map((call) => call.url)).not.toContainEqual(expect.stringContaining('/auth/sessions'));
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer temp-token-123456');
  });
});
