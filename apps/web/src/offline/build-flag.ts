/**
 * Offline sync is switched by a build flag, so a build can ship without it. `VITE_OFFLINE_SYNC` is on unless the build says
 * `false`: the shipped build keeps an offline copy in IndexedDB and registers the service worker. Off,
 * edits still go through the sync core (one write path), but its store lives in memory and nothing of the
 * person's data stays on the device.
 */
export const isOfflineSyncEnabled = (flag: unknown = import.meta.env.VITE_OFFLINE_SYNC): boolean =>
  flag !== 'false';
