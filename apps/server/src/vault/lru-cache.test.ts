import { describe, expect, it } from 'vitest';
import { createLruCache } from './lru-cache';

describe('the LRU cache', () => {
  it('forgets the least recently used entry once full', () => {
    const cache = createLruCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    expect(cache.size).toBe(2);
  });

  it('refuses a capacity below one', () => {
    expect(() => createLruCache(0)).toThrow(RangeError);
    expect(() => createLruCache(1.5)).toThrow(RangeError);
  });
});
