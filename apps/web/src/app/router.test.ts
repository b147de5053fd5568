import { describe, expect, it } from 'vitest';
import { forgetOpeningFragment, openingFragment } from '../lib/opening-fragment.ts';
import { adoptPathIntoHash, createAppLocation } from './router.ts';

describe('hash mode adopts real paths', () => {
  it('moves a mailed reset link into the hash, its token kept in the query', () => {
    expect(adoptPathIntoHash({ pathname: '/reset-password', search: '?token=abc', hash: '' })).toBe(
      '/?token=abc#/reset-password',
    );
  });

  it('keeps ?forceLogin given before the hash', () => {
    expect(adoptPathIntoHash({ pathname: '/', search: '?forceLogin=1', hash: '' })).toBe('/?forceLogin=1#/');
  });

  it('moves a query written inside the hash (an older bookmark) before it', () => {
    expect(adoptPathIntoHash({ pathname: '/', search: '', hash: '#/tasks?view=list' })).toBe(
      '/?view=list#/tasks',
    );
  });

  it('leaves hash URLs and the bare root alone', () => {
    expect(adoptPathIntoHash({ pathname: '/', search: '', hash: '#/tasks' })).toBeNull();
    expect(adoptPathIntoHash({ pathname: '/', search: '?view=list', hash: '#/tasks' })).toBeNull();
    expect(adoptPathIntoHash({ pathname: '/', search: '', hash: '' })).toBeNull();
  });
});

describe('hash mode keeps a fragment that is no route', () => {
  it("keeps the SSO hand-off's one-time code when /login/sso moves into the hash", () => {
    window.history.replaceState(null, '', '/login/sso#code=one-time-code');
    createAppLocation('192.168.1.20');
    expect(`${window.location.pathname}${window.location.hash}`).toBe('/#/login/sso');
    expect(openingFragment()).toBe('#code=one-time-code');
    forgetOpeningFragment();
    expect(openingFragment()).toBe('#/login/sso');
    window.history.replaceState(null, '', '/');
  });
});
