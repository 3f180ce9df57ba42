import { describe, expect, it } from 'vitest';
import {
  RECENT_QUANTITIES_KEY,
  parseRecentQuantities,
  readRecentQuantities,
  rememberQuantity,
  writeRecentQuantities,
} from './recent-quantities';

function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => values.delete(key),
    setItem: (key, value) => values.set(key, value),
  };
}

describe('recent quantities', () => {
  it('puts the newest first without repeats and keeps five', () => {
    let recent: number[] = [];
    for (const quantity of [1, 5, 10, 5, 20, 50, 100]) recent = rememberQuantity(recent, quantity);
    expect(recent).toEqual([100, 50, 20, 5, 10]);
  });

  it('drops damaged or out-of-range stored values', () => {
    expect(parseRecentQuantities(null)).toEqual([]);
    expect(parseRecentQuantities('not json')).toEqual([]);
    expect(parseRecentQuantities('{"a":1}')).toEqual([]);
    expect(parseRecentQuantities('[3, 0, 101, 2.5, "4", 3, 7]')).toEqual([3, 7]);
  });

  it('round-trips through storage', () => {
    const storage = memoryStorage();
    writeRecentQuantities(storage, [20, 1]);
    expect(storage.getItem(RECENT_QUANTITIES_KEY)).toBe('[20,1]');
    expect(readRecentQuantities(storage)).toEqual([20, 1]);
    expect(readRecentQuantities(undefined)).toEqual([]);
  });
});
