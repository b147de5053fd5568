import { describe, expect, it } from 'vitest';
import { adoptPathIntoHash } from './router.ts';

describe('hash mode adopts real paths', () => {
  it('moves a mailed reset link into the hash, token included', () => {
    expect(adoptPathIntoHash({ pathname: '/reset-password', search: '?token=abc', hash: '' })).toBe(
      '/#/reset-password?token=abc',
    );
  });

  it('keeps ?forceLogin given before the hash', () => {
    expect(adoptPathIntoHash({ pathname: '/', search: '?forceLogin=1', hash: '' })).toBe('/#/?forceLogin=1');
  });

  it('leaves hash URLs and the bare root alone', () => {
    expect(adoptPathIntoHash({ pathname: '/', search: '', hash: '#/tasks' })).toBeNull();
    expect(adoptPathIntoHash({ pathname: '/', search: '', hash: '' })).toBeNull();
  });
});
