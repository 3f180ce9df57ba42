import { describe, expect, it } from 'vitest';

import { PacedEndpoint } from './paced-endpoint';

describe('an endpoint’s back-off', () => {
  const state = () => new PacedEndpoint({}, 'rpc.example', 0, () => 0.5);

  it('cools down 1.5–2 s once 429s reach 0.3 of the last 20 samples (spec 3 §9)', () => {
    const endpoint = state();
    const now = 1_000_000;
    for (let i = 0; i < 14; i++) endpoint.succeeded(50, now);
    for (let i = 0; i < 5; i++) endpoint.limited(0, now);
    expect(endpoint.share429()).toBeLessThan(0.3);
    expect(endpoint.waitMs(now)).toBe(0);
    endpoint.limited(0, now);
    expect(endpoint.share429()).toBe(0.3);
    const wait = endpoint.waitMs(now);
    expect(wait).toBeGreaterThanOrEqual(1_500);
    expect(wait).toBeLessThanOrEqual(2_000);
  });

  it('honours Retry-After on a single 429', () => {
    const endpoint = state();
    for (let i = 0; i < 19; i++) endpoint.succeeded(50, 0);
    endpoint.limited(3_000, 0);
    expect(endpoint.waitMs(0)).toBe(3_000);
    expect(endpoint.waitMs(3_000)).toBe(0);
  });

  it('parks after three failures in a row, doubling the park while failures go on', () => {
    const endpoint = state();
    endpoint.failed('HTTP 503', false, 0);
    endpoint.failed('HTTP 503', false, 0);
    expect(endpoint.health(0)).toBe('degraded');
    endpoint.failed('HTTP 503', false, 0);
    expect(endpoint.health(0)).toBe('down');
    expect(endpoint.waitMs(0)).toBe(1_000);
    endpoint.failed('HTTP 503', false, 500); // in flight when parked: no longer park
    expect(endpoint.waitMs(500)).toBe(500);
    endpoint.failed('HTTP 503', false, 1_000); // the probe failed
    expect(endpoint.waitMs(1_000)).toBe(2_000);
    endpoint.succeeded(40, 3_000);
    expect(endpoint.health(3_000)).toBe('degraded');
    expect(endpoint.parked).toBe(false);
  });
});
