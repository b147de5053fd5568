import { SERVICE_WORKER, SYNC } from '@jalon/contract/plain';
import { getApiBaseUrl } from '../../lib/api-base-url.ts';
import { getSession, subscribeSession, type SessionSnapshot } from '../../lib/session-store.ts';
import { isOfflineSyncEnabled } from '../build-flag.ts';
import type { BackgroundSyncTag } from './background-sync.ts';
import type { PageMessage } from './messages.ts';

/** What decides whether this page registers the service worker. */
export interface WorkerEnvironment {
  /** The build flag. */
  offlineSync: boolean;
  /** Service workers exist only on HTTPS and on localhost. */
  secureContext: boolean;
  supported: boolean;
}

export const shouldRegisterServiceWorker = ({
  offlineSync,
  secureContext,
  supported,
}: WorkerEnvironment): boolean => offlineSync && secureContext && supported;

/** `ready`: a worker is active, and a reload offline shows the app. `timeout`: still installing after 2.5 s. */
export type WarmUp = 'ready' | 'timeout' | 'not-registered';

/** Waits for an active worker, at most `timeoutMs` (the offline warm-up), and never throws. */
export function warmUp(
  ready: Promise<unknown>,
  timeoutMs: number = SYNC.offlineWarmUpTimeoutMs,
): Promise<WarmUp> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<WarmUp>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)));
  return Promise.race([ready.then((): WarmUp => 'ready'), late]).finally(() => clearTimeout(timer));
}

/** What the worker is told of a session: the signed-in user, or nobody (a pending second factor is nobody). */
export function sessionMessage(session: SessionSnapshot, apiBase: string): PageMessage {
  if (session.token === null || session.user === null) return { type: 'signed-out' };
  return {
    type: 'session',
    session: { userId: session.user.id, token: session.token, sessionId: session.sessionId, apiBase },
  };
}

let warmedUp: Promise<WarmUp> = Promise.resolve('not-registered');

/** The outcome of this page's warm-up (for the engine's "available offline" state, for instance). */
export const offlineWarmUp = (): Promise<WarmUp> => warmedUp;

/**
 * Registers /service-worker.js (scope /) once the page has loaded, so the first paint never waits on it,
 * keeps the worker told of the session (decision 0016), and asks for the background-sync tags when the
 * browser goes offline, so the worker sends and catches up when the connection returns even if every tab
 * has been closed meanwhile. A build without offline sync registers nothing and removes the worker an
 * earlier build left behind (its precache would otherwise keep serving the old app shell).
 */
export function startServiceWorker(
  container: ServiceWorkerContainer | undefined = navigator.serviceWorker,
): Promise<WarmUp> {
  const environment = {
    offlineSync: isOfflineSyncEnabled(),
    secureContext: window.isSecureContext,
    supported: container !== undefined,
  };
  if (!shouldRegisterServiceWorker(environment)) {
    if (container && !environment.offlineSync)
      void container
        .getRegistrations()
        .then((registrations) => registrations.forEach((registration) => void registration.unregister()));
    return warmedUp;
  }
  const registered = container!.register(SERVICE_WORKER.path, { scope: '/' });
  warmedUp = registered.then(
    () => warmUp(container!.ready),
    (error: unknown) => {
      console.warn('The service worker could not be registered', error);
      return 'not-registered' as const;
    },
  );
  void registered.then(
    async (registration) => {
      await container!.ready;
      // `registration.active` is live: after an update it is the new worker.
      const tell = () => registration.active?.postMessage(sessionMessage(getSession(), getApiBaseUrl()));
      tell();
      subscribeSession(tell);
      // A worker that takes over later (an update) starts with no session: tell it too.
      container!.addEventListener('controllerchange', tell);
      window.addEventListener('offline', () => {
        if (getSession().token === null) return;
        void requestBackgroundSync(SERVICE_WORKER.tags.outbox, registration);
        void requestBackgroundSync(SERVICE_WORKER.tags.data, registration);
      });
    },
    () => undefined,
  );
  return warmedUp;
}

interface SyncManager {
  register(tag: string): Promise<void>;
}

/**
 * Asks the browser to fire `tag` in the worker once the connection is back (Chromium; elsewhere the open
 * tabs' own schedule does the work). The engine may call it after recording an edit offline.
 */
export async function requestBackgroundSync(
  tag: BackgroundSyncTag,
  registration?: ServiceWorkerRegistration,
): Promise<boolean> {
  const target = registration ?? (await navigator.serviceWorker?.getRegistration('/'));
  const sync = (target as { sync?: SyncManager } | undefined)?.sync;
  if (!sync) return false;
  return sync.register(tag).then(
    () => true,
    () => false,
  );
}
