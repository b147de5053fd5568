import { STORAGE_PREFIX } from '@jalon/contract/plain';

// localStorage can be missing or throw (private modes, disabled storage, quota). The app must keep
// working for the current tab in that case, so every access is guarded.

export const storageKey = (name: string): string => `${STORAGE_PREFIX}${name}`;

export function readStored(name: string): string | null {
  try {
    return window.localStorage.getItem(storageKey(name));
  } catch {
    return null;
  }
}

export function writeStored(name: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(storageKey(name));
    else window.localStorage.setItem(storageKey(name), value);
  } catch {
    // Nothing sensible to do: the value simply is not remembered.
  }
}
