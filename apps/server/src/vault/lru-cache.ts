/**
 * A bounded map that forgets the least recently used entry first. A Map keeps insertion order, so
 * re-inserting on every read keeps the oldest entry at the front.
 */
export interface LruCache<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): void;
  readonly size: number;
}

export function createLruCache<K, V>(capacity: number): LruCache<K, V> {
  if (!Number.isSafeInteger(capacity) || capacity < 1) {
    throw new RangeError(`An LRU cache needs a capacity of at least 1, not ${capacity}`);
  }
  const entries = new Map<K, V>();
  return {
    get(key) {
      const value = entries.get(key);
      if (value !== undefined) {
        entries.delete(key);
        entries.set(key, value);
      }
      return value;
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, value);
      if (entries.size > capacity) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
    },
    get size() {
      return entries.size;
    },
  };
}
