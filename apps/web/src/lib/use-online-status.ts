import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const getOnline = (): boolean => navigator.onLine;

/** The browser's own view of connectivity; the sync state joins it with the offline issue. */
export const useOnlineStatus = (): boolean => useSyncExternalStore(subscribe, getOnline, () => true);
