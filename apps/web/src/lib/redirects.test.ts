import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authRedirect, isAuthRedirectPending, navigateOnce, setNavigator } from './redirects.ts';

describe('redirect debounce', () => {
  const navigate = vi.fn();

  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2030-01-15T10:00:00Z') });
    navigate.mockReset();
    setNavigator(navigate);
  });
  afterEach(() => vi.useRealTimers());

  it('turns a burst of auth redirects into one navigation', () => {
    expect(authRedirect('/login?expired=true')).toBe(true);
    expect(authRedirect('/login?expired=true')).toBe(false);
    expect(authRedirect('/login')).toBe(false);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/login?expired=true', { replace: true });
  });

  it('repeats nothing within 400 ms, even to another target', () => {
    authRedirect('/security');
    vi.advanceTimersByTime(399);
    expect(authRedirect('/login')).toBe(false);
    vi.advanceTimersByTime(1);
    expect(authRedirect('/login')).toBe(true);
    expect(navigate.mock.calls.map(([to]) => to)).toEqual(['/security', '/login']);
  });

  it('holds the same target for the 2 s guard, then allows it again', () => {
    authRedirect('/login');
    vi.advanceTimersByTime(1_999);
    expect(isAuthRedirectPending()).toBe(true);
    expect(authRedirect('/login')).toBe(false);
    vi.advanceTimersByTime(1);
    expect(isAuthRedirectPending()).toBe(false);
    expect(authRedirect('/login')).toBe(true);
    expect(navigate).toHaveBeenCalledTimes(2);
  });

  it('ignores the same navigation requested twice within 300 ms', () => {
    expect(navigateOnce('/dashboard')).toBe(true);
    vi.advanceTimersByTime(299);
    expect(navigateOnce('/dashboard')).toBe(false);
    expect(navigateOnce('/tasks')).toBe(true);
    vi.advanceTimersByTime(300);
    expect(navigateOnce('/dashboard')).toBe(true);
    expect(navigate.mock.calls.map(([to]) => to)).toEqual(['/dashboard', '/tasks', '/dashboard']);
  });
});
