import { SERVICE_WORKER, SYNC } from '@jalon/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { updateSession } from '../../lib/session-store.ts';
import type { PageMessage } from './messages.ts';
import { isPageMessage } from './messages.ts';

const user = {
  id: 'u-1',
  email: 'camille@example.test',
  username: 'Camille',
  role: 'member',
  twoFactorEnabled: false,
} as const;

/** navigator.serviceWorker as far as registration goes, with the active worker's inbox. */
function fakeContainer(existing: Array<{ unregister: () => Promise<boolean> }> = []) {
  const received: PageMessage[] = [];
  let activate: () => void = () => undefined;
  const registration = {
    active: { postMessage: (message: PageMessage) => received.push(message) },
    sync: { register: vi.fn(async () => undefined) },
  };
  const ready = new Promise((resolve) => (activate = () => resolve(registration)));
  const container = {
    register: vi.fn(async () => registration),
    ready,
    getRegistrations: vi.fn(async () => existing),
    addEventListener: vi.fn(),
  };
  return {
    container: container as unknown as ServiceWorkerContainer,
    calls: container,
    registration,
    received,
    activate,
  };
}

// The registration module keeps its warm-up per page: a fresh copy per test, and the flag per test.
async function load() {
  vi.resetModules();
  return import('./register.ts');
}
beforeEach(() => {
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
  // The shipped build (test/setup.ts turns the flag off for the screens' tests).
  vi.stubEnv('VITE_OFFLINE_SYNC', 'true');
});
afterEach(() => vi.unstubAllEnvs());

describe('the service worker registration', () => {
  it('is decided by the build flag, a secure context and browser support, all three', async () => {
    const { shouldRegisterServiceWorker } = await load();
    const cases = [
      [{ offlineSync: true, secureContext: true, supported: true }, true],
      [{ offlineSync: false, secureContext: true, supported: true }, false],
      [{ offlineSync: true, secureContext: false, supported: true }, false],
      [{ offlineSync: true, secureContext: true, supported: false }, false],
    ] as const;
    for (const [environment, expected] of cases)
      expect(shouldRegisterServiceWorker(environment)).toBe(expected);
  });

  it('registers /service-worker.js for the whole site, and hands the worker the session and its end', async () => {
    updateSession({ token: 'tok-1', sessionId: 'sess-1', user });
    const { startServiceWorker } = await load();
    const fake = fakeContainer();
    const warmUp = startServiceWorker(fake.container);
    fake.activate();
    await expect(warmUp).resolves.toBe('ready');
    expect(fake.calls.register).toHaveBeenCalledWith(SERVICE_WORKER.path, { scope: '/' });
    await vi.waitFor(() =>
      expect(fake.received).toEqual([
        { type: 'session', session: { userId: 'u-1', token: 'tok-1', sessionId: 'sess-1', apiBase: '/api' } },
      ]),
    );
    // The module's own copy of the session store (resetModules gave it a fresh one).
    const sessions = await import('../../lib/session-store.ts');
    sessions.updateSession({ token: null, sessionId: null, user: null });
    expect(fake.received.at(-1)).toEqual({ type: 'signed-out' });
    expect(fake.received.every(isPageMessage)).toBe(true);
  });

  it('asks for both background-sync tags when the browser goes offline with someone signed in', async () => {
    updateSession({ token: 'tok-1', sessionId: 'sess-1', user });
    const { startServiceWorker } = await load();
    const fake = fakeContainer();
    void startServiceWorker(fake.container);
    fake.activate();
    await vi.waitFor(() => expect(fake.received).toHaveLength(1));
    window.dispatchEvent(new Event('offline'));
    await vi.waitFor(() =>
      expect(fake.registration.sync.register.mock.calls).toEqual([
        [SERVICE_WORKER.tags.outbox],
        [SERVICE_WORKER.tags.data],
      ]),
    );
  });

  it('tells a worker still installing after the warm-up timeout, without waiting any longer', async () => {
    vi.useFakeTimers();
    const { startServiceWorker } = await load();
    const fake = fakeContainer();
    const warmUp = startServiceWorker(fake.container);
    await vi.advanceTimersByTimeAsync(SYNC.offlineWarmUpTimeoutMs - 1);
    let outcome: string | undefined;
    void warmUp.then((value) => (outcome = value));
    await vi.advanceTimersByTimeAsync(0);
    expect(outcome).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBe('timeout');
  });

  it('registers nothing in a build without offline sync, and removes a worker an earlier build left', async () => {
    vi.stubEnv('VITE_OFFLINE_SYNC', 'false');
    const { startServiceWorker } = await load();
    const leftOver = { unregister: vi.fn(async () => true) };
    const fake = fakeContainer([leftOver]);
    await expect(startServiceWorker(fake.container)).resolves.toBe('not-registered');
    expect(fake.calls.register).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(leftOver.unregister).toHaveBeenCalledOnce());
  });

  it('registers nothing outside a secure context', async () => {
    Object.defineProperty(window, 'isSecureContext', { value: false, configurable: true });
    const { startServiceWorker } = await load();
    const fake = fakeContainer();
    await expect(startServiceWorker(fake.container)).resolves.toBe('not-registered');
    expect(fake.calls.register).not.toHaveBeenCalled();
  });
});

describe('the session handed to the worker', () => {
  it('is nobody while only a second-factor token is held', async () => {
    const { sessionMessage } = await load();
    const pending = { token: null, tempToken: 't', user, sessionId: null, sessionExpiry: null };
    expect(sessionMessage(pending, '/api')).toEqual({ type: 'signed-out' });
  });

  it('is checked by the worker before it believes it', () => {
    expect(
      isPageMessage({
        type: 'session',
        session: { userId: 'u', token: '', sessionId: null, apiBase: '/api' },
      }),
    ).toBe(false);
    expect(
      isPageMessage({ type: 'session', session: { userId: 'u', token: 't', sessionId: 5, apiBase: '/api' } }),
    ).toBe(false);
    expect(isPageMessage({ type: 'unknown' })).toBe(false);
    expect(isPageMessage({ type: 'signed-out' })).toBe(true);
  });
});
