import type { LicenseKey } from '@fleet/core';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../api/api-error';
import {
  adminErrorMessage,
  isAdminLoggedOut,
  licenseKeyStatus,
  maxUsesLabel,
  nextSort,
  sortLicenseKeys,
  usesLabel,
} from './license-key-view';

const now = new Date('2026-06-01T00:00:00Z');

function key(overrides: Partial<LicenseKey> & { key: string }): LicenseKey {
  return {
    tier: 'basic',
    uses: 0,
    max_uses: 1,
    created_at: '2026-01-01T00:00:00Z',
    expires_at: '2027-01-01T00:00:00Z',
    revoked_at: null,
    name: null,
    ...overrides,
  };
}

describe('licence key status', () => {
  it('is revoked when revoked, even if also expired', () => {
    expect(
      licenseKeyStatus(
        key({ key: 'A', revoked_at: '2026-02-01T00:00:00Z', expires_at: '2026-03-01T00:00:00Z' }),
        now,
      ),
    ).toBe('revoked');
  });

  it('is expired from the expiry instant on, and active before it', () => {
    expect(licenseKeyStatus(key({ key: 'A', expires_at: '2026-06-01T00:00:00Z' }), now)).toBe(
      'expired',
    );
    expect(licenseKeyStatus(key({ key: 'A', expires_at: '2026-06-01T00:00:01Z' }), now)).toBe(
      'active',
    );
  });
});

describe('licence key uses', () => {
  it('read 999999 maximum uses as Unlimited', () => {
    expect(maxUsesLabel(999_999)).toBe('Unlimited');
    expect(maxUsesLabel(5)).toBe('5');
    expect(usesLabel(key({ key: 'A', uses: 3, max_uses: 999_999 }))).toBe('3 / Unlimited');
    expect(usesLabel(key({ key: 'A', uses: 2, max_uses: 10 }))).toBe('2 / 10');
  });
});

describe('the key table order', () => {
  const keys = [
    key({ key: 'B', tier: 'pro', uses: 2, created_at: '2026-03-01T00:00:00Z', name: 'beta' }),
    key({ key: 'A', tier: 'enterprise', uses: 5, created_at: '2026-01-01T00:00:00Z' }),
    key({
      key: 'C',
      tier: 'basic',
      uses: 1,
      created_at: '2026-02-01T00:00:00Z',
      revoked_at: '2026-04-01T00:00:00Z',
      name: 'Alpha',
    }),
    key({ key: 'D', tier: 'basic', expires_at: '2026-05-01T00:00:00Z', name: 'gamma' }),
  ];
  const order = (column: Parameters<typeof nextSort>[1], direction: 'asc' | 'desc') =>
    sortLicenseKeys(keys, { column, direction }, now).map((entry) => entry.key);

  it('sorts by creation date in either direction', () => {
    expect(order('created_at', 'desc')).toEqual(['B', 'C', 'A', 'D']);
    expect(order('created_at', 'asc')).toEqual(['A', 'D', 'C', 'B']);
  });

  it('sorts tiers by rank, uses by count, status active → expired → revoked', () => {
    expect(order('tier', 'asc')).toEqual(['C', 'D', 'B', 'A']);
    expect(order('uses', 'desc')).toEqual(['A', 'B', 'C', 'D']);
    expect(order('status', 'asc')).toEqual(['A', 'B', 'D', 'C']);
  });

  it('sorts names without regard to case and keeps unnamed keys last both ways', () => {
    expect(order('name', 'asc')).toEqual(['C', 'B', 'D', 'A']);
    expect(order('name', 'desc')).toEqual(['D', 'B', 'C', 'A']);
  });

  it('leaves the input untouched', () => {
    const before = keys.map((entry) => entry.key);
    order('key', 'desc');
    expect(keys.map((entry) => entry.key)).toEqual(before);
  });

  it('flips the direction on the same column and starts a new column ascending', () => {
    expect(nextSort({ column: 'tier', direction: 'asc' }, 'tier')).toEqual({
      column: 'tier',
      direction: 'desc',
    });
    expect(nextSort({ column: 'tier', direction: 'desc' }, 'uses')).toEqual({
      column: 'uses',
      direction: 'asc',
    });
  });
});

describe('admin error messages (spec 1 §8)', () => {
  it('treat a 401 as logged out', () => {
    expect(isAdminLoggedOut(new ApiError(401, ''))).toBe(true);
    expect(isAdminLoggedOut(new ApiError(403, ''))).toBe(false);
    expect(isAdminLoggedOut(new NetworkError('down'))).toBe(false);
  });

  it('say "Authentication failed" for a refused token', () => {
    expect(adminErrorMessage('login', new ApiError(401, '{"error":"Unauthorized"}'))).toBe(
      'Authentication failed',
    );
  });

  it("prefer the server's sentence, else the catalogue's words", () => {
    const withSentence = new ApiError(400, '{"error":"Licence key is already revoked"}');
    expect(adminErrorMessage('revoke', withSentence)).toBe('Licence key is already revoked');
    expect(adminErrorMessage('create', new ApiError(500, ''))).toBe('Failed to create keys');
    expect(adminErrorMessage('revoke', new NetworkError('down'))).toBe('Failed to revoke key');
    expect(adminErrorMessage('upgrade', new ApiError(502, 'bad gateway'))).toBe(
      'Failed to update license key',
    );
  });
});
