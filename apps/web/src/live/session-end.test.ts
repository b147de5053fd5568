import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, pathOf, problem } from '../test/http.ts';
import { makeUser } from '../test/fixtures.ts';
import { apiRequest, onSessionExpired } from '../lib/api-client.ts';
import { setNavigator } from '../lib/redirects.ts';
import { updateSession } from '../lib/session-store.ts';
import { openOfflineStore } from '../offline/indexeddb-store.ts';
import { wipeIfRevoked } from './session-end.ts';

const user = makeUser();
const databases = async () => (await indexedDB.databases()).map((database) => database.name);

/** The person signed in on this device, with their offline copy open as the screens keep it. */
async function signedInWithCopy() {
  updateSession({ token: 'tok-old', sessionId: 'sess-1', user, sessionExpiry: '2030-01-15T10:30:00.000Z' });
  const opened = await openOfflineStore(user.id);
  if (opened.status !== 'ready') throw new Error('no offline store');
  expect(await databases()).toContain(`jalon:${user.id}`);
}

describe('a session that ended on the server, learnt at the first call (a device offline meanwhile)', () => {
  let stopListening: () => void;
  let ending: Promise<void> | null;
  beforeEach(() => {
    setNavigator(vi.fn());
    ending = null;
    stopListening = onSessionExpired((ended) => void (ending = wipeIfRevoked(ended)));
  });
  afterEach(() => stopListening());

  function serverSays(ended: string) {
    return mockFetch((call) =>
      pathOf(call) === '/auth/sessions/check'
        ? json({ valid: false, expiresAt: null, ended })
        : problem(401, 'session_expired', { detail: 'Session expired or invalid' }),
    );
  }

  it.each(['revoked', 'deactivated'])('%s: the person’s copy leaves the device', async (ended) => {
    await signedInWithCopy();
    const calls = serverSays(ended);
    await expect(apiRequest('/tasks')).rejects.toMatchObject({ status: 401 });
    await ending;
    expect(await databases()).not.toContain(`jalon:${user.id}`);
    // The question was asked with the ended session's own token.
    const check = calls.find((call) => pathOf(call) === '/auth/sessions/check');
    expect(check?.headers.get('Authorization')).toBe('Bearer tok-old');
  });

  it.each(['expired', 'signed_out'])(
    '%s: the copy stays for the same person’s next sign-in',
    async (ended) => {
      await signedInWithCopy();
      const calls = serverSays(ended);
      await expect(apiRequest('/tasks')).rejects.toMatchObject({ status: 401 });
      await ending;
      expect(calls.some((call) => pathOf(call) === '/auth/sessions/check')).toBe(true);
      expect(await databases()).toContain(`jalon:${user.id}`);
    },
  );
});
