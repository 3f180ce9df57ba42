import { describe, expect, it } from 'vitest';

import { MAX_RETRY_AFTER_MS, retryAfterMs } from './retry-after';

describe('Retry-After', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');

  it('reads seconds, fractions included', () => {
    expect(retryAfterMs('3', now)).toBe(3_000);
    expect(retryAfterMs(' 0.5 ', now)).toBe(500);
    expect(retryAfterMs('0', now)).toBe(0);
  });

  it('reads an HTTP date against the given time, never negative', () => {
    expect(retryAfterMs('Wed, 25 Nov 2026 12:00:07 GMT', now)).toBe(7_000);
    expect(retryAfterMs('Wed, 25 Nov 2026 11:59:00 GMT', now)).toBe(0);
  });

  it('caps what it believes and ignores what it cannot read', () => {
    expect(retryAfterMs('86400', now)).toBe(MAX_RETRY_AFTER_MS);
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs('', now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
  });
});
