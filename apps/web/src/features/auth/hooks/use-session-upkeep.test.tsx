import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '../../../lib/redirects.ts';
import { getSession, updateSession } from '../../../lib/session-store.ts';
import { NOW } from '../../../test/fixtures.ts';
import { json, mockFetch, pathOf, type RecordedCall } from '../../../test/http.ts';
import { useSessionUpkeep } from './use-session-upkeep.ts';

const MINUTE = 60_000;
const inMinutes = (minutes: number) => new Date(NOW.getTime() + minutes * MINUTE).toISOString();

describe('session upkeep', () => {
  const navigate = vi.fn();
  let valid = true;
  let refreshedUntil = inMinutes(60);
  /** The server's sliding idle window, when set: a refresh answers now + this. */
  let slidingWindowMs: number | null = null;
  let calls: RecordedCall[] = [];

  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
    navigate.mockReset();
    setNavigator(navigate);
    valid = true;
    refreshedUntil = inMinutes(60);
    slidingWindowMs = null;
    calls = mockFetch((call) => {
      // A check reports the expiry as it stands; it does not move it.
      if (pathOf(call) === '/auth/sessions/check') {
        return json({
          valid,
          expiresAt: valid ? getSession().sessionExpiry : null,
          ended: valid ? null : 'expired',
        });
      }
      const expiresAt =
        slidingWindowMs === null ? refreshedUntil : new Date(Date.now() + slidingWindowMs).toISOString();
      return json({ token: 'tok-new', sessionId: 'sess-1', expiresAt });
    });
  });
  afterEach(() => vi.useRealTimers());

  const count = (path: string) => calls.filter((call) => pathOf(call) === path).length;

  it('checks validity every 5 minutes and sends an invalid session to /login', async () => {
    updateSession({ token: 'tok-1', sessionId: 'sess-1', sessionExpiry: inMinutes(30) });
    renderHook(() => useSessionUpkeep(true));
    await act(() => vi.advanceTimersByTimeAsync(5 * MINUTE - 1));
    expect(count('/auth/sessions/check')).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(count('/auth/sessions/check')).toBe(1);
    expect(navigate).not.toHaveBeenCalled();

    valid = false;
    await act(() => vi.advanceTimersByTimeAsync(5 * MINUTE));
    expect(count('/auth/sessions/check')).toBe(2);
    expect(getSession().token).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login?expired=true', { replace: true });
  });

  it('does not refresh at once a session that ends more than 24.8 days from now (setTimeout limit)', async () => {
    updateSession({ token: 'tok-1', sessionId: 'sess-1', sessionExpiry: inMinutes(60 * 24 * 60) });
    renderHook(() => useSessionUpkeep(true));
    await act(() => vi.advanceTimersByTimeAsync(MINUTE));
    expect(count('/auth/sessions/refresh')).toBe(0);
  });

  it('refreshes 5 minutes before expiry and stores the new token and expiry', async () => {
    updateSession({ token: 'tok-1', sessionId: 'sess-1', sessionExpiry: inMinutes(20) });
    renderHook(() => useSessionUpkeep(true));
    await act(() => vi.advanceTimersByTimeAsync(15 * MINUTE - 1));
    expect(count('/auth/sessions/refresh')).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(count('/auth/sessions/refresh')).toBe(1);
    expect(getSession()).toMatchObject({ token: 'tok-new', sessionExpiry: refreshedUntil });
  });

  it('refreshes at once when already within 5 minutes of expiry, and only once when the server cannot extend', async () => {
    refreshedUntil = inMinutes(3);
    updateSession({ token: 'tok-1', sessionId: 'sess-1', sessionExpiry: inMinutes(3) });
    renderHook(() => useSessionUpkeep(true));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(count('/auth/sessions/refresh')).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(2 * MINUTE));
    expect(count('/auth/sessions/refresh')).toBe(1);
  });

  it('with an idle window of 1 minute, refreshes every half minute, not after each answer', async () => {
    // SESSION_IDLE_MINUTES=1: every answer, the refresh's own included, moves the expiry a minute on.
    slidingWindowMs = MINUTE;
    // The last answer came 10 seconds ago.
    updateSession({ token: 'tok-1', sessionId: 'sess-1', sessionExpiry: inMinutes(50 / 60) });
    renderHook(() => useSessionUpkeep(true));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(count('/auth/sessions/refresh')).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(MINUTE / 2 - 1));
    expect(count('/auth/sessions/refresh')).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(count('/auth/sessions/refresh')).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(4 * MINUTE));
    expect(count('/auth/sessions/refresh')).toBe(10);
    expect(Date.parse(getSession().sessionExpiry!)).toBeGreaterThan(Date.now());
  });

  it('reschedules when a response moves the expiry', async () => {
    updateSession({ token: 'tok-1', sessionId: 'sess-1', sessionExpiry: inMinutes(10) });
    renderHook(() => useSessionUpkeep(true));
    act(() => updateSession({ sessionExpiry: inMinutes(30) }));
    await act(() => vi.advanceTimersByTimeAsync(6 * MINUTE));
    expect(count('/auth/sessions/refresh')).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(19 * MINUTE));
    expect(count('/auth/sessions/refresh')).toBe(1);
  });

  it('does nothing without a session', async () => {
    renderHook(() => useSessionUpkeep(false));
    await act(() => vi.advanceTimersByTimeAsync(30 * MINUTE));
    expect(calls).toHaveLength(0);
  });
});
