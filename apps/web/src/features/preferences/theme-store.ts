import { useSyncExternalStore } from 'react';
import { matchesMedia } from '../../lib/use-media-query.ts';
import { readStored, writeStored } from '../../lib/storage.ts';

export type ColorScheme = 'light' | 'dark';

const STORAGE_NAME = 'theme';
const listeners = new Set<() => void>();

function initialScheme(): ColorScheme {
  const stored = readStored(STORAGE_NAME);
  if (stored === 'light' || stored === 'dark') return stored;
  // No explicit choice yet: follow the system until the user picks one.
  return matchesMedia('(prefers-color-scheme: dark)') ? 'dark' : 'light';
}

let current: ColorScheme = initialScheme();

/** The CSS reads the scheme from <html data-theme>; call once at start-up and on every change. */
export function applyColorScheme(scheme: ColorScheme = current): void {
  document.documentElement.dataset.theme = scheme;
  document.documentElement.style.colorScheme = scheme;
}

export function getColorScheme(): ColorScheme {
  return current;
}

export function setColorScheme(scheme: ColorScheme): void {
  current = scheme;
  writeStored(STORAGE_NAME, scheme);
  applyColorScheme(scheme);
  listeners.forEach((listener) => listener());
}

export function reloadColorScheme(): void {
  current = initialScheme();
  applyColorScheme(current);
  listeners.forEach((listener) => listener());
}

export function subscribeColorScheme(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const useColorScheme = (): ColorScheme =>
  useSyncExternalStore(subscribeColorScheme, getColorScheme, getColorScheme);
