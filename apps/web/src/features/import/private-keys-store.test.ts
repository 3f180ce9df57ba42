import { describe, expect, it, vi } from 'vitest';
import { createMemoryStore, INITIAL_PRIVATE_KEYS_STATE } from './private-keys-store';

describe('the Private Keys store', () => {
  it('keeps a paste across subscribers coming and going, until reset', () => {
    const store = createMemoryStore(INITIAL_PRIVATE_KEYS_STATE);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.update((state) => ({ ...state, text: 'pasted keys' }));
    unsubscribe();
    // The tab unmounted (another tab, another page) and comes back: the paste is still there.
    expect(store.get().text).toBe('pasted keys');
    expect(listener).toHaveBeenCalledTimes(1);
    store.reset();
    expect(store.get()).toBe(INITIAL_PRIVATE_KEYS_STATE);
  });

  it('knows only the latest run as latest, and a reset makes none of the earlier ones latest', () => {
    const store = createMemoryStore(INITIAL_PRIVATE_KEYS_STATE);
    const first = store.nextRun();
    const second = store.nextRun();
    expect(store.isLatestRun(first)).toBe(false);
    expect(store.isLatestRun(second)).toBe(true);
    store.reset();
    expect(store.isLatestRun(second)).toBe(false);
  });
});
