import { DEFAULT_PREFERENCES, THEME_KEYS } from '@jalon/contract/plain';
import type { Preferences, ThemeKey } from '@jalon/contract';
import { useSyncExternalStore } from 'react';
import { getSession } from '../../lib/session-store.ts';
import { readStored, writeStored } from '../../lib/storage.ts';
import { matchesMedia, REDUCED_MOTION_QUERY } from '../../lib/use-media-query.ts';
import { savePreferences } from './api/save-preferences.ts';
import { getColorScheme, setColorScheme, subscribeColorScheme } from './theme-store.ts';

// Preferences live in three places: this tab (the store), this browser (`jalon:preferences`, plus
// `jalon:theme` for the colour scheme, kept by theme-store) and the server (PUT /api/preferences), so
// they follow the person to another device. A change not yet accepted by the server waits in
// `jalon:preferences-pending` and wins over the server's copy until it is sent.

const STORAGE_NAME = 'preferences';
const PENDING_NAME = 'preferences-pending';
/** Sliders send many values per second; the server gets the last one. */
export const SAVE_DELAY_MS = 400;

type Stored = Omit<Preferences, 'colorScheme'>;
const listeners = new Set<() => void>();

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const clampPercent = (value: number): number => Math.min(100, Math.max(0, Math.round(value)));

/** Keeps the valid fields of an untrusted object (local storage, a caller), clamping percentages. */
function sanitize(input: unknown): Partial<Preferences> {
  if (!isRecord(input)) return {};
  const clean: Partial<Preferences> = {};
  if (THEME_KEYS.includes(input.theme as ThemeKey)) clean.theme = input.theme as ThemeKey;
  if (input.colorScheme === 'light' || input.colorScheme === 'dark') clean.colorScheme = input.colorScheme;
  if (input.focusMode === 'off' || input.focusMode === 'mono') clean.focusMode = input.focusMode;
  if (typeof input.uiSounds === 'boolean') clean.uiSounds = input.uiSounds;
  if (typeof input.advancedAudio === 'boolean') clean.advancedAudio = input.advancedAudio;
  if (typeof input.singleKeyShortcuts === 'boolean') clean.singleKeyShortcuts = input.singleKeyShortcuts;
  for (const key of ['animationIntensity', 'ambientVolume'] as const) {
    const value = input[key];
    if (typeof value === 'number' && Number.isFinite(value)) clean[key] = clampPercent(value);
  }
  return clean;
}

function readJson(name: string): unknown {
  const raw = readStored(name);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

function readLocal(): Preferences {
  const { colorScheme: _ignored, ...stored } = sanitize(readJson(STORAGE_NAME));
  return { ...DEFAULT_PREFERENCES, ...stored, colorScheme: getColorScheme() };
}

const readPending = (): Partial<Preferences> => sanitize(readJson(PENDING_NAME));

function writePending(pending: Partial<Preferences>): void {
  writeStored(PENDING_NAME, Object.keys(pending).length === 0 ? null : JSON.stringify(pending));
}

let state: Preferences = readLocal();

/** The theme and the animation intensity as the CSS reads them: <html data-palette> and a custom property. */
export function applyPreferencesToDocument(preferences: Preferences = state): void {
  const root = document.documentElement;
  if (preferences.theme === 'default') delete root.dataset.palette;
  else root.dataset.palette = preferences.theme;
  root.style.setProperty('--motion-intensity', String(preferences.animationIntensity / 100));
}

function commit(next: Preferences): void {
  // No scheme means the person never chose one: keep following the system (or this browser's choice).
  if (next.colorScheme && next.colorScheme !== getColorScheme()) setColorScheme(next.colorScheme);
  const { colorScheme: _scheme, ...stored } = next;
  writeStored(STORAGE_NAME, JSON.stringify(stored satisfies Stored));
  state = { ...next, colorScheme: getColorScheme() };
  applyPreferencesToDocument(state);
  listeners.forEach((listener) => listener());
}

let saveTimer: ReturnType<typeof setTimeout> | null = null;

async function flushPending(): Promise<void> {
  saveTimer = null;
  const sent = readPending();
  // Signed out (the login screen's theme toggle): the change is sent after the next sign-in.
  if (Object.keys(sent).length === 0 || getSession().token === null) return;
  try {
    await savePreferences(sent);
  } catch {
    return; // Kept pending: the next change or the next sign-in sends it again.
  }
  // Whatever changed while the request was out is still pending.
  const pending = readPending();
  for (const key of Object.keys(sent) as (keyof Preferences)[]) {
    if (pending[key] === sent[key]) delete pending[key];
  }
  writePending(pending);
}

function scheduleSave(): void {
  if (saveTimer !== null) clearTimeout(saveTimer);
  saveTimer = setTimeout(() => void flushPending(), SAVE_DELAY_MS);
}

export const getPreferences = (): Preferences => {
  // The colour scheme can also change through theme-store alone; keep one snapshot per value.
  if (state.colorScheme !== getColorScheme()) state = { ...state, colorScheme: getColorScheme() };
  return state;
};

/** A change made by the person: applied at once, remembered here, sent to the server shortly after. */
export function updatePreferences(update: Partial<Preferences>): void {
  const patch = sanitize(update);
  // UI sounds are not enabled when the system asks for reduced motion.
  if (patch.uiSounds === true && matchesMedia(REDUCED_MOTION_QUERY)) delete patch.uiSounds;
  if (Object.keys(patch).length === 0) return;
  commit({ ...getPreferences(), ...patch });
  writePending({ ...readPending(), ...patch });
  scheduleSave();
}

/** On sign-in and page load: the server's copy wins, except for changes not sent yet. */
export function applyServerPreferences(server: Preferences): void {
  const pending = readPending();
  commit({ ...DEFAULT_PREFERENCES, ...sanitize(server), ...pending });
  if (Object.keys(pending).length > 0) scheduleSave();
}

/** For tests and a new sign-in on a shared browser: read this browser's copy again. */
export function reloadPreferences(): void {
  if (saveTimer !== null) clearTimeout(saveTimer);
  saveTimer = null;
  state = readLocal();
  applyPreferencesToDocument(state);
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const stopScheme = subscribeColorScheme(listener);
  return () => {
    listeners.delete(listener);
    stopScheme();
  };
}

export const usePreferences = (): Preferences =>
  useSyncExternalStore(subscribe, getPreferences, getPreferences);

/** Focus mode 'mono' silences everything; UI sounds also need the system to accept motion. */
export const uiSoundsActive = (preferences: Preferences, reducedMotion: boolean): boolean =>
  preferences.uiSounds && preferences.focusMode === 'off' && !reducedMotion;

export const ambientActive = (preferences: Preferences): boolean =>
  preferences.advancedAudio && preferences.focusMode === 'off';
