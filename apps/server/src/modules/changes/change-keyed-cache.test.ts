import { describe, expect, it } from 'vitest';
import { ChangeKeyedCache } from './change-keyed-cache.ts';

describe('ChangeKeyedCache', () => {
  it('serves an answer only at the counter value it was read at', () => {
    const cache = new ChangeKeyedCache<string>(100);
    cache.set('a', 7, 'page at 7', 10);
    expect(cache.get('a', 7)).toBe('page at 7');
    expect(cache.get('b', 7)).toBeUndefined();
    // A write committed: the counter moved, and the old page must never come back.
    expect(cache.get('a', 8)).toBeUndefined();
    expect(cache.get('a', 7)).toBeUndefined();
    expect(cache.stats()).toEqual({ entries: 0, size: 0, seq: 8 });
  });

  it('drops an answer read in an older snapshot than one already seen', () => {
    const cache = new ChangeKeyedCache<string>(100);
    expect(cache.get('a', 9)).toBeUndefined();
    cache.set('a', 8, 'slow read that started before the write', 10);
    expect(cache.get('a', 9)).toBeUndefined();
  });

  it('keeps within its size, the least recently used going first', () => {
    const cache = new ChangeKeyedCache<string>(100);
    cache.set('a', 1, 'A', 25);
    cache.set('b', 1, 'B', 25);
    cache.set('c', 1, 'C', 25);
    expect(cache.get('a', 1)).toBe('A');
    cache.set('d', 1, 'D', 25);
    cache.set('e', 1, 'E', 25);
    expect(cache.get('b', 1)).toBeUndefined();
    expect(['a', 'c', 'd', 'e'].map((key) => cache.get(key, 1))).toEqual(['A', 'C', 'D', 'E']);
    expect(cache.stats().size).toBe(100);
    // Replacing an entry counts its new size only.
    cache.set('e', 1, 'E2', 5);
    expect(cache.stats().size).toBe(80);
  });

  it('does not keep an answer larger than a quarter of its size', () => {
    const cache = new ChangeKeyedCache<string>(100);
    cache.set('big', 1, 'x', 26);
    expect(cache.get('big', 1)).toBeUndefined();
  });
});
