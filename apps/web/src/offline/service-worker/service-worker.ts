// The service worker served at /service-worker.js (scope /), built by vite-plugin-pwa in injectManifest
// mode (vite.config.ts), which writes the precache list in place of `self.__WB_MANIFEST`. Decision 0016.
// It imports no React and no screen: Workbox's precache and router, the IndexedDB store and the sync core only.
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  matchPrecache,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { BackgroundSyncFailed, isBackgroundSyncTag, runBackgroundSync } from './background-sync.ts';
import { isPageMessage, type WorkerSession } from './messages.ts';

// The few service-worker types used here (the web app compiles against the DOM library, not WebWorker's).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}
interface WorkerScope {
  __WB_MANIFEST: Array<PrecacheEntry | string>;
  addEventListener(type: 'sync', listener: (event: SyncEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  navigator: { locks: LockManager };
}
declare const self: WorkerScope;

// The app shell: index.html and every built JS, CSS, font and image file. A new build's worker installs
// beside the running one and waits (no skipWaiting): a tab keeps the files it was built with, including
// the screens it has not opened yet. Entries of an older build go once the new worker is active.
// `/` is a navigation like any other (below), not the precached index.html: no directory index, no clean URLs.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();
// On the first install, take the page that registered it, so its first reload offline already works.
clientsClaim();

// Navigations go to the network first, so an online visit always gets the newest index.html (served
// `no-cache`); only when the network fails does the precached one answer. Nothing under /api is ever
// handled here, let alone cached: those answers carry a person's data and say `no-store`.
registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await fetch(request);
      } catch (error) {
        const shell = await matchPrecache('/index.html');
        if (shell) return shell;
        throw error;
      }
    },
    { denylist: [/^\/api\//] },
  ),
);

// The signed-in user's session, as a tab handed it over: in memory only, gone when the browser stops
// the worker or a tab signs out (decision 0016).
let session: WorkerSession | null = null;

self.addEventListener('message', (event) => {
  if (!isPageMessage(event.data)) return;
  session = event.data.type === 'session' ? event.data.session : null;
});

self.addEventListener('sync', (event) => {
  if (!isBackgroundSyncTag(event.tag)) return;
  event.waitUntil(
    runBackgroundSync(event.tag, session, { locks: self.navigator.locks }).catch((error: unknown) => {
      // A rejected waitUntil asks the browser to fire the tag again later; anything else is a bug to log.
      if (!(error instanceof BackgroundSyncFailed)) console.error('Background sync failed', error);
      throw error;
    }),
  );
});
