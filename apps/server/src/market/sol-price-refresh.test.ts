import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOL_PRICE_REFRESH_MS, startSolPriceRefresh } from './sol-price-refresh';

describe('the SOL price refresh', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks at once, then once a minute just after the cached price goes stale, until stopped', async () => {
    const refresh = vi.fn(() => Promise.resolve());
    const refreshing = startSolPriceRefresh({ refresh, onError: vi.fn() });
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(SOL_PRICE_REFRESH_MS);
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(refresh).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(SOL_PRICE_REFRESH_MS + 1_000);
    expect(refresh).toHaveBeenCalledTimes(3);
    refreshing.stop();
    await vi.advanceTimersByTimeAsync(10 * SOL_PRICE_REFRESH_MS);
    expect(refresh).toHaveBeenCalledTimes(3);
  });

  it('reports a refresh that throws and keeps refreshing', async () => {
    const onError = vi.fn();
    const refresh = vi.fn(() => Promise.reject(new Error('market closed')));
    const refreshing = startSolPriceRefresh({ refresh, onError });
    await vi.advanceTimersByTimeAsync(SOL_PRICE_REFRESH_MS + 1_000);
    expect(onError).toHaveBeenCalledTimes(2);
    expect(onError.mock.calls[0]?.[0]).toBeInstanceOf(Error);
    refreshing.stop();
  });
});
