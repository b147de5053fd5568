import { DEFAULT_PREFERENCES } from '@jalon/contract/plain';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { updateSession } from '../../lib/session-store.ts';
import { json, mockFetch, pathOf, problem } from '../../test/http.ts';
import {
  applyServerPreferences,
  getPreferences,
  reloadPreferences,
  updatePreferences,
} from './preferences-store.ts';
import { reloadColorScheme } from './theme-store.ts';

const stored = (name: string) => window.localStorage.getItem(`jalon:${name}`);

beforeEach(() => {
  window.localStorage.clear();
  updateSession({ token: 'session-token', sessionId: 'session-1' });
  reloadColorScheme();
  reloadPreferences();
});

afterEach(() => {
  vi.unstubAllGlobals();
  reloadPreferences();
  reloadColorScheme();
});

describe('preferences store', () => {
  it('applies a change at once, keeps it under jalon: keys and PUTs it to the server', async () => {
    const calls = mockFetch((call) => json({ ...DEFAULT_PREFERENCES, ...(call.body as object) }));
    updatePreferences({ theme: 'emerald', colorScheme: 'dark', animationIntensity: 40 });
    expect(document.documentElement.dataset.palette).toBe('emerald');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.documentElement.style.getPropertyValue('--motion-intensity')).toBe('0.4');
    expect(JSON.parse(stored('preferences') ?? '{}')).toMatchObject({
      theme: 'emerald',
      animationIntensity: 40,
    });
    expect(stored('theme')).toBe('dark');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      body: { theme: 'emerald', colorScheme: 'dark', animationIntensity: 40 },
    });
    expect(pathOf(calls[0] ?? { url: '', method: '', headers: new Headers(), body: null })).toBe(
      '/preferences',
    );
    await waitFor(() => expect(stored('preferences-pending')).toBeNull());
  });

  it('sends one request for a burst of slider values, with the last one', async () => {
    const calls = mockFetch(() => json(DEFAULT_PREFERENCES));
    for (const value of [10, 20, 30, 140]) updatePreferences({ ambientVolume: value });
    expect(getPreferences().ambientVolume).toBe(100); // clamped to 0-100
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ ambientVolume: 100 });
  });

  it("applies the server's preferences on sign-in, except changes not sent yet", async () => {
    mockFetch(() => problem(503, 'internal_error'));
    updatePreferences({ focusMode: 'mono' });
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(JSON.parse(stored('preferences-pending') ?? '{}')).toEqual({ focusMode: 'mono' });

    const calls = mockFetch(() => json(DEFAULT_PREFERENCES));
    applyServerPreferences({ ...DEFAULT_PREFERENCES, theme: 'slate', uiSounds: true, ambientVolume: 20 });
    expect(getPreferences()).toMatchObject({
      theme: 'slate',
      uiSounds: true,
      ambientVolume: 20,
      focusMode: 'mono',
    });
    expect(document.documentElement.dataset.palette).toBe('slate');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ focusMode: 'mono' });
  });

  it("keeps following the system's colour scheme when the server's copy has none (never chosen)", () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('dark'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    reloadColorScheme();
    reloadPreferences();
    expect(getPreferences().colorScheme).toBe('dark');
    applyServerPreferences({ ...DEFAULT_PREFERENCES, theme: 'rose' });
    expect(getPreferences().colorScheme).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(stored('theme')).toBeNull();
  });

  it('waits for a session before sending a change made signed out', async () => {
    updateSession({ token: null });
    const calls = mockFetch(() => json(DEFAULT_PREFERENCES));
    updatePreferences({ colorScheme: 'dark' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(calls).toHaveLength(0);
    expect(JSON.parse(stored('preferences-pending') ?? '{}')).toEqual({ colorScheme: 'dark' });
  });

  it('refuses to turn UI sounds on when the system asks for reduced motion', () => {
    mockFetch(() => json(DEFAULT_PREFERENCES));
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)',
      media: query,
    }));
    updatePreferences({ uiSounds: true });
    expect(getPreferences().uiSounds).toBe(false);
  });

  it('reads back what this browser remembered, ignoring invalid values', () => {
    window.localStorage.setItem(
      'jalon:preferences',
      JSON.stringify({ theme: 'rose', animationIntensity: 'vite', uiSounds: 'oui' }),
    );
    reloadPreferences();
    expect(getPreferences()).toMatchObject({ theme: 'rose', animationIntensity: 70, uiSounds: false });
  });
});
