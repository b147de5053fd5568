import { useSyncExternalStore } from 'react';

/** One toast on screen: its text, and a number that tells the same text said again apart. */
export interface Toast {
  text: string;
  id: number;
}

// The shell's one toast: whatever says something in passing (a write's outcome, a new notification)
// puts it here, and the shell's polite live region (WriteToasts) shows it.
let current: Toast | null = null;
let counter = 0;
const listeners = new Set<() => void>();

/** Shows `text` in the shell's toast, in place of the one before. */
export function showToast(text: string): void {
  counter += 1;
  current = { text, id: counter };
  listeners.forEach((listener) => listener());
}

/** Takes the toast `id` away, unless another has replaced it meanwhile. */
export function dismissToast(id: number): void {
  if (current?.id !== id) return;
  current = null;
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const read = (): Toast | null => current;

export const useToast = (): Toast | null => useSyncExternalStore(subscribe, read, read);
