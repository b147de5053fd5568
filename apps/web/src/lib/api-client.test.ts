import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, pathOf, problem } from '../test/http.ts';
import { makeLoginResult, makeMe, NOW } from '../test/fixtures.ts';
import { apiRequest } from './api-client.ts';
import { contractSchema } from './contract-check/answer-check.ts';
import { ApiError } from './api-error.ts';
import { setNavigator } from './redirects.ts';
import { getSession, updateSession } from './session-store.ts';

const signedIn = () =>
  updateSession({ token: 'tok-123', sessionId: 'sess-1', sessionExpiry: '2030-01-15T10:30:00.000Z' });

describe('API client', () => {
  const navigate = vi.fn();

  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    navigate.mockReset();
    setNavigator(navigate);
  });
  afterEach(() => vi.useRealTimers());

  it.each(['/auth/login', '/auth/verify-2fa', '/auth/register'])(
    'sends no session headers to %s',
    async (path) => {
      signedIn();
      updateSession({ tempToken: 'temp-1' });
      const calls = mockFetch(() => json(makeLoginResult()));
      await apiRequest(path, {
        method: 'POST',
        body: { email: 'a@b.test' },
        schema: contractSchema('loginResultSchema'),
      });
      const [call] = calls;
      expect(call?.headers.get('Authorization')).toBeNull();
      expect(call?.headers.get('X-Session-Id')).toBeNull();
      expect(call?.headers.get('Content-Type')).toBe('application/json');
      expect(call?.body).toEqual({ email: 'a@b.test' });
    },
  );

  it('sends the bearer token and X-Session-Id on other calls, and reads the data envelope', async () => {
    signedIn();
    const calls = mockFetch(() => json(makeMe()));
    const me = await apiRequest('/auth/me', { schema: contractSchema('meSchema') });
    expect(me.user.username).toBe('alice');
    expect(calls[0]?.url).toBe('/api/auth/me');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer tok-123');
    expect(calls[0]?.headers.get('X-Session-Id')).toBe('sess-1');
  });

  it('uses the temporary token as bearer when it is the only credential', async () => {
    updateSession({ tempToken: 'temp-1' });
    const calls = mockFetch(() => json({ enabled: false }));
    await apiRequest('/2fa/status');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer temp-1');
    expect(calls[0]?.headers.get('X-Session-Id')).toBeNull();
  });

  it('sends writes as JSON, with an empty object when there is nothing to send', async () => {
    signedIn();
    const calls = mockFetch(() => json({ loggedOut: true }));
    await apiRequest('/auth/logout', { method: 'POST' });
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]?.body).toEqual({});
  });

  it('keeps the stored expiry current from the response headers and fills a missing session id', async () => {
    updateSession({ token: 'tok-123', sessionExpiry: '2030-01-15T10:30:00.000Z' });
    mockFetch(() =>
      json(
        { ok: true },
        { headers: { 'x-session-expires-at': '2030-01-15T10:45:00.000Z', 'x-session-id': 'sess-9' } },
      ),
    );
    await apiRequest('/projects');
    expect(getSession().sessionExpiry).toBe('2030-01-15T10:45:00.000Z');
    expect(getSession().sessionId).toBe('sess-9');
    expect(window.localStorage.getItem('jalon:sessionExpiry')).toBe('2030-01-15T10:45:00.000Z');
  });

  it('never replaces a known session id from a header', async () => {
    signedIn();
    mockFetch(() => json({ ok: true }, { headers: { 'x-session-id': 'other' } }));
    await apiRequest('/projects');
    expect(getSession().sessionId).toBe('sess-1');
  });

  it("updates the expiry from a payload's session.expiresAt", async () => {
    signedIn();
    mockFetch(() => json(makeMe()));
    updateSession({ sessionExpiry: '2030-01-15T10:05:00.000Z' });
    await apiRequest('/auth/me', { schema: contractSchema('meSchema') });
    expect(getSession().sessionExpiry).toBe('2030-01-15T10:30:00.000Z');
  });

  it('on 401 session_expired clears the session and goes to /login?expired=true', async () => {
    signedIn();
    mockFetch(() => problem(401, 'session_expired', { detail: 'Session expired or invalid' }));
    await expect(apiRequest('/auth/me')).rejects.toMatchObject({ status: 401, code: 'session_expired' });
    expect(getSession()).toMatchObject({ token: null, sessionId: null, sessionExpiry: null, user: null });
    expect(window.localStorage.getItem('jalon:token')).toBeNull();
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/login?expired=true', { replace: true });
  });

  it('redirects once when several calls fail with 401 at the same time', async () => {
    signedIn();
    mockFetch(() => problem(401, 'session_expired'));
    const results = await Promise.allSettled([
      apiRequest('/projects'),
      apiRequest('/tasks'),
      apiRequest('/auth/me'),
    ]);
    expect(results.every((result) => result.status === 'rejected')).toBe(true);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('recognises the expired session by its detail too', async () => {
    signedIn();
    mockFetch(() => problem(401, 'unauthorized', { detail: 'Session expired or invalid' }));
    await expect(apiRequest('/projects')).rejects.toBeInstanceOf(ApiError);
    expect(navigate).toHaveBeenCalledWith('/login?expired=true', { replace: true });
  });

  it('sends any other 401 to /login after clearing the session', async () => {
    signedIn();
    mockFetch(() => problem(401, 'unauthorized'));
    await expect(apiRequest('/projects')).rejects.toBeInstanceOf(ApiError);
    expect(getSession().token).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('leaves a pending second factor alone on a plain 401', async () => {
    updateSession({ tempToken: 'temp-1' });
    mockFetch(() => problem(401, 'unauthorized'));
    await expect(apiRequest('/2fa/setup', { method: 'POST' })).rejects.toBeInstanceOf(ApiError);
    expect(getSession().tempToken).toBe('temp-1');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('sends a 401 carrying requires2FA to /security', async () => {
    signedIn();
    mockFetch(() => problem(401, 'two_factor_required', { requires2FA: true }));
    await expect(apiRequest('/projects')).rejects.toBeInstanceOf(ApiError);
    expect(navigate).toHaveBeenCalledWith('/security', { replace: true });
  });

  it('sends a 403 two_factor_enrolment_required to /security', async () => {
    signedIn();
    mockFetch(() => problem(403, 'two_factor_enrolment_required'));
    await expect(apiRequest('/projects')).rejects.toBeInstanceOf(ApiError);
    expect(getSession().token).toBe('tok-123');
    expect(navigate).toHaveBeenCalledWith('/security', { replace: true });
  });

  it('treats a 401 on login as wrong credentials: no redirect, metadata kept', async () => {
    mockFetch(() => problem(401, 'invalid_credentials', { attemptsRemaining: 3 }));
    const error = await apiRequest('/auth/login', { method: 'POST', body: {} }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ kind: 'http', status: 401, code: 'invalid_credentials' });
    expect((error as ApiError).problem?.attemptsRemaining).toBe(3);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('checks the stored expiry before sending: an expired session is not sent at all', async () => {
    updateSession({ token: 'tok-123', sessionId: 'sess-1', sessionExpiry: '2030-01-15T09:59:59.000Z' });
    const calls = mockFetch(() => json({}));
    await expect(apiRequest('/projects')).rejects.toMatchObject({ kind: 'session_expired' });
    expect(calls).toHaveLength(0);
    expect(getSession().token).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login?expired=true', { replace: true });
  });

  it('reports a network failure as such, with the URL it tried', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(apiRequest('/auth/login', { method: 'POST', body: {} })).rejects.toMatchObject({
      kind: 'network',
    });
  });

  it('refuses a success whose payload breaks the contract', async () => {
    mockFetch(() => json({ token: 'x' }));
    await expect(
      apiRequest('/auth/login', { method: 'POST', body: {}, schema: contractSchema('loginResultSchema') }),
    ).rejects.toMatchObject({ kind: 'invalid_response' });
  });

  it('calls the path under the /api base', async () => {
    signedIn();
    const calls = mockFetch(() => json([]));
    await apiRequest('/tasks?since=5');
    expect(pathOf(calls[0]!)).toBe('/tasks?since=5');
  });

  it('sends extra headers, such as the entity version a write is based on', async () => {
    signedIn();
    const calls = mockFetch(() => json({ id: 't1' }));
    await apiRequest('/tasks/t1', {
      method: 'PATCH',
      body: { status: 'done' },
      headers: { 'x-entity-version': '3' },
    });
    expect(calls[0]?.headers.get('X-Entity-Version')).toBe('3');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer tok-123');
  });

  it('keeps the paging fields beside `data` when asked for the whole answer', async () => {
    mockFetch(
      () =>
        new Response(JSON.stringify({ data: [1, 2], nextAfter: 'n1', hasMore: false }), {
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    expect(await apiRequest('/tasks')).toEqual([1, 2]);
    expect(await apiRequest('/tasks', { envelope: true })).toEqual({
      data: [1, 2],
      nextAfter: 'n1',
      hasMore: false,
    });
  });
});
